import { SEARCH_INDEX, type SearchEntry } from './searchIndex';

/** Pages whose title, keywords or path contain the query (case-insensitive); an empty query finds nothing. */
export function searchPages(query: string, index: readonly SearchEntry[] = SEARCH_INDEX): SearchEntry[] {
  const needle = query.trim().toLowerCase();
  if (needle === '') return [];
  return index.filter((entry) =>
    [entry.title, entry.path, ...entry.keywords].some((text) => text.toLowerCase().includes(needle)),
  );
}
