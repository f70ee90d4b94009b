import { SEARCH_QUERY_MAX, SEARCH_QUERY_TOO_LONG, type SearchResult } from '@shared/api/search';
import { JOB_OPENINGS } from '@shared/careers';
import { PUBLIC_PAGES } from '@shared/search/pages';
import { searchSite, type SearchSources } from '@shared/search/search';

import { badRequest } from '../../lib/httpError';
import type { BlogLibrary } from '../blog/blog.content';

/** The site search over the public pages, the blog's articles and the open roles. */
export function createSearchService({ blog }: { blog: Pick<BlogLibrary, 'searchable'> }) {
  const sources: SearchSources = { pages: PUBLIC_PAGES, posts: blog.searchable, roles: JOB_OPENINGS };
  return {
    /** Results for `q` (trimmed; empty finds nothing); a query over SEARCH_QUERY_MAX characters is a 400. */
    search(q: unknown): SearchResult[] {
      // ?q=a&q=b arrives as a list: the first one counts.
      const raw = Array.isArray(q) ? q[0] : q;
      const query = typeof raw === 'string' ? raw.trim() : '';
      if (query.length > SEARCH_QUERY_MAX) throw badRequest(SEARCH_QUERY_TOO_LONG, 'q');
      return searchSite(query, sources);
    },
  };
}
export type SearchService = ReturnType<typeof createSearchService>;
