import { describeFeature, type Features, headlineFeatures } from './features';
import weightsFile from './headlineWeights.json';

/**
 * The learned headline model: a linear score over headlineFeatures, fitted pairwise on the
 * Upworthy Research Archive's headline A/B tests by `npm run creative:train` (see
 * src/server/cli/trainHeadlineModel.ts), which also writes the cross-validated figures the
 * screen shows beside the score. The difference of two headlines' logits is the model's log-odds
 * that the first wins an A/B test against the second.
 *
 * Ad copy is not Upworthy news copy: a two-word ad headline is seven standard deviations shorter
 * than the training headlines, and ad cues ("cancel anytime", "% off") barely occur in them. So
 * the model never extrapolates: every dense feature is clipped to its training mean ± Z_CLIP
 * training SDs before it is weighed (training clips the same way), and features seen in too few
 * training headlines get no weight at all (the training script's MIN_SUPPORT). One rare cue or
 * an extreme length therefore moves the logit by at most Z_CLIP SDs' worth of its weight.
 *
 * The 1–100 scale: 1 + 99 × σ(logit − baseline), with baseline 0: the logit of a neutral
 * headline, at the training mean on every dense feature and with none of the learnt words (every
 * contribution is measured against exactly that, so it scores 0). A score is the model's
 * probability, as a percentage, that the headline beats such a neutral headline in an A/B test:
 * 50 means the model sees nothing in it that won or lost Upworthy's tests, which is where a
 * plain ad headline belongs, rather than against the median Upworthy headline, whose
 * clickbait-era words (third-person stories, "this", "what happened") an ad has no reason to use.
 * The model being weak (about 0.59 all-pair accuracy held out), scores stay well inside the range
 * unless a headline has many strong cues at once. The file lists the training headlines' scores
 * at a few percentiles (`scale.percentiles`; the median Upworthy headline scores about 56).
 */

/** What the training script writes (headlineWeights.json). */
export interface HeadlineWeights {
  model: string;
  trainedAt: string;
  data: string;
  /** The logit the 1–100 scale centres on (0: the neutral headline, see above). */
  baseline: number;
  /** Per unit of each feature (dense features in their own units, words and phrases per occurrence). */
  weights: Record<string, number>;
  /** Training means of the dense features: a headline's part of the score is told against them. */
  means: Record<string, number>;
  /** Training SDs of the dense features: values are clipped to mean ± Z_CLIP SDs. */
  sds: Record<string, number>;
  /** How the 1–100 scale reads: the training headlines' scores at some percentiles, and how the scale is made. */
  scale: { method: string; percentiles: Record<string, number> };
  settings: Record<string, unknown>;
  crossValidation: Record<string, unknown>;
  tried: Record<string, unknown>[];
}

export const HEADLINE_WEIGHTS = weightsFile as HeadlineWeights;

/** One feature's part in a headline's logit. */
export interface Contribution {
  feature: string;
  label: string;
  value: number;
  contribution: number;
}

export interface HeadlineScore {
  headline: string;
  logit: number;
  /** 1–100: the probability, as a percentage, that it beats a neutral headline (see above). */
  score: number;
  /** The features that moved the logit most, either way. */
  top: Contribution[];
}

const TOP_CONTRIBUTIONS = 5;
/**
 * The model reads at most this much of a text. Upworthy's headlines run to about 150
 * characters; past a few hundred the length and count features extrapolate far outside what the
 * model saw (and platform fit already marks such a headline), while the time grows with length.
 */
export const MODEL_MAX_CHARS = 300;
/**
 * How far, in training SDs, a dense feature may stray from its training mean before it stops
 * counting: ±3 SDs holds 99%+ of the training headlines on every length and readability feature,
 * so in-distribution scores barely change, while a value outside (a two-word ad, a cue the
 * training headlines almost never had) counts as the most extreme value the model was fitted on.
 */
export const Z_CLIP = 3;

const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));

/** A dense feature's value clipped to its training mean ± Z_CLIP SDs. Training calls this too. */
export function clipToTraining(value: number, mean: number, sd: number): number {
  return Math.max(mean - Z_CLIP * sd, Math.min(mean + Z_CLIP * sd, value));
}

/** What scoring needs of a weights file (the training script scores its folds' models with this too). */
export type ScoringWeights = Pick<HeadlineWeights, 'weights' | 'means' | 'sds'>;

/**
 * The length features' reference for a placement that shows `room` characters of the text: those
 * of a headline that fills the room exactly. Upworthy's headlines average about 80 characters and
 * the model learnt that, there, longer won; an ad placement shows 27–70. Told against Upworthy's
 * mean, every ad headline would lose points for being an ad; told against the room, a headline
 * that uses its space scores neutral on length and a shorter one still loses. Within one
 * placement the reference is the same for every headline, so the model's ranking (and its
 * validation) is unchanged; only where the scale centres moves. Null when the room is as long
 * as the training headlines (nothing to move).
 */
export function lengthReference(
  room: number,
  weights: ScoringWeights = HEADLINE_WEIGHTS,
): Record<string, number> | null {
  const chars = weights.means.chars;
  if (!chars || room >= chars) return null;
  const words = (room * (weights.means.words ?? 0)) / chars;
  return { chars: room, words, log_words: Math.log1p(words) };
}

/** Each weighted feature's part in the logit: dense features against the training mean (or `reference`), clipped; words by their weight. */
function contributions(
  features: Features,
  weights: ScoringWeights,
  reference: Record<string, number> | null = null,
): Contribution[] {
  const parts: Contribution[] = [];
  // A dense feature's part is told against the training average (a 60-character headline is not
  // "60 characters of score", it is some characters longer or shorter than usual), so its absence
  // is itself a difference; a word's part is its weight, since the average headline lacks almost
  // any given word.
  for (const [feature, mean] of Object.entries(weights.means)) {
    const w = weights.weights[feature];
    if (!w) continue;
    const value = features.get(feature) ?? 0;
    const sd = weights.sds[feature] ?? 0;
    const against = reference?.[feature] === undefined ? mean : clipToTraining(reference[feature], mean, sd);
    const contribution = w * (clipToTraining(value, mean, sd) - against);
    if (contribution !== 0) parts.push({ feature, label: describeFeature(feature), value, contribution });
  }
  for (const [feature, value] of features) {
    if (Object.hasOwn(weights.means, feature)) continue;
    const w = weights.weights[feature];
    if (w) parts.push({ feature, label: describeFeature(feature), value, contribution: w * value });
  }
  return parts;
}

const modelFeatures = (headline: string) => headlineFeatures(headline.slice(0, MODEL_MAX_CHARS));

/** The logit of an already featurised headline. */
export function featuresLogit(features: Features, weights: ScoringWeights): number {
  // contributions(), without the labels: training scores every held-out headline of every fold with this.
  let logit = 0;
  for (const [feature, mean] of Object.entries(weights.means)) {
    const w = weights.weights[feature];
    if (w) logit += w * (clipToTraining(features.get(feature) ?? 0, mean, weights.sds[feature] ?? 0) - mean);
  }
  for (const [feature, value] of features)
    if (!Object.hasOwn(weights.means, feature)) logit += (weights.weights[feature] ?? 0) * value;
  return logit;
}

/** The model's raw score for a headline (only differences between headlines mean anything). */
export function headlineLogit(headline: string, weights: HeadlineWeights = HEADLINE_WEIGHTS): number {
  return featuresLogit(modelFeatures(headline), weights);
}

/** 1–100 from a logit: the probability, as a percentage, of beating the neutral headline. */
export const scaleLogit = (logit: number, weights: HeadlineWeights = HEADLINE_WEIGHTS) =>
  Math.max(1, Math.min(100, Math.round(1 + 99 * sigmoid(logit - weights.baseline))));

/** A headline's score; `room` is how many characters of it the placement shows (see lengthReference). */
export function scoreHeadline(
  headline: string,
  weights: HeadlineWeights = HEADLINE_WEIGHTS,
  room: number | null = null,
): HeadlineScore {
  const parts = contributions(modelFeatures(headline), weights, room === null ? null : lengthReference(room, weights));
  const logit = parts.reduce((s, c) => s + c.contribution, 0);
  parts.sort((a, b) => Math.abs(b.contribution) - Math.abs(a.contribution));
  return { headline, logit, score: scaleLogit(logit, weights), top: parts.slice(0, TOP_CONTRIBUTIONS) };
}
