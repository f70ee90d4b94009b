/**
 * The blog contract, shared by the server's routes and the client's endpoints. Articles are
 * Markdown files in the repository (src/content/blog/<slug>.md), read once when the server starts.
 *
 * GET blog/         -> BlogPostSummary[] (newest first)
 * GET blog/<slug>/  -> BlogPost (404 with a detail for an unknown slug)
 */

/** Words a reader gets through in a minute; reading time is words / this, rounded up. */
export const BLOG_WORDS_PER_MINUTE = 200;

/** What the list shows of one article. */
export interface BlogPostSummary {
  /** The file name without `.md`; the article lives at /blog/<slug>. */
  slug: string;
  title: string;
  /** Publication day, YYYY-MM-DD. */
  date: string;
  /** One or two sentences, also the sharing description. */
  description: string;
  tags: string[];
  /** Minutes to read, at least 1. */
  readingMinutes: number;
  author: string;
}

/** One article with its body rendered to HTML (raw HTML in the Markdown is escaped, never passed through). */
export interface BlogPost extends BlogPostSummary {
  html: string;
}

/** Minutes to read `words` words: words / BLOG_WORDS_PER_MINUTE, rounded up, at least 1. */
export function readingMinutes(words: number): number {
  return Math.max(1, Math.ceil(words / BLOG_WORDS_PER_MINUTE));
}

/** The 404 detail for an article that does not exist. */
export function blogPostNotFound(slug: string): string {
  return `There is no article at /blog/${slug}.`;
}
