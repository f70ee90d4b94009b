import { wordsPattern } from '@shared/search/search';

/** A piece of text, marked when it is one of the searched words. */
export interface TextPart {
  text: string;
  marked: boolean;
}

/**
 * `text` split into marked and unmarked parts: every occurrence of any of `words` (any case,
 * longest word first where two overlap) is a marked part; the parts joined give `text` back.
 * Characters special to regular expressions in the words are matched literally.
 */
export function highlightParts(text: string, words: readonly string[]): TextPart[] {
  const pattern = wordsPattern(
    words.filter((word) => word !== ''),
    'gi',
  );
  if (!pattern || text === '') return text === '' ? [] : [{ text, marked: false }];
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    if (match.index > last) parts.push({ text: text.slice(last, match.index), marked: false });
    parts.push({ text: match[0], marked: true });
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last), marked: false });
  return parts;
}
