import type { BlogPostSummary } from '@shared/api/blog';

import { escapeHtml } from '../../lib/html';

/** The name every page title ends with, as the SPA writes it (useDocumentTitle). */
export const SITE_NAME = 'Adwise';
/** The blog's own title and description, for /blog. */
export const BLOG_TITLE = 'Blog';
/** The site's generic description (as in public/index.html). */
export const SITE_DESCRIPTION = 'Adwise: every ad platform in one dashboard, with suggestions that lift conversions.';
export const BLOG_DESCRIPTION =
  'Practical notes on running better ads: reading the numbers, testing creatives, pacing budgets across platforms.';

/** What the <head> of a server-rendered page says about it. */
export interface PageMeta {
  /** The <title>. */
  title: string;
  /** og:title and twitter:title (the title without the site name). */
  shareTitle: string;
  description: string;
  /** Absolute URL; omitted for a page that does not exist. */
  url?: string;
  type: 'website' | 'article';
  /** Articles only. */
  publishedTime?: string;
  tags?: readonly string[];
  /** Asks search engines not to index the page (an unknown article). */
  noindex?: boolean;
}

const named = (name: string, content: string) => `<meta name="${name}" content="${escapeHtml(content)}" />`;
const property = (name: string, content: string) => `<meta property="${name}" content="${escapeHtml(content)}" />`;

/** The <head> tags of a page: title, description, canonical link, Open Graph and Twitter card. */
export function headTags(meta: PageMeta): string {
  const tags = [
    `<title>${escapeHtml(meta.title)}</title>`,
    named('description', meta.description),
    ...(meta.noindex ? [named('robots', 'noindex')] : []),
    ...(meta.url ? [`<link rel="canonical" href="${escapeHtml(meta.url)}" />`] : []),
    property('og:site_name', SITE_NAME),
    property('og:title', meta.shareTitle),
    property('og:description', meta.description),
    property('og:type', meta.type),
    ...(meta.url ? [property('og:url', meta.url)] : []),
    ...(meta.publishedTime ? [property('article:published_time', meta.publishedTime)] : []),
    ...(meta.tags ?? []).map((tag) => property('article:tag', tag)),
    named('twitter:card', 'summary'),
    named('twitter:title', meta.shareTitle),
    named('twitter:description', meta.description),
  ];
  return tags.join('\n    ');
}

const TITLE_TAG = /<title\b[^>]*>[\s\S]*?<\/title>\s*/gi;
/** Tags the template may already carry that headTags replaces. */
const REPLACED_META =
  /<meta\b[^>]*\b(?:name|property)=["']?(?:description|robots|og:[\w:]+|article:[\w:]+|twitter:[\w:]+)["']?[^>]*>\s*/gi;
const CANONICAL = /<link\b[^>]*\brel=["']?canonical["']?[^>]*>\s*/gi;

/**
 * Where head tags go in a template: before </head>, or, in a page that leaves its head tags out
 * (HTML allows it), before <body>, or else after the doctype and <html> start tag, where a browser
 * still puts them in the head.
 */
function headEnd(template: string): number {
  const closeHead = template.search(/<\/head>/i);
  if (closeHead !== -1) return closeHead;
  const body = template.search(/<body\b/i);
  if (body !== -1) return body;
  const preamble = /^\s*(?:<!doctype[^>]*>\s*)?(?:<html\b[^>]*>\s*)?/i.exec(template);
  return preamble ? preamble[0].length : 0;
}

/**
 * The SPA's index.html with the page's head tags: the template's own <title>, description and
 * sharing tags are taken out and `tags` go in at the end of the head.
 */
export function injectHead(template: string, tags: string): string {
  const end = headEnd(template);
  const head = template.slice(0, end).replace(TITLE_TAG, '').replace(REPLACED_META, '').replace(CANONICAL, '');
  return `${head.trimEnd()}\n    ${tags}\n  ${template.slice(end)}`;
}

/** The site's address joined with a path. */
export function absoluteUrl(publicUrl: string, pathname: string): string {
  return `${publicUrl.replace(/\/+$/, '')}${pathname}`;
}

/** The head of /blog. */
export function blogListMeta(publicUrl: string): PageMeta {
  return {
    title: `${BLOG_TITLE} · ${SITE_NAME}`,
    shareTitle: `${SITE_NAME} ${BLOG_TITLE}`,
    description: BLOG_DESCRIPTION,
    url: absoluteUrl(publicUrl, '/blog'),
    type: 'website',
  };
}

/** The head of one article. */
export function blogPostMeta(publicUrl: string, post: BlogPostSummary): PageMeta {
  return {
    title: `${post.title} · ${SITE_NAME}`,
    shareTitle: post.title,
    description: post.description,
    url: absoluteUrl(publicUrl, `/blog/${encodeURIComponent(post.slug)}`),
    type: 'article',
    publishedTime: post.date,
    tags: post.tags,
  };
}

/** The head of an article that does not exist: the site's generic tags, not for indexing. */
export function unknownPostMeta(): PageMeta {
  return {
    title: SITE_NAME,
    shareTitle: SITE_NAME,
    description: SITE_DESCRIPTION,
    type: 'website',
    noindex: true,
  };
}
