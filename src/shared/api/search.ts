/**
 * The site search contract: GET search/?q=<query> -> SearchResult[] over the public pages, the
 * blog's articles and the open roles. Every word of the query must appear in an item (any case);
 * items whose title holds the words come first, then pages, articles, roles.
 */

/** What a result is. */
export const SEARCH_RESULT_KINDS = ['page', 'post', 'role'] as const;
export type SearchResultKind = (typeof SEARCH_RESULT_KINDS)[number];

/** How each kind is labelled in the results. */
export const SEARCH_KIND_LABELS: Record<SearchResultKind, string> = {
  page: 'Page',
  post: 'Article',
  role: 'Open role',
};

/** The longest query the search accepts, in characters (after trimming). */
export const SEARCH_QUERY_MAX = 100;

/** The 400 detail for a longer query. */
export const SEARCH_QUERY_TOO_LONG = `Please keep your search to ${SEARCH_QUERY_MAX} characters or fewer.`;

/** One hit. */
export interface SearchResult {
  kind: SearchResultKind;
  title: string;
  /** Where the result lives in the app, e.g. /pricing or /blog/<slug>. */
  path: string;
  /** Text under the title: a page's description, ~160 characters of an article around the match, a role's type and location. */
  snippet: string;
}
