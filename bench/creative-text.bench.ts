import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';

import { CREATIVE_PLACEMENTS } from '@shared/api/creative';

import { compareVariants } from '../src/server/analysis/creative/compare';
import { analyseCopy } from '../src/server/analysis/creative/textScore';
import type { AdCopy } from '../src/server/analysis/creative/types';

/**
 * Text analysis speed: npm run bench:creative-text [-- --copies 500 --seed 7]
 * Analyses varied copies (every placement; empty fields, ad-length texts and 5,000-character
 * walls; cues, jargon, policy words, emoji and wide characters mixed in) one at a time, as a
 * request would, and prints p50/p95/max per copy against the 50 ms budget (issue 16), then a
 * three-variant comparison. Last line: `creative-text: copies=N p50=… p95=… max=…`.
 */

const { values } = parseArgs({
  options: { copies: { type: 'string', default: '500' }, seed: { type: 'string', default: '7' } },
});
const COPIES = Number(values.copies);
const BUDGET_MS = 50;
const WARM_UP = 20;
const MAX_TEXT = 5000;

// A small deterministic generator (mulberry32) so runs compare.
let state = Number(values.seed) >>> 0;
const random = () => {
  state = (state + 0x6d2b79f5) >>> 0;
  let t = state;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)];

const PHRASES = [
  'Save 30% on your first order',
  'Join 2,000+ teams who plan faster',
  'Limited spots: offer ends Sunday',
  'Trusted by experts since 2009',
  'Here’s why marketers switched',
  'Don’t miss out on free shipping',
  'Was $99, now $49',
  'We leverage best-in-class synergistic solutions',
  'Guaranteed cure! Are you overweight?',
  'Start your free 14-day trial today',
  'Cancel anytime, no credit card',
  'The simple way to get paid on time 🎉',
  '日本語のテキストも入ります',
  'You’ll love how easy it is',
  'Our award-winning team cares about you',
  'Stop wasting hours on spreadsheets',
];

function text(maxSentences: number): string {
  const n = Math.floor(random() * maxSentences);
  return Array.from({ length: n }, () => pick(PHRASES)).join(random() < 0.5 ? '. ' : ' — ');
}

function wall(): string {
  let s = '';
  while (s.length < MAX_TEXT) s += `${pick(PHRASES)}. `;
  return s.slice(0, MAX_TEXT);
}

// Each copy's texts get a word of their own, so no copy is served from the analysis's
// per-text memo of another: every copy is timed cold, as a new request would be.
function makeCopy(_: unknown, i: number): AdCopy {
  const long = random() < 0.1;
  const own = (s: string) => (s.length >= MAX_TEXT ? `v${i} ${s}`.slice(0, MAX_TEXT) : `${s} v${i}`);
  return {
    placement: pick(CREATIVE_PLACEMENTS),
    headlines: Array.from({ length: 1 + Math.floor(random() * 5) }, () =>
      own(long && random() < 0.3 ? wall() : text(3)),
    ),
    primaryText: own(long ? wall() : text(6)),
    description: own(long && random() < 0.5 ? wall() : text(2)),
    cta: pick(['Shop Now', 'Learn More', 'Get Offer', 'Sign Up', '', 'Book Now']),
    landingUrl: pick(['https://example.com/offer', 'http://example.com', '', 'example']),
  };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const ms = (x: number) => `${x.toFixed(2)}ms`;

const copies = Array.from({ length: COPIES }, makeCopy);
const warmUp = Array.from({ length: WARM_UP }, (_, i) => makeCopy(_, COPIES + i));
for (const c of warmUp) analyseCopy(c);
const times: number[] = [];
for (const c of copies) {
  const start = performance.now();
  analyseCopy(c);
  times.push(performance.now() - start);
}
times.sort((a, b) => a - b);
const walls = copies.filter((c) => c.primaryText.length >= MAX_TEXT).length;
console.log(
  `analysed ${COPIES} copies (${walls} with a 5,000-character text) over ${CREATIVE_PLACEMENTS.length} placements`,
);

const compareStart = performance.now();
compareVariants(copies.slice(0, 3));
console.log(`compareVariants of 3: ${ms(performance.now() - compareStart)}`);
const p95 = percentile(times, 95);
console.log(`budget ${BUDGET_MS}ms per copy: ${p95 < BUDGET_MS ? 'met' : 'MISSED'} at p95`);
console.log(`creative-text: copies=${COPIES} p50=${ms(percentile(times, 50))} p95=${ms(p95)} max=${ms(times.at(-1)!)}`);
