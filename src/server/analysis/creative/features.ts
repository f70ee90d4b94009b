import { BIAS_LABELS, type BiasCue, countCues, PERSUASION_LABELS, type PersuasionCue } from './cues';
import { emotionCounts } from './emotion';
import { policyHits } from './policy';
import { fleschReadingEase, jargonHits, shoutedWords } from './readability';
import { specificityCounts } from './specificity';
import { sentences, tokenize } from './text';

/**
 * The headline model's features: the sub-scores' own signals (cue counts, valence, numbers,
 * reader focus, readability, policy hits) plus plain text features (length, punctuation,
 * pronouns, question words) and the words themselves. Training and scoring both call
 * headlineFeatures, so a feature cannot mean one thing when fitted and another when used.
 * Counts are capped: a third exclamation mark says nothing the second did not.
 */

/** A sparse feature vector: name → value; absent names are 0. */
export type Features = Map<string, number>;

/** Words become features `w:<word>` (and adjacent pairs `b:<a>_<b>`); the weights file keeps only the vocabulary it learnt. */
export const WORD_PREFIX = 'w:';
export const BIGRAM_PREFIX = 'b:';

const COUNT_CAP = 3;
/** Flesch reading ease is clipped to this range: past it the formula runs away on one- or two-word texts. */
const EASE_RANGE = { min: -20, max: 120 };

const FIRST_SINGULAR = new Set(['i', 'me', 'my', 'mine', "i'm", 'i’m', "i've", 'i’ve', "i'd", 'i’d', "i'll", 'i’ll']);
const THIRD_PERSON = new Set([
  'he',
  'she',
  'his',
  'her',
  'him',
  'they',
  'them',
  'their',
  "he's",
  'he’s',
  "she's",
  'she’s',
  "they're",
  'they’re',
]);
const DEMONSTRATIVE = new Set(['this', 'these', 'that', 'those', "this'll", "that's", 'that’s', "here's", 'here’s']);
const QUESTION_WORDS = ['what', 'why', 'how', 'who', 'when', 'where', 'which'] as const;
const NEGATIONS = new Set([
  'not',
  'no',
  'never',
  'nothing',
  'nobody',
  "don't",
  'don’t',
  "can't",
  'can’t',
  "won't",
  'won’t',
  "isn't",
  'isn’t',
  "didn't",
  'didn’t',
  'without',
]);
const SUPERLATIVE = /^(?:most|best|worst|least|greatest|ever)$|^\p{L}{3,}est$/u;
// Stop words carry the grammar, not the topic; as single-word features they only add noise.
const STOP = new Set([
  'a',
  'an',
  'the',
  'of',
  'to',
  'in',
  'and',
  'or',
  'for',
  'on',
  'at',
  'by',
  'with',
  'is',
  'it',
  'as',
  'be',
]);

const cap = (n: number) => Math.min(COUNT_CAP, n);

/** The dense features' names, in a fixed order (the weights file lists them). */
export const DENSE_FEATURES = [
  'chars',
  'words',
  'log_words',
  'mean_word_length',
  'sentences',
  'question',
  'exclamation',
  'quote',
  'colon',
  'dash',
  'ellipsis',
  'numbers',
  'starts_with_number',
  'you',
  'first_person',
  'we',
  'third_person',
  'demonstrative',
  ...QUESTION_WORDS.map((w) => `wh_${w}`),
  'negation',
  'superlative',
  'capitals',
  'flesch',
  'valence',
  'positive_words',
  'negative_words',
  'arousal',
  'benefits',
  'vague',
  'jargon',
  'policy',
  ...(Object.keys(PERSUASION_LABELS) as PersuasionCue[]).map((c) => `cue_${c}`),
  ...(Object.keys(BIAS_LABELS) as BiasCue[]).map((c) => `bias_${c}`),
] as const;

export type DenseFeature = (typeof DENSE_FEATURES)[number];

/** Human names for explanations. */
export function describeFeature(name: string): string {
  if (name.startsWith(WORD_PREFIX)) return `the word "${name.slice(WORD_PREFIX.length)}"`;
  if (name.startsWith(BIGRAM_PREFIX)) return `the phrase "${name.slice(BIGRAM_PREFIX.length).replace('_', ' ')}"`;
  if (name.startsWith('cue_')) return `${PERSUASION_LABELS[name.slice(4) as PersuasionCue]} cue`;
  if (name.startsWith('bias_')) return `${BIAS_LABELS[name.slice(5) as BiasCue]} cue`;
  if (name.startsWith('wh_')) return `"${name.slice(3)}" question word`;
  return name.replace(/_/g, ' ');
}

/** Lower-cased words with curly apostrophes straightened, for the word features. */
function normalWord(word: string) {
  return word.toLowerCase().replace(/’/g, "'");
}

export function headlineFeatures(text: string): Features {
  const f: Features = new Map();
  const set = (name: string, value: number) => {
    if (value !== 0) f.set(name, value);
  };
  const tokens = tokenize(text);
  const words = tokens.length;
  set('chars', text.length);
  set('words', words);
  set('log_words', Math.log1p(words));
  set('mean_word_length', words ? tokens.reduce((s, t) => s + t.text.length, 0) / words : 0);
  set('sentences', cap(sentences(text).length));
  set('question', text.includes('?') ? 1 : 0);
  set('exclamation', cap((text.match(/!/g) ?? []).length));
  set('quote', /["“”]|(?:^|\s)['‘]/u.test(text) ? 1 : 0);
  set('colon', text.includes(':') ? 1 : 0);
  set('dash', /\s[-–—]\s|—/u.test(text) ? 1 : 0);
  set('ellipsis', /\.\.\.|…/u.test(text) ? 1 : 0);

  const spec = specificityCounts(text);
  set('numbers', cap(spec.numbers));
  set('starts_with_number', /^\s*\d/u.test(text) ? 1 : 0);
  set('you', cap(spec.you));
  set('we', cap(spec.we));
  set('benefits', cap(spec.benefits));
  set('vague', cap(spec.vague));

  let first = 0;
  let third = 0;
  let demonstrative = 0;
  let negation = 0;
  let superlative = 0;
  const wh = new Map<string, number>();
  for (const t of tokens) {
    const w = normalWord(t.text);
    if (FIRST_SINGULAR.has(w)) first += 1;
    if (THIRD_PERSON.has(w)) third += 1;
    if (DEMONSTRATIVE.has(w)) demonstrative += 1;
    if (NEGATIONS.has(w)) negation += 1;
    if (SUPERLATIVE.test(w)) superlative += 1;
    if ((QUESTION_WORDS as readonly string[]).includes(w)) wh.set(w, 1);
  }
  set('first_person', cap(first));
  set('third_person', cap(third));
  set('demonstrative', cap(demonstrative));
  for (const [w, v] of wh) set(`wh_${w}`, v);
  set('negation', cap(negation));
  set('superlative', cap(superlative));
  set('capitals', cap(shoutedWords(text).length));

  const ease = fleschReadingEase(text);
  set('flesch', ease === null ? 0 : Math.max(EASE_RANGE.min, Math.min(EASE_RANGE.max, ease)));
  const emotion = emotionCounts(text);
  set('valence', Math.max(-10, Math.min(10, emotion.valence)));
  set('positive_words', cap(emotion.positive));
  set('negative_words', cap(emotion.negative));
  set('arousal', cap(emotion.arousal));
  set('jargon', cap(jargonHits(text).length));
  set('policy', cap(policyHits(text).length));
  const cues = countCues(text);
  for (const [c, n] of Object.entries(cues.persuasion)) set(`cue_${c}`, cap(n));
  for (const [c, n] of Object.entries(cues.bias)) set(`bias_${c}`, cap(n));

  let previous: string | null = null;
  for (const t of tokens) {
    const w = normalWord(t.text);
    if (!STOP.has(w)) f.set(WORD_PREFIX + w, 1);
    if (previous !== null) f.set(`${BIGRAM_PREFIX}${previous}_${w}`, 1);
    previous = w;
  }
  return f;
}
