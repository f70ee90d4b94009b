import fuzzysort from 'fuzzysort';

import type { PaletteEntry } from './paletteEntries';

/** The longest list the palette shows: a list to pick from, short enough to arrow through. */
export const MAX_SHOWN_ENTRIES = 30;

/**
 * The lowest match score (0 to 1) an entry is listed with. fuzzysort's default, 0.5, wants most
 * letters in a row; a palette is typed in abbreviations ("sgst", "crtv anl" score about 0.3),
 * and its best matches still come first.
 */
export const MATCH_THRESHOLD = 0.2;

/**
 * The entries matching `query`, best first (fuzzy: "sgst" finds Suggestions), each searched by its
 * label and its detail; an empty query keeps the given order.
 */
export function matchEntries(query: string, entries: readonly PaletteEntry[]): PaletteEntry[] {
  const wanted = query.trim();
  if (wanted === '') return entries.slice(0, MAX_SHOWN_ENTRIES);
  return fuzzysort
    .go(wanted, entries, { keys: ['label', 'detail'], limit: MAX_SHOWN_ENTRIES, threshold: MATCH_THRESHOLD })
    .map((result) => result.obj);
}
