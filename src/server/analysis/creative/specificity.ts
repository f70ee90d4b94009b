import { clampScore, compileLexicon, matchLexicon, span, tokenize } from './text';
import type { FieldText, SubScore, TextSpan } from './types';

/**
 * Specificity: numbers, concrete benefits and a copy about the reader rather than the
 * advertiser. A number is the cheapest proof a copy can offer ("save 30%" over "save a lot");
 * "you" outnumbering "we" is the classic direct-response test of reader focus; vague praise
 * ("amazing quality") costs because it asks to be believed without saying anything checkable.
 */

const BASE = 20;
const NUMBER_POINTS = [25, 10];
const BENEFIT_POINTS = [20, 10];
const YOU_POINTS = 20;
const SELF_FOCUS_COST = 10;
const VAGUE_COST = 6;

const NUMBER =
  /(?<![\p{L}\p{N}])(?:[$€£₹]\s?)?\d[\d,.]*(?:\s?(?:%|k\b|x\b|\+))?|(?<![\p{L}])(?:one|two|three|four|five|six|seven|eight|nine|ten|twelve|fifteen|twenty|thirty|fifty|hundred|thousand|million|half|double|twice|triple)(?![\p{L}])/giu;

const BENEFITS = compileLexicon([
  {
    pattern: 'save|saves|saving|savings|cut|cuts|reduce|reduces|lower|lowers|cheaper|discount|off',
    reason: 'a saving the reader gets',
  },
  {
    pattern:
      'faster|quicker|in (?:minutes|seconds|\\d+ (?:minutes|seconds|hours|days|clicks|steps))|same-day|next-day|overnight|instantly|instant|one[- ]click|under \\d+ (?:minutes|seconds)',
    reason: 'a concrete time benefit',
  },
  {
    pattern:
      'free (?:shipping|delivery|returns|trial|setup|for \\d+)|money-back|no (?:fees|contract|commitment|setup fee)|cancel anytime|warranty',
    reason: 'a concrete, checkable offer',
  },
  {
    pattern: 'more (?:leads|sales|customers|time|sleep|energy|clicks|bookings)|grow|boost|increase|double',
    reason: 'an outcome the reader wants',
  },
]);

const VAGUE = compileLexicon([
  {
    pattern:
      'amazing|awesome|incredible|great|excellent|superb|fantastic|best(?!-)|top quality|high[- ]quality|quality|premium|various|many|lots of|things|stuff|very|really|truly|unique|perfect|ultimate',
    reason: 'vague praise: nothing a reader can check',
  },
]);

const YOU = new Set([
  'you',
  'your',
  'yours',
  'yourself',
  "you're",
  'you’re',
  "you'll",
  'you’ll',
  "you've",
  'you’ve',
  "you'd",
  'you’d',
]);
const WE = new Set(['we', 'our', 'ours', 'us', "we're", 'we’re', "we've", 'we’ve', "we'll", 'we’ll']);

/** Counts of the specificity signals in one text (for the headline model's features). */
export function specificityCounts(text: string) {
  let you = 0;
  let we = 0;
  for (const t of tokenize(text)) {
    if (YOU.has(t.lower)) you += 1;
    else if (WE.has(t.lower)) we += 1;
  }
  return {
    numbers: [...text.matchAll(NUMBER)].length,
    benefits: matchLexicon(BENEFITS, text).length,
    vague: matchLexicon(VAGUE, text).length,
    you,
    we,
  };
}

const firstPoints = (points: number[], n: number) => points.slice(0, n).reduce((s, p) => s + p, 0);

export function scoreSpecificity(fields: FieldText[]): SubScore {
  const spans: TextSpan[] = [];
  let numbers = 0;
  let benefits = 0;
  let vague = 0;
  let you = 0;
  let we = 0;
  for (const field of fields) {
    if (field.field === 'cta') continue;
    for (const m of field.text.matchAll(NUMBER)) {
      numbers += 1;
      spans.push(span(field, m.index, m.index + m[0].length, 'earned', 'a number: specific and checkable'));
    }
    for (const hit of matchLexicon(BENEFITS, field.text)) {
      benefits += 1;
      spans.push(span(field, hit.start, hit.end, 'earned', hit.entry.reason));
    }
    for (const hit of matchLexicon(VAGUE, field.text)) {
      vague += 1;
      spans.push(span(field, hit.start, hit.end, 'cost', hit.entry.reason));
    }
    for (const t of tokenize(field.text)) {
      if (YOU.has(t.lower)) {
        you += 1;
        spans.push(span(field, t.start, t.end, 'earned', 'speaks to the reader'));
      } else if (WE.has(t.lower)) {
        we += 1;
      }
    }
  }
  let score = BASE + firstPoints(NUMBER_POINTS, numbers) + firstPoints(BENEFIT_POINTS, benefits) - vague * VAGUE_COST;
  if (you > 0 && you >= we) score += YOU_POINTS;
  if (we > you) score -= SELF_FOCUS_COST;
  const notes = [
    numbers ? `${numbers} number${numbers > 1 ? 's' : ''}.` : 'No numbers.',
    benefits
      ? `${benefits} concrete benefit${benefits > 1 ? 's' : ''}.`
      : 'No concrete benefit (a saving, a time, an outcome).',
    you >= we && you > 0
      ? `Reader focus: "you" ${you}× against "we" ${we}×.`
      : `Advertiser focus: "we" ${we}× against "you" ${you}×.`,
  ];
  if (vague) notes.push(`${vague} vague word${vague > 1 ? 's' : ''}.`);
  return { key: 'specificity', label: 'Specificity', score: clampScore(score), explanation: notes.join(' '), spans };
}
