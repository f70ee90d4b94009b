import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import type { BlogPost, BlogPostSummary } from '@shared/api/blog';
import Fastify, { type FastifyInstance } from 'fastify';

import type { AppContext } from '../../context';
import { escapeHtml } from '../../lib/html';
import { buildTestApp, type TestApp, testConfig } from '../../test/buildTestApp';
import {
  BlogContentError,
  blogLibrary,
  loadBlogLibrary,
  parseArticle,
  readArticle,
  renderMarkdown,
} from './blog.content';
import { blogPostMeta, headTags, injectHead } from './blog.meta';
import { blogPageRoutes } from './blog.routes';

const article = (frontMatter: string, body = 'Some text here.') => `---\n${frontMatter}\n---\n\n${body}\n`;
const VALID = 'title: A title\ndate: 2026-05-04\ndescription: What it is about.\ntags: [one, two]\nauthor: Ann';

describe('blog API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ workers: false });
  });
  afterAll(() => t.close());

  it('lists at least three articles, newest first, without their bodies', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/blog/' });
    expect(res.statusCode).toBe(200);
    const posts = res.json() as BlogPostSummary[];
    expect(posts.length).toBeGreaterThanOrEqual(3);
    for (const post of posts) {
      expect(Object.keys(post).sort()).toEqual([
        'author',
        'date',
        'description',
        'readingMinutes',
        'slug',
        'tags',
        'title',
      ]);
      expect(post.readingMinutes).toBeGreaterThanOrEqual(1);
      expect(post.tags.length).toBeGreaterThan(0);
    }
    const dates = posts.map((post) => post.date);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('serves one article with its rendered HTML', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/blog/reading-ctr-cpc-and-conversion-rate-together/' });
    expect(res.statusCode).toBe(200);
    const post = res.json() as BlogPost;
    expect(post).toMatchObject({
      slug: 'reading-ctr-cpc-and-conversion-rate-together',
      title: 'Reading CTR, CPC and conversion rate together',
      date: '2026-08-18',
      author: 'The Adwise team',
    });
    expect(post.tags).toContain('ctr');
    expect(post.html).toContain('<h2>What each number actually measures</h2>');
    expect(post.html).toContain('<div class="table-scroll" tabindex="0"><table>');
    expect(post.html).toContain('<a href="/blog/creative-tests-that-tell-you-something">');
    expect(post).not.toHaveProperty('text');
  });

  it('answers 404 with a clear detail for an unknown article', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/blog/no-such-article/' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'There is no article at /blog/no-such-article.', code: 'not_found' });
  });
});

describe('the articles in the repository', () => {
  const { posts } = blogLibrary();

  it('are genuine articles: 700 to 1200 words, dated in 2026 up to 2026-11-21', () => {
    expect(posts.length).toBeGreaterThanOrEqual(3);
    for (const post of posts) {
      const words = post.text.split(' ').length;
      expect({ slug: post.slug, long: words >= 700 && words <= 1200 }).toEqual({ slug: post.slug, long: true });
      expect(post.date >= '2026-01-01' && post.date <= '2026-11-21').toBe(true);
      expect(post.readingMinutes).toBe(Math.ceil(words / 200));
    }
  });

  it('keep their plain text free of Markdown syntax for the search', () => {
    const post = posts.find((candidate) => candidate.slug === 'reading-ctr-cpc-and-conversion-rate-together')!;
    expect(post.text).toContain('Most ad reports open with the same three columns');
    expect(post.text).not.toMatch(/\*\*|##|\]\(/);
  });
});

describe('renderMarkdown', () => {
  it('escapes raw HTML instead of passing it through', () => {
    const html = renderMarkdown(
      'Hello <script>alert("x")</script> and <b onclick="steal()">bold</b>\n\n<iframe src="https://evil.example"></iframe>',
    );
    expect(html).not.toMatch(/<script|<b |<iframe/);
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(html).toContain('&lt;iframe src=&quot;https://evil.example&quot;&gt;&lt;/iframe&gt;');
  });

  it('does not turn javascript: or data: URLs into links', () => {
    const html = renderMarkdown('[click](javascript:alert(1)) [img](data:text/html;base64,PHNjcmlwdD4=)');
    expect(html).not.toContain('<a ');
  });

  it('marks external links rel="noopener" and leaves internal ones alone', () => {
    const html = renderMarkdown('[out](https://example.com/a?b=1&c=2) [in](/pricing) [relative](//cdn.example.com/x)');
    expect(html).toContain('<a href="https://example.com/a?b=1&amp;c=2" rel="noopener">out</a>');
    expect(html).toContain('<a href="/pricing">in</a>');
    expect(html).toContain('<a href="//cdn.example.com/x" rel="noopener">relative</a>');
  });

  it('lets tables and code blocks scroll inside their own focusable box', () => {
    const html = renderMarkdown('| a | b |\n|---|---|\n| 1 | 2 |\n\n```\nconst x = 1;\n```\n\n    indented');
    expect(html).toMatch(/^<div class="table-scroll" tabindex="0"><table>[\s\S]*<\/table>\n<\/div>/);
    expect(html.match(/<pre tabindex="0"><code>/g)).toHaveLength(2);
  });
});

describe('parseArticle', () => {
  it('reads the front matter, with tags inline or as a list and quoted values', () => {
    const { frontMatter, body } = parseArticle(article(VALID), 'a.md');
    expect(frontMatter).toEqual({
      title: 'A title',
      date: '2026-05-04',
      description: 'What it is about.',
      tags: ['one', 'two'],
      author: 'Ann',
    });
    expect(body).toBe('Some text here.');

    const listed = parseArticle(
      article(
        'title: "Colons: fine"\ndate: 2026-01-31\ndescription: \'Quoted\'\ntags:\n  - first\n  - "second tag"\nauthor: Bo',
      ),
      'b.md',
    );
    expect(listed.frontMatter).toMatchObject({
      title: 'Colons: fine',
      description: 'Quoted',
      tags: ['first', 'second tag'],
    });
  });

  it.each([
    ['no front matter', 'Just text', 'must start with a front matter block'],
    ['an unclosed block', '---\ntitle: x\n', 'never closed'],
    ['a missing key', article(VALID.replace('author: Ann', '')), 'the front matter has no "author"'],
    ['an empty value', article(VALID.replace('author: Ann', 'author:')), '"author" is empty'],
    ['an unknown key', article(`${VALID}\ncolour: red`), 'unknown key "colour"'],
    ['a repeated key', article(`${VALID}\ntitle: again`), '"title" appears twice'],
    ['a line without a key', article(`${VALID}\nnot a pair`), 'expected "key: value"'],
    ['a stray list item', article(`- loose\n${VALID}`), 'a list item outside a list'],
    ['no tags', article(VALID.replace('tags: [one, two]', 'tags: []')), 'at least one tag'],
    ['malformed tags', article(VALID.replace('tags: [one, two]', 'tags: one, two')), 'tags must be'],
    ['an impossible date', article(VALID.replace('2026-05-04', '2026-02-30')), '"date" must be a real day'],
    ['a date in another format', article(VALID.replace('2026-05-04', '04/05/2026')), '"date" must be a real day'],
    ['no body', `---\n${VALID}\n---\n\n`, 'no body'],
  ])('fails loudly on %s, naming the file', (_case, source, message) => {
    expect(() => parseArticle(source, 'broken.md')).toThrow(BlogContentError);
    expect(() => parseArticle(source, 'broken.md')).toThrow(`broken.md: `);
    expect(() => parseArticle(source, 'broken.md')).toThrow(message);
  });
});

describe('readArticle', () => {
  it('takes the slug from the file name and computes the reading time (words / 200, rounded up, at least 1)', () => {
    expect(readArticle(article(VALID), '/x/short-post.md')).toMatchObject({
      slug: 'short-post',
      readingMinutes: 1,
      text: 'Some text here.',
    });
    const words = Array.from({ length: 401 }, () => 'word').join(' ');
    expect(readArticle(article(VALID, words), 'long.md').readingMinutes).toBe(3);
  });

  it('refuses an h1 in the body, skipped heading levels and odd file names', () => {
    expect(() => readArticle(article(VALID, '# Title again'), 'a.md')).toThrow('only h1');
    expect(() => readArticle(article(VALID, '## Two\n\n#### Four'), 'a.md')).toThrow('jumps from h2 to h4');
    expect(() => readArticle(article(VALID), 'Bad Name.md')).toThrow('lower-case words joined by hyphens');
  });
});

describe('loadBlogLibrary', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'adwise-blog-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('reads every .md file, newest first', () => {
    fs.writeFileSync(path.join(dir, 'older.md'), article(VALID.replace('A title', 'Older')));
    fs.writeFileSync(
      path.join(dir, 'newer.md'),
      article(VALID.replace('A title', 'Newer').replace('2026-05-04', '2026-06-01')),
    );
    fs.writeFileSync(path.join(dir, 'notes.txt'), 'not an article');
    const library = loadBlogLibrary(dir);
    expect(library.summaries.map((post) => post.slug)).toEqual(['newer', 'older']);
    expect(library.find('older')?.title).toBe('Older');
    expect(library.find('missing')).toBeUndefined();
  });

  it('refuses to load when one file is malformed', () => {
    fs.writeFileSync(path.join(dir, 'good.md'), article(VALID));
    fs.writeFileSync(path.join(dir, 'bad.md'), article(VALID.replace('date: 2026-05-04', 'date: soon')));
    expect(() => loadBlogLibrary(dir)).toThrow(/bad\.md: "date" must be a real day/);
  });
});

describe('injectHead', () => {
  const template =
    '<!doctype html><html><head><meta charset="utf-8" /><meta name="description" content="Generic" /><title>Adwise</title></head><body></body></html>';

  it("replaces the template's title and description and keeps the rest", () => {
    const html = injectHead(template, '<title>New</title>');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain('<title>New</title>');
    expect(html).not.toContain('Generic');
    expect(html).toContain('<meta charset="utf-8" />');
    expect(html.indexOf('<title>New</title>')).toBeLessThan(html.indexOf('</head>'));
  });

  it('puts the tags where a browser reads them as the head when the template leaves its head tags out', () => {
    expect(injectHead('<html><body></body></html>', '<title>x</title>')).toMatch(
      /^<html>\s*<title>x<\/title>\s*<body><\/body><\/html>$/,
    );
    expect(injectHead('<!doctype html><div id="root"></div>', '<title>x</title>')).toMatch(
      /^<!doctype html>\s*<title>x<\/title>\s*<div id="root"><\/div>$/,
    );
  });

  it('escapes &, <, > and double quotes', () => {
    expect(escapeHtml('Tom & "Jerry" <b>')).toBe('Tom &amp; &quot;Jerry&quot; &lt;b&gt;');
  });
});

describe('blog pages with sharing tags', () => {
  let app: FastifyInstance;
  let dir: string;
  const publicUrl = 'https://ads.example.com';
  const { posts } = blogLibrary();
  const post = posts[0];

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'adwise-spa-'));
    const indexFile = path.join(dir, 'index.html');
    fs.writeFileSync(
      indexFile,
      '<!doctype html>\n<html lang="en">\n  <head>\n    <meta charset="utf-8" />\n    <meta name="description" content="Generic site text." />\n    <title>Adwise</title>\n    <script defer src="/assets/main.js"></script>\n  </head>\n  <body><div id="root"></div></body>\n</html>\n',
    );
    app = Fastify();
    const ctx = { config: testConfig({ publicUrl }) } as AppContext;
    await app.register(blogPageRoutes, { ctx, indexFile });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const head = (html: string) => html.slice(html.indexOf('<head>'), html.indexOf('</head>'));

  it('serves an article with its own title, description, canonical link and Open Graph and Twitter tags', async () => {
    const res = await app.inject({ method: 'GET', url: `/blog/${post.slug}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    const html = head(res.body);
    const url = `${publicUrl}/blog/${post.slug}`;
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain(`<title>${escapeHtml(post.title)} · Adwise</title>`);
    expect(html).toContain(`<meta name="description" content="${escapeHtml(post.description)}" />`);
    expect(html).not.toContain('Generic site text.');
    expect(html).toContain(`<link rel="canonical" href="${url}" />`);
    expect(html).toContain(`<meta property="og:title" content="${escapeHtml(post.title)}" />`);
    expect(html).toContain(`<meta property="og:description" content="${escapeHtml(post.description)}" />`);
    expect(html).toContain('<meta property="og:type" content="article" />');
    expect(html).toContain(`<meta property="og:url" content="${url}" />`);
    expect(html).toContain(`<meta property="article:published_time" content="${post.date}" />`);
    for (const tag of post.tags) expect(html).toContain(`<meta property="article:tag" content="${escapeHtml(tag)}" />`);
    expect(html).toContain('<meta name="twitter:card" content="summary" />');
    expect(html).toContain(`<meta name="twitter:title" content="${escapeHtml(post.title)}" />`);
    // The rest of the page is the SPA's, untouched.
    expect(res.body).toContain('<script defer src="/assets/main.js"></script>');
    expect(res.body).toContain('<div id="root"></div>');
  });

  it('escapes every value it puts in the head', () => {
    const nasty = {
      ...post,
      slug: 'x',
      title: 'Ads </title><script>alert(1)</script>',
      description: 'Say "hi" & <b>bye</b>',
      tags: ['a"b'],
    };
    const tags = headTags(blogPostMeta(publicUrl, nasty));
    expect(tags).not.toMatch(/<script|<b>|content="[^"]*"[^ /]/);
    expect(tags).toContain('<title>Ads &lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt; · Adwise</title>');
    expect(tags).toContain(
      '<meta property="og:description" content="Say &quot;hi&quot; &amp; &lt;b&gt;bye&lt;/b&gt;" />',
    );
    expect(tags).toContain('<meta property="article:tag" content="a&quot;b" />');
  });

  it('serves /blog with the blog tags as a website', async () => {
    for (const url of ['/blog', '/blog/']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      const html = head(res.body);
      expect(html).toContain('<title>Blog · Adwise</title>');
      expect(html).toContain('<meta property="og:type" content="website" />');
      expect(html).toContain(`<link rel="canonical" href="${publicUrl}/blog" />`);
      expect(html).not.toContain('article:published_time');
    }
  });

  it('answers 404 with the generic tags for an unknown article, so the SPA can say so', async () => {
    const res = await app.inject({ method: 'GET', url: '/blog/no-such-article' });
    expect(res.statusCode).toBe(404);
    const html = head(res.body);
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain('<title>Adwise</title>');
    expect(html).toContain('<meta name="robots" content="noindex" />');
    expect(html).not.toContain('canonical');
    expect(html).not.toContain('og:url');
    expect(res.body).toContain('<div id="root"></div>');
  });
});

describe('blog pages in the whole app, next to the static SPA', () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'adwise-dist-'));
    fs.writeFileSync(
      path.join(dir, 'index.html'),
      '<!doctype html><html><head><title>Adwise</title></head><body><div id="root"></div></body></html>',
    );
    t = await buildTestApp({ workers: false, config: { staticDir: dir } });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('serves an article page with its tags, the list page, and the plain SPA elsewhere', async () => {
    const [post] = blogLibrary().posts;
    const article = await t.app.inject({ method: 'GET', url: `/blog/${post.slug}` });
    expect(article.statusCode).toBe(200);
    expect(article.body).toContain(`<meta property="og:title" content="${escapeHtml(post.title)}" />`);
    expect(article.body).toContain(`<meta property="og:url" content="${t.config.publicUrl}/blog/${post.slug}" />`);
    expect(article.headers['content-security-policy']).toBeDefined();

    expect((await t.app.inject({ method: 'GET', url: '/blog' })).body).toContain('<title>Blog · Adwise</title>');
    expect((await t.app.inject({ method: 'HEAD', url: `/blog/${post.slug}` })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/blog/nothing-here' })).statusCode).toBe(404);

    const other = await t.app.inject({ method: 'GET', url: '/pricing' });
    expect(other.statusCode).toBe(200);
    expect(other.body).toContain('<title>Adwise</title>');
    expect(other.body).not.toContain('og:title');
  });
});
