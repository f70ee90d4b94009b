import { syllable } from 'syllable';

import { clampScore, compileLexicon, matchLexicon, plural, sentences, span, tokenize } from './text';
import type { FieldText, SubScore, TextSpan } from './types';

/**
 * Clarity: how easily a scrolling reader takes the copy in. Flesch reading ease (Flesch 1948:
 * 206.835 − 1.015 × words per sentence − 84.6 × syllables per word; syllables counted by the
 * `syllable` package, which handles English exceptions a vowel-group count gets wrong), long
 * sentences, marketing jargon, and words in capitals. Ads are read in a second or two, so the
 * bar is plain English (60–70), not a newspaper's.
 */

/** Flesch reading ease at or above which clarity is full, and at or below which it is zero. */
const EASE_FULL = 70;
const EASE_ZERO = 10;
/** Words over which a sentence is long for an ad. */
const LONG_SENTENCE = 25;
const LONG_SENTENCE_COST = 10;
const JARGON_COST = 8;
const SHOUT_COST = 5;
/** Capitalised runs this short are acronyms (SEO, B2B, USA), not shouting. */
const ACRONYM_MAX = 4;

const JARGON = compileLexicon([
  {
    pattern:
      'synerg(?:y|ies|istic)|leverag(?:e|es|ing)|best-in-class|world-class|cutting-edge|bleeding-edge|state-of-the-art|next-gen(?:eration)?|paradigm(?: shift)?|holistic|robust|seamless(?:ly)?|end-to-end|scalable|innovative|disruptive|game-?changer|game-?changing|turnkey|mission-critical|value-add(?:ed)?|actionable|omnichannel|ecosystem|empower(?:s|ing)?|streamlin(?:e|es|ing)|utili[sz](?:e|es|ing)|optimi[sz]ation|solutions?|revolutionary|unparalleled|best-of-breed|frictionless|bandwidth|circle back|move the needle|low-hanging fruit|thought leader(?:ship)?|deep dive|one-stop shop',
    reason: 'jargon: says little a reader can picture',
  },
]);

/** Syllable counts by word: ad copy repeats its words, and the counter is the slow part of clarity. */
const syllableCache = new Map<string, number>();
const SYLLABLE_CACHE_MAX = 20_000;

function syllablesOf(word: string): number {
  const key = word.toLowerCase();
  let n = syllableCache.get(key);
  if (n === undefined) {
    n = /\p{L}/u.test(key) ? Math.max(1, syllable(key)) : 1;
    if (syllableCache.size >= SYLLABLE_CACHE_MAX) syllableCache.clear();
    syllableCache.set(key, n);
  }
  return n;
}

/** Flesch reading ease of a text, or null when it has no words. */
export function fleschReadingEase(text: string): number | null {
  const words = tokenize(text);
  if (!words.length) return null;
  const sentenceCount = Math.max(1, sentences(text).length);
  let syllables = 0;
  for (const w of words) syllables += syllablesOf(w.text);
  return 206.835 - 1.015 * (words.length / sentenceCount) - 84.6 * (syllables / words.length);
}

/** Jargon hits in one text (for features and spans). */
export const jargonHits = (text: string) => matchLexicon(JARGON, text);

/** Words of two or more letters written all in capitals beyond acronym length. */
export function shoutedWords(text: string) {
  return tokenize(text).filter(
    (t) => t.text.length > ACRONYM_MAX && /\p{Lu}/u.test(t.text) && t.text === t.text.toUpperCase(),
  );
}

export function scoreClarity(fields: FieldText[]): SubScore {
  const spans: TextSpan[] = [];
  const notes: string[] = [];
  const all = fields
    .filter((f) => f.field !== 'cta')
    .map((f) => f.text)
    .join('\n');
  const ease = fleschReadingEase(all);
  if (ease === null) return { key: 'clarity', label: 'Clarity', score: 0, explanation: 'No text to read.', spans };

  let score = ((Math.min(EASE_FULL, Math.max(EASE_ZERO, ease)) - EASE_ZERO) / (EASE_FULL - EASE_ZERO)) * 100;
  notes.push(
    `Flesch reading ease ${Math.round(ease)} (${ease >= EASE_FULL ? 'plain English' : ease >= 50 ? 'fairly hard' : 'hard'} for an ad; ${EASE_FULL}+ is easy).`,
  );

  let long = 0;
  let jargon = 0;
  let shouted = 0;
  for (const field of fields) {
    for (const s of sentences(field.text)) {
      if (s.words <= LONG_SENTENCE) continue;
      long += 1;
      spans.push(span(field, s.start, s.end, 'cost', `a ${s.words}-word sentence (over ${LONG_SENTENCE})`));
    }
    for (const hit of jargonHits(field.text)) {
      jargon += 1;
      spans.push(span(field, hit.start, hit.end, 'cost', hit.entry.reason));
    }
    for (const word of shoutedWords(field.text)) {
      shouted += 1;
      spans.push(span(field, word.start, word.end, 'cost', 'in capitals: reads as shouting and is harder to read'));
    }
  }
  score -= long * LONG_SENTENCE_COST + jargon * JARGON_COST + shouted * SHOUT_COST;
  if (long) notes.push(`${plural(long, 'long sentence')}.`);
  if (jargon) notes.push(`${plural(jargon, 'jargon word')}.`);
  if (shouted) notes.push(`${plural(shouted, 'word')} in capitals.`);
  if (!long && !jargon && !shouted) notes.push('Short sentences, no jargon.');
  return { key: 'clarity', label: 'Clarity', score: clampScore(score), explanation: notes.join(' '), spans };
}
