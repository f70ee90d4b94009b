import fs from 'node:fs';
import path from 'node:path';

import { type BlogPost, type BlogPostSummary, readingMinutes } from '@shared/api/blog';
import { isCalendarDay } from '@shared/days';
import type { SearchablePost } from '@shared/search/search';
import type { Token } from 'markdown-it';
import MarkdownIt from 'markdown-it';

import { PACKAGE_ROOT } from '../../lib/packageRoot';

/** Where the articles live: src/content/blog, read from the source tree whether the server runs from source or compiled. */
export const BLOG_DIR = path.join(PACKAGE_ROOT, 'src/content/blog');

const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const FENCE = '---';
const FRONT_MATTER_KEYS = ['title', 'date', 'description', 'tags', 'author'] as const;
type FrontMatterKey = (typeof FRONT_MATTER_KEYS)[number];

/** An article file that cannot be served; the server refuses to start with it. */
export class BlogContentError extends Error {
  constructor(file: string, problem: string) {
    super(`${file}: ${problem}`);
    this.name = 'BlogContentError';
  }
}

/** The front matter block of an article. */
export interface FrontMatter {
  title: string;
  /** YYYY-MM-DD. */
  date: string;
  description: string;
  tags: string[];
  author: string;
}

/** An article as the server keeps it: the API's shape plus its body as plain text for the search. */
export interface BlogPostRecord extends BlogPost {
  text: string;
}

function unquote(value: string): string {
  const quoted = /^(["'])(.*)\1$/.exec(value);
  return quoted ? quoted[2] : value;
}

/**
 * Splits an article into its front matter and Markdown body. The front matter is a `---` block of
 * `key: value` lines; `tags` is either `[a, b]` or a `- item` list on the following lines. Every
 * key is required, unknown keys are refused, and any problem throws naming the file and the line.
 */
export function parseArticle(source: string, file: string): { frontMatter: FrontMatter; body: string } {
  const lines = source.replace(/^\uFEFF/, '').split(/\r?\n/);
  if (lines[0]?.trim() !== FENCE)
    throw new BlogContentError(file, `must start with a front matter block opened by "${FENCE}"`);
  const close = lines.indexOf(FENCE, 1);
  if (close === -1) throw new BlogContentError(file, `the front matter block is never closed by "${FENCE}"`);

  const values: Partial<Record<FrontMatterKey, string | string[]>> = {};
  let listKey: FrontMatterKey | null = null;
  for (let i = 1; i < close; i += 1) {
    const line = lines[i];
    const where = `line ${i + 1}`;
    if (line.trim() === '') continue;
    const item = /^\s+-\s+(.*)$/.exec(line) ?? /^-\s+(.*)$/.exec(line);
    if (item) {
      if (!listKey) throw new BlogContentError(file, `${where}: a list item outside a list`);
      (values[listKey] as string[]).push(unquote(item[1].trim()));
      continue;
    }
    const pair = /^([A-Za-z_]+):(?:\s+(.*))?$/.exec(line);
    if (!pair) throw new BlogContentError(file, `${where}: expected "key: value", got "${line}"`);
    const key = pair[1] as FrontMatterKey;
    if (!FRONT_MATTER_KEYS.includes(key))
      throw new BlogContentError(file, `${where}: unknown key "${pair[1]}" (allowed: ${FRONT_MATTER_KEYS.join(', ')})`);
    if (key in values) throw new BlogContentError(file, `${where}: "${key}" appears twice`);
    const value = (pair[2] ?? '').trim();
    listKey = null;
    if (key === 'tags') {
      if (value === '') {
        values.tags = [];
        listKey = 'tags';
      } else {
        const inline = /^\[(.*)\]$/.exec(value);
        if (!inline) throw new BlogContentError(file, `${where}: tags must be [a, b] or a "- item" list`);
        values.tags = inline[1].split(',').map((tag) => unquote(tag.trim()));
      }
    } else {
      values[key] = unquote(value);
    }
  }

  for (const key of FRONT_MATTER_KEYS) {
    const value = values[key];
    if (value === undefined) throw new BlogContentError(file, `the front matter has no "${key}"`);
    if (typeof value === 'string' && value === '') throw new BlogContentError(file, `"${key}" is empty`);
  }
  const tags = values.tags as string[];
  if (tags.length === 0 || tags.some((tag) => tag === ''))
    throw new BlogContentError(file, '"tags" needs at least one tag and no empty ones');
  const date = values.date as string;
  if (!isCalendarDay(date))
    throw new BlogContentError(file, `"date" must be a real day written YYYY-MM-DD, got "${date}"`);

  const body = lines
    .slice(close + 1)
    .join('\n')
    .trim();
  if (body === '') throw new BlogContentError(file, 'the article has no body');
  return {
    frontMatter: {
      title: values.title as string,
      date,
      description: values.description as string,
      tags,
      author: values.author as string,
    },
    body,
  };
}

function isExternal(href: string): boolean {
  return /^(https?:)?\/\//i.test(href);
}

/** markdown-it with raw HTML off: tags written in an article come out escaped, as text. */
function createMarkdown() {
  const md = new MarkdownIt({ html: false, linkify: false, typographer: false });
  const rules = md.renderer.rules;
  const renderDefault: NonNullable<typeof rules.link_open> = (tokens, idx, options, _env, self) =>
    self.renderToken(tokens, idx, options);

  const linkOpen = rules.link_open ?? renderDefault;
  rules.link_open = (tokens, idx, options, env, self) => {
    if (isExternal(String(tokens[idx].attrGet('href') ?? ''))) tokens[idx].attrSet('rel', 'noopener');
    return linkOpen(tokens, idx, options, env, self);
  };

  // Wide tables and long code lines scroll inside their own box; tabindex lets keyboard users scroll it.
  const tableOpen = rules.table_open ?? renderDefault;
  const tableClose = rules.table_close ?? renderDefault;
  rules.table_open = (...args) => `<div class="table-scroll" tabindex="0">${tableOpen(...args)}`;
  rules.table_close = (...args) => `${tableClose(...args)}</div>\n`;
  for (const name of ['fence', 'code_block'] as const) {
    const render = rules[name] ?? renderDefault;
    rules[name] = (...args) => render(...args).replace(/^<pre>/, '<pre tabindex="0">');
  }
  return md;
}

const markdown = createMarkdown();

/** An article's Markdown as HTML (raw HTML escaped, external links with rel="noopener"). */
export function renderMarkdown(source: string): string {
  return markdown.render(source);
}

/** The words of the rendered tokens, without Markdown syntax, on one line. */
function plainText(tokens: readonly Token[]): string {
  const parts: string[] = [];
  for (const token of tokens) {
    if (token.type === 'inline') {
      const children = token.children ?? [];
      parts.push(
        children
          .map((child) => {
            if (child.type === 'text' || child.type === 'code_inline') return child.content;
            return child.type === 'softbreak' || child.type === 'hardbreak' ? ' ' : '';
          })
          .join(''),
      );
    } else if (token.type === 'fence' || token.type === 'code_block') {
      parts.push(token.content);
    }
  }
  return parts.join(' ').replace(/\s+/g, ' ').trim();
}

/** Headings start at h2 (the page's title is the h1) and never skip a level. */
function checkHeadings(tokens: readonly Token[], file: string): void {
  let previous = 1;
  for (const token of tokens) {
    if (token.type !== 'heading_open') continue;
    const level = Number(token.tag.slice(1));
    if (level === 1) throw new BlogContentError(file, 'use "##" for sections: the title is the page\'s only h1');
    if (level > previous + 1) throw new BlogContentError(file, `a heading jumps from h${previous} to h${level}`);
    previous = level;
  }
}

/** Reads one article file into the shape the API and the search use. */
export function readArticle(source: string, file: string): BlogPostRecord {
  const slug = path.basename(file, '.md');
  if (!SLUG_PATTERN.test(slug))
    throw new BlogContentError(file, 'the file name (the slug) must be lower-case words joined by hyphens');
  const { frontMatter, body } = parseArticle(source, file);
  const tokens = markdown.parse(body, {});
  checkHeadings(tokens, file);
  const text = plainText(tokens);
  const words = text.split(' ').filter((word) => word !== '').length;
  return {
    slug,
    ...frontMatter,
    readingMinutes: readingMinutes(words),
    html: markdown.renderer.render(tokens, markdown.options, {}),
    text,
  };
}

/** The API's list entry of an article. */
export function summaryOf({
  slug,
  title,
  date,
  description,
  tags,
  readingMinutes: minutes,
  author,
}: BlogPostRecord): BlogPostSummary {
  return { slug, title, date, description, tags, readingMinutes: minutes, author };
}

/** The articles, newest first, and lookups over them. */
export interface BlogLibrary {
  /** Every article, newest first. */
  posts: readonly BlogPostRecord[];
  /** The list the API serves. */
  summaries: readonly BlogPostSummary[];
  find(slug: string): BlogPostRecord | undefined;
  /** The articles as the site search reads them. */
  searchable: readonly SearchablePost[];
}

/** Reads every `.md` file of `dir`; any malformed file throws, naming it. */
export function loadBlogLibrary(dir: string = BLOG_DIR): BlogLibrary {
  const files = fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.md'))
    .sort();
  const posts = files
    .map((name) => readArticle(fs.readFileSync(path.join(dir, name), 'utf8'), path.join(dir, name)))
    .sort((a, b) => b.date.localeCompare(a.date) || a.title.localeCompare(b.title));
  const bySlug = new Map(posts.map((post) => [post.slug, post]));
  return {
    posts,
    summaries: posts.map(summaryOf),
    find: (slug) => bySlug.get(slug),
    searchable: posts.map(({ slug, title, description, tags, text }) => ({ slug, title, description, tags, text })),
  };
}

let library: BlogLibrary | undefined;

/** The repository's articles, read on first use (when the routes register, so at start) and kept. */
export function blogLibrary(): BlogLibrary {
  library ??= loadBlogLibrary(BLOG_DIR);
  return library;
}

/** What GET blog/<slug>/ sends: the article without the search's plain text. */
export function presentPost(post: BlogPostRecord): BlogPost {
  return { ...summaryOf(post), html: post.html };
}
