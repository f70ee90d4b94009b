import type { AdCopy, CopyField, FieldText, TextSpan } from './types';

/**
 * Text helpers every sub-score shares: words and sentences with their offsets, and lexicons
 * compiled once into one regular expression each so that a 5,000-character text is walked once
 * per lexicon, not once per phrase.
 */

/** A word and where it sits in its field. */
export interface Token {
  text: string;
  lower: string;
  start: number;
  end: number;
}

// Letters and digits, with inner apostrophes, hyphens and decimal or thousands separators kept in
// the word ("don't", "first-time", "2,000", "4.5").
const WORD = /[\p{L}\p{N}]+(?:['’.,\-][\p{L}\p{N}]+)*/gu;

/**
 * Every sub-score walks the same few fields, several lexicons each: results are kept for the
 * last few texts so a copy is tokenised and matched once, not once per sub-score. Small and
 * cleared whole when full, so memory stays bounded whatever the server is sent.
 */
const MEMO_TEXTS = 32;
function memo<T>(cache: Map<string, T>, text: string, make: () => T): T {
  let value = cache.get(text);
  if (value === undefined) {
    if (cache.size >= MEMO_TEXTS) cache.clear();
    value = make();
    cache.set(text, value);
  }
  return value;
}

const tokenMemo = new Map<string, Token[]>();

/** The words of a text; the array is shared between callers and must not be changed. */
export function tokenize(text: string): readonly Token[] {
  return memo(tokenMemo, text, () => tokenizeOnce(text));
}

function tokenizeOnce(text: string): Token[] {
  const tokens: Token[] = [];
  for (const match of text.matchAll(WORD)) {
    const start = match.index;
    tokens.push({ text: match[0], lower: match[0].toLowerCase(), start, end: start + match[0].length });
  }
  return tokens;
}

/** A sentence and its offsets; a run of words ended by . ! ? or a line break. */
export interface Sentence {
  start: number;
  end: number;
  words: number;
}

export function sentences(text: string): Sentence[] {
  const result: Sentence[] = [];
  const ender = /[.!?…]+(?=\s|$)|\n+/g;
  let start = 0;
  const push = (end: number) => {
    const words = tokenize(text.slice(start, end)).length;
    if (words > 0) result.push({ start, end, words });
  };
  for (const match of text.matchAll(ender)) {
    push(match.index + match[0].length);
    start = match.index + match[0].length;
  }
  push(text.length);
  return result;
}

/** One entry of a lexicon: a regular-expression source (matched case-insensitively, on word boundaries) and why it counts. */
export interface LexiconEntry {
  pattern: string;
  reason: string;
  /** Match anywhere, not only on word boundaries (for punctuation such as "!!"). */
  bare?: boolean;
}

/** A lexicon compiled into one alternation, a capturing group per entry. */
export interface CompiledLexicon {
  regex: RegExp;
  entries: LexiconEntry[];
}

export function compileLexicon(entries: LexiconEntry[]): CompiledLexicon {
  // Each entry is its own capturing group so a match tells which entry fired. The word-bounded
  // entries share one pair of lookarounds (standing in for \b, which knows only ASCII letters),
  // checked once per position rather than once per entry. No 'i' flag: texts are lower-cased
  // first (lowerSameLength), since Unicode case-insensitive matching is several times slower.
  const bounded = entries.filter((e) => !e.bare);
  const bare = entries.filter((e) => e.bare);
  const ordered = [...bounded, ...bare];
  const alternatives: string[] = [];
  if (bounded.length)
    alternatives.push(`(?<![\\p{L}\\p{N}])(?:${bounded.map((e) => `(${e.pattern})`).join('|')})(?![\\p{L}\\p{N}])`);
  for (const e of bare) alternatives.push(`(${e.pattern})`);
  return { regex: new RegExp(alternatives.join('|'), 'gu'), entries: ordered };
}

/** A lexicon hit: the entry and where it matched. */
export interface LexiconHit {
  entry: LexiconEntry;
  start: number;
  end: number;
}

/**
 * The text lower-cased character by character, keeping any character whose lower case has
 * another length (the Turkish dotted I) as it is, so offsets into it are offsets into the text.
 */
export function lowerSameLength(text: string): string {
  const lower = text.toLowerCase();
  if (lower.length === text.length) return lower;
  let out = '';
  for (const ch of text) {
    const l = ch.toLowerCase();
    out += l.length === ch.length ? l : ch;
  }
  return out;
}

const lexiconMemo = new Map<string, { lower: string; hits: Map<CompiledLexicon, LexiconHit[]> }>();

/** A lexicon's hits in a text; the array is shared between callers and must not be changed. */
export function matchLexicon(lexicon: CompiledLexicon, text: string): readonly LexiconHit[] {
  if (!text) return [];
  const entry = memo(lexiconMemo, text, () => ({ lower: lowerSameLength(text), hits: new Map() }));
  let hits = entry.hits.get(lexicon);
  if (!hits) {
    hits = matchOnce(lexicon, entry.lower);
    entry.hits.set(lexicon, hits);
  }
  return hits;
}

function matchOnce(lexicon: CompiledLexicon, lower: string): LexiconHit[] {
  const hits: LexiconHit[] = [];
  for (const match of lower.matchAll(lexicon.regex)) {
    if (match[0].length === 0) continue;
    // Entries hold no capturing groups of their own (they use (?:...)), so group i+1 is entry i.
    let which = 1;
    while (which < match.length && match[which] === undefined) which += 1;
    if (which >= match.length) continue;
    hits.push({ entry: lexicon.entries[which - 1], start: match.index, end: match.index + match[0].length });
  }
  return hits;
}

/** Every text field of a copy that a reader sees, headlines first; the landing URL is left to platform fit. */
export function readableFields(copy: AdCopy): FieldText[] {
  const fields: FieldText[] = copy.headlines.map((text, index) => ({ field: 'headline' as const, index, text }));
  fields.push({ field: 'primaryText', index: 0, text: copy.primaryText });
  fields.push({ field: 'description', index: 0, text: copy.description });
  fields.push({ field: 'cta', index: 0, text: copy.cta });
  return fields.filter((f) => f.text.trim() !== '');
}

export function span(
  field: FieldText | { field: CopyField; index: number },
  start: number,
  end: number,
  kind: TextSpan['kind'],
  reason: string,
): TextSpan {
  return { field: field.field, index: field.index, start, end, kind, reason };
}

export const clampScore = (value: number) => Math.max(0, Math.min(100, Math.round(value)));

/** "1 hit", "3 hits": explanations read as sentences. */
export const plural = (n: number, word: string, many = `${word}s`) => `${n} ${n === 1 ? word : many}`;
