import type { SearchResult, SearchResultKind } from '../api/search';
import type { JobOpening } from '../careers';
import type { SearchPageEntry } from './pages';

/** Characters of an article's body a result shows around the first match. */
export const SNIPPET_LENGTH = 160;
/** How much of the snippet comes before the match, so the reader sees its context. */
const SNIPPET_LEAD = 60;
const ELLIPSIS = '…';

/** An article as the search sees it: its fields and its body as plain text. */
export interface SearchablePost {
  slug: string;
  title: string;
  description: string;
  tags: readonly string[];
  /** The body without Markdown syntax. */
  text: string;
}

/** Everything the site search looks through. */
export interface SearchSources {
  pages: readonly SearchPageEntry[];
  posts: readonly SearchablePost[];
  roles: readonly JobOpening[];
}

/** The words of a query: lower-cased, split on white space, each once, in order. */
export function queryWords(query: string): string[] {
  return [
    ...new Set(
      query
        .toLowerCase()
        .split(/\s+/)
        .filter((word) => word !== ''),
    ),
  ];
}

/** `text` with every character a regular expression treats specially escaped. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A case-insensitive pattern matching any of `words` (longest first, so "budgets" wins over "budget"). */
export function wordsPattern(words: readonly string[], flags = 'i'): RegExp | null {
  if (words.length === 0) return null;
  const alternatives = [...words].sort((a, b) => b.length - a.length).map(escapeRegExp);
  return new RegExp(alternatives.join('|'), flags);
}

/**
 * About SNIPPET_LENGTH characters of `text` around the first place any of `words` occurs, cut at
 * word boundaries and marked with an ellipsis where the text goes on; null when no word occurs.
 */
export function snippetAround(text: string, words: readonly string[], length = SNIPPET_LENGTH): string | null {
  const pattern = wordsPattern(words);
  const found = pattern ? pattern.exec(text) : null;
  if (!found) return null;
  const matchStart = found.index;
  const matchEnd = matchStart + found[0].length;

  let start = Math.max(0, matchStart - SNIPPET_LEAD);
  let end = Math.min(text.length, start + length);
  start = Math.max(0, Math.min(start, end - length));
  // Whole words only: move the edges to the nearest space that keeps the match inside.
  if (start > 0) {
    const space = text.indexOf(' ', start);
    if (space !== -1 && space < matchStart) start = space + 1;
  }
  if (end < text.length) {
    const space = text.lastIndexOf(' ', end);
    if (space >= matchEnd) end = space;
  }
  const body = text.slice(start, end).trim();
  return `${start > 0 ? ELLIPSIS : ''}${body}${end < text.length ? ELLIPSIS : ''}`;
}

interface Candidate {
  result: SearchResult;
  /** Every searchable field, lower-cased and joined. */
  haystack: string;
}

const KIND_ORDER: Record<SearchResultKind, number> = { page: 0, post: 1, role: 2 };

/** Where an article lives. */
export function postPath(slug: string): string {
  return `/blog/${encodeURIComponent(slug)}`;
}

function candidates({ pages, posts, roles }: SearchSources, words: readonly string[]): Candidate[] {
  const join = (fields: readonly string[]) => fields.join('\n').toLowerCase();
  return [
    ...pages.map((page) => ({
      result: { kind: 'page' as const, title: page.title, path: page.path, snippet: page.description },
      haystack: join([page.title, page.description, ...page.keywords]),
    })),
    ...posts.map((post) => ({
      result: {
        kind: 'post' as const,
        title: post.title,
        path: postPath(post.slug),
        snippet: snippetAround(post.text, words) ?? post.description,
      },
      haystack: join([post.title, post.description, ...post.tags, post.text]),
    })),
    ...roles.map((role) => ({
      result: {
        kind: 'role' as const,
        title: role.title,
        path: '/careers',
        snippet: `${role.type} · ${role.location}`,
      },
      haystack: join([role.title, role.type, role.location]),
    })),
  ];
}

/** 0 when the title holds every word, 1 when it holds some, 2 when none. */
function titleRank(title: string, words: readonly string[]): number {
  const lower = title.toLowerCase();
  const inTitle = words.filter((word) => lower.includes(word)).length;
  if (inTitle === words.length) return 0;
  return inTitle > 0 ? 1 : 2;
}

/**
 * The site search: items in which every word of `query` occurs (any case, anywhere in the item's
 * fields). Title matches come first; then pages, articles and roles, each in source order. An
 * empty query finds nothing.
 */
export function searchSite(query: string, sources: SearchSources): SearchResult[] {
  const words = queryWords(query);
  if (words.length === 0) return [];
  return candidates(sources, words)
    .filter(({ haystack }) => words.every((word) => haystack.includes(word)))
    .map((candidate, index) => ({ ...candidate, index, rank: titleRank(candidate.result.title, words) }))
    .sort((a, b) => a.rank - b.rank || KIND_ORDER[a.result.kind] - KIND_ORDER[b.result.kind] || a.index - b.index)
    .map(({ result }) => result);
}
