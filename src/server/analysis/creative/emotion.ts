import afinn from 'sentiment/languages/en/labels.json';
import negators from 'sentiment/languages/en/negators.json';

import { clampScore, compileLexicon, matchLexicon, span, tokenize } from './text';
import type { FieldText, SubScore, TextSpan } from './types';

/**
 * Emotion: valence from AFINN-165 (Nielsen 2011, the word list the `sentiment` package ships,
 * read here directly so each word keeps its offsets; a negator before a word flips it, as the
 * package does), and arousal from a small list of high-activation words. Ads that move people
 * are positive and energetic; a flat copy is not penalised much, a bleak one more. Headlines are
 * another matter (negative words raised Upworthy's click-through, Robertson et al. 2023), which
 * the learned headline model picks up from its own data.
 */

const AFINN = afinn as Record<string, number>;
const NEGATORS = negators as Record<string, number>;

const BASE = 40;
const POSITIVE_POINTS = 10;
const POSITIVE_MAX = 30;
const AROUSAL_POINTS = 10;
const AROUSAL_MAX = 20;
const NEGATIVE_COST = 10;
const NEGATIVE_MAX = 30;
/** AFINN runs −5…+5; words at or beyond ±3 are strong ("awful", "love"). */
const STRONG = 3;

const AROUSAL = compileLexicon([
  {
    pattern:
      'excit(?:ed|ing)|thrill(?:ed|ing)|wow|finally|breakthrough|unbelievable|incredible|stunning|shocking|furious|outrage(?:d|ous)?|urgent|now|instantly|explod(?:e|es|ing)|blow(?:s)? your mind|insane|epic|massive|huge|powerful|brand[- ]new|just (?:launched|dropped|released)|introducing|heartbreaking|hilarious|terrifying|jaw-dropping',
    reason: 'high-arousal word: energy that stops the scroll',
  },
]);

/** One word's AFINN valence with the negator rule applied, or 0. */
function valenceAt(tokens: readonly { lower: string }[], i: number): number {
  const value = AFINN[tokens[i].lower.replace(/’/g, "'")] ?? 0;
  if (value === 0 || i === 0) return value;
  return NEGATORS[tokens[i - 1].lower.replace(/’/g, "'")] ? -value : value;
}

/** Summed valence, positive and negative word counts, and arousal hits of one text (model features). */
export function emotionCounts(text: string) {
  const tokens = tokenize(text);
  let valence = 0;
  let positive = 0;
  let negative = 0;
  for (let i = 0; i < tokens.length; i += 1) {
    const v = valenceAt(tokens, i);
    valence += v;
    if (v > 0) positive += 1;
    if (v < 0) negative += 1;
  }
  return { valence, positive, negative, arousal: matchLexicon(AROUSAL, text).length, words: tokens.length };
}

export function scoreEmotion(fields: FieldText[]): SubScore {
  const spans: TextSpan[] = [];
  let positive = 0;
  let strongNegative = 0;
  let negative = 0;
  let arousal = 0;
  let valence = 0;
  for (const field of fields) {
    const tokens = tokenize(field.text);
    for (let i = 0; i < tokens.length; i += 1) {
      const v = valenceAt(tokens, i);
      if (v === 0) continue;
      valence += v;
      const t = tokens[i];
      if (v > 0) {
        positive += 1;
        spans.push(span(field, t.start, t.end, 'earned', `positive (${v > 0 ? '+' : ''}${v} on AFINN)`));
      } else {
        negative += 1;
        if (v <= -STRONG) strongNegative += 1;
        spans.push(
          span(
            field,
            t.start,
            t.end,
            v <= -STRONG ? 'cost' : 'earned',
            v <= -STRONG ? `strongly negative (${v} on AFINN)` : `names a pain (${v} on AFINN)`,
          ),
        );
      }
    }
    for (const hit of matchLexicon(AROUSAL, field.text)) {
      arousal += 1;
      spans.push(span(field, hit.start, hit.end, 'earned', hit.entry.reason));
    }
  }
  const score =
    BASE +
    Math.min(POSITIVE_MAX, positive * POSITIVE_POINTS) +
    Math.min(AROUSAL_MAX, arousal * AROUSAL_POINTS) -
    Math.min(NEGATIVE_MAX, strongNegative * NEGATIVE_COST);
  const tone = valence > 0 ? 'positive' : valence < 0 ? 'negative' : 'neutral';
  const explanation =
    positive + negative + arousal === 0
      ? 'Flat: no emotional or energetic words.'
      : `Tone ${tone} (valence ${valence > 0 ? '+' : ''}${valence}): ${positive} positive, ${negative} negative${strongNegative ? ` (${strongNegative} strongly)` : ''}, ${arousal} high-arousal word${arousal === 1 ? '' : 's'}.`;
  return { key: 'emotion', label: 'Emotion', score: clampScore(score), explanation, spans };
}
