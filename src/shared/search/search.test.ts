import { JOB_OPENINGS } from '../careers';
import { PUBLIC_PAGES, type SearchPageEntry } from './pages';
import {
  escapeRegExp,
  queryWords,
  type SearchablePost,
  searchSite,
  type SearchSources,
  SNIPPET_LENGTH,
  snippetAround,
} from './search';

const pages: SearchPageEntry[] = [
  { title: 'Pricing', path: '/pricing', description: 'Plans for every budget.', keywords: ['plans', 'billing'] },
  { title: 'Careers', path: '/careers', description: 'Open positions.', keywords: ['jobs', 'internship'] },
  { title: 'Budget tools', path: '/features', description: 'Pacing and alerts.', keywords: ['spend'] },
];

const filler = (words: number) => Array.from({ length: words }, (_, i) => `word${i}`).join(' ');

const posts: SearchablePost[] = [
  {
    slug: 'pacing',
    title: 'Budget pacing across platforms',
    description: 'Spend evenly.',
    tags: ['budget', 'meta'],
    text: `${filler(40)} the daily budget resets at midnight in the account time zone ${filler(40)}`,
  },
  {
    slug: 'creative-tests',
    title: 'Creative tests that teach you something',
    description: 'One variable at a time.',
    tags: ['creative', 'testing'],
    text: 'Change one thing. Keep the budget equal between the two ads.',
  },
];

const sources: SearchSources = { pages, posts, roles: JOB_OPENINGS };
const titles = (query: string, from: SearchSources = sources) => searchSite(query, from).map((result) => result.title);

describe('queryWords', () => {
  it('lower-cases, splits on any white space and drops repeats and blanks', () => {
    expect(queryWords('  Budget \t PACING budget\n')).toEqual(['budget', 'pacing']);
    expect(queryWords('   ')).toEqual([]);
  });
});

describe('searchSite', () => {
  it('finds nothing for an empty query or a word nothing contains', () => {
    expect(searchSite('', sources)).toEqual([]);
    expect(searchSite('  ', sources)).toEqual([]);
    expect(searchSite('zebra', sources)).toEqual([]);
  });

  it('ignores case and looks at page titles, descriptions and keywords', () => {
    expect(titles('PRICING')).toEqual(['Pricing']);
    expect(titles('internship')).toContain('Careers');
    expect(titles('positions')).toEqual(['Careers']);
  });

  it('needs every word somewhere in the same item', () => {
    expect(titles('budget midnight')).toEqual(['Budget pacing across platforms']);
    expect(titles('budget internship')).toEqual([]);
  });

  it('searches article titles, descriptions, tags and body text', () => {
    expect(titles('evenly')).toEqual(['Budget pacing across platforms']);
    expect(titles('testing')).toEqual(['Creative tests that teach you something']);
    expect(titles('midnight')).toEqual(['Budget pacing across platforms']);
  });

  it('searches open roles by title, type and location, linking to the careers page', () => {
    expect(searchSite('freelance india', sources)).toEqual([
      { kind: 'role', title: 'Content & SEO Strategist', path: '/careers', snippet: 'Freelance · India' },
    ]);
    expect(titles('remote').filter((title) => title !== 'Careers')).toEqual(['Frontend Developer', 'UI/UX Designer']);
  });

  it('ranks title matches first, then pages, articles and roles', () => {
    expect(searchSite('budget', sources).map(({ kind, title }) => `${kind}:${title}`)).toEqual([
      'page:Budget tools',
      'post:Budget pacing across platforms',
      'page:Pricing',
      'post:Creative tests that teach you something',
    ]);
    expect(searchSite('internship', sources).map(({ kind, title }) => `${kind}:${title}`)).toEqual([
      'page:Careers',
      'role:UI/UX Designer',
    ]);
  });

  it('gives pages their description, articles the text around the match, roles type and location', () => {
    const [page] = searchSite('billing', sources);
    expect(page).toEqual({ kind: 'page', title: 'Pricing', path: '/pricing', snippet: 'Plans for every budget.' });

    const [post] = searchSite('midnight', sources);
    expect(post.path).toBe('/blog/pacing');
    expect(post.snippet).toContain('resets at midnight');
    expect(post.snippet.startsWith('…')).toBe(true);
    expect(post.snippet.endsWith('…')).toBe(true);
  });

  it("shows an article's description when only its title or tags match", () => {
    const [post] = searchSite('meta', { pages: [], posts, roles: [] });
    expect(post.snippet).toBe('Spend evenly.');
  });

  it('treats regular-expression characters as plain text', () => {
    expect(() => searchSite('(budget [', sources)).not.toThrow();
    expect(titles('c++')).toEqual([]);
  });

  it('finds the real pages and roles by default data', () => {
    const all: SearchSources = { pages: PUBLIC_PAGES, posts: [], roles: JOB_OPENINGS };
    expect(searchSite('tiktok', all).map((result) => result.path)).toEqual(['/integrations']);
    expect(searchSite('designer', all)).toEqual([
      { kind: 'role', title: 'UI/UX Designer', path: '/careers', snippet: 'Internship · Remote' },
    ]);
  });
});

describe('snippetAround', () => {
  const text = `${filler(50)} conversion rate ${filler(50)}`;

  it('keeps about SNIPPET_LENGTH characters of whole words with the match inside', () => {
    const snippet = snippetAround(text, ['conversion'])!;
    const body = snippet.replace(/^…|…$/g, '');
    expect(body).toContain('conversion rate');
    expect(body.length).toBeLessThanOrEqual(SNIPPET_LENGTH);
    expect(body.length).toBeGreaterThan(SNIPPET_LENGTH - 12);
    expect(text).toContain(body);
    expect(body).toMatch(/^word\d+ /);
    expect(body).toMatch(/ word\d+$/);
  });

  it('starts at the beginning without an ellipsis when the match is early', () => {
    expect(snippetAround('Short text about CTR.', ['ctr'])).toBe('Short text about CTR.');
    expect(snippetAround(text, ['word1'])!.startsWith('word0 word1')).toBe(true);
  });

  it('takes the first place any word occurs, ignoring case', () => {
    expect(snippetAround('Alpha beta gamma', ['gamma', 'BETA'.toLowerCase()])).toBe('Alpha beta gamma');
    expect(snippetAround('no match here', ['zebra'])).toBeNull();
    expect(snippetAround('anything', [])).toBeNull();
  });
});

describe('escapeRegExp', () => {
  it('escapes every special character', () => {
    const special = '.*+?^${}()|[]\\';
    expect(new RegExp(escapeRegExp(special)).test(special)).toBe(true);
  });
});
