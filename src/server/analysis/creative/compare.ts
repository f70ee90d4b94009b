import { analyseCopy, GLOBAL_WEIGHTING, type OverallWeighting, type TextAnalysis } from './textScore';
import type { AdCopy } from './types';

/**
 * Side-by-side comparison of two to five variants: each analysed, ranked by overall text score,
 * and each step of the ranking explained by the parts that differ most. Where both variants have
 * headlines, the headline model also gives the probability that the first would win an A/B test
 * of the two headlines, the one figure here validated on real tests.
 */

/** Parts whose difference is named in an explanation. */
const PARTS_EXPLAINED = 3;
/** Score differences below this are noise in the rules and not named. */
const NOTABLE = 3;

export interface RankedVariant {
  /** Position of the variant in the input. */
  index: number;
  rank: number;
  score: number;
  analysis: TextAnalysis;
}

export interface VariantStep {
  higher: number;
  lower: number;
  difference: number;
  /** The model's probability that the higher variant's best headline beats the lower's, or null without headlines. */
  headlineWinProbability: number | null;
  explanation: string;
}

export interface Comparison {
  ranking: RankedVariant[];
  /** One per adjacent pair of the ranking, best first. */
  steps: VariantStep[];
}

const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));

function bestLogit(a: TextAnalysis): number | null {
  const logits = a.headlineModel.headlines.map((h) => h.logit);
  return logits.length ? Math.max(...logits) : null;
}

function explainStep(higher: RankedVariant, lower: RankedVariant): VariantStep {
  const diffs = higher.analysis.overall.parts
    .map((p) => {
      const other = lower.analysis.overall.parts.find((q) => q.key === p.key);
      return { label: p.label, delta: other ? p.score - other.score : 0, points: other ? p.points - other.points : 0 };
    })
    .filter((d) => Math.abs(d.delta) >= NOTABLE)
    .sort((a, b) => Math.abs(b.points) - Math.abs(a.points))
    .slice(0, PARTS_EXPLAINED);
  const a = bestLogit(higher.analysis);
  const b = bestLogit(lower.analysis);
  const probability = a !== null && b !== null ? sigmoid(a - b) : null;
  const difference = higher.score - lower.score;
  const parts = diffs.map((d) => `${d.label.toLowerCase()} ${d.delta > 0 ? '+' : ''}${d.delta}`);
  let explanation =
    difference === 0
      ? `Variants ${higher.index + 1} and ${lower.index + 1} score the same (${higher.score}).`
      : `Variant ${higher.index + 1} scores ${difference} more than variant ${lower.index + 1} (${higher.score} against ${lower.score})`;
  if (difference !== 0)
    explanation += parts.length ? `, mostly on ${parts.join(', ')}.` : ', by small differences spread over every part.';
  if (probability !== null)
    explanation += ` The A/B-test model gives its best headline a ${Math.round(probability * 100)}% chance of beating the other's.`;
  return { higher: higher.index, lower: lower.index, difference, headlineWinProbability: probability, explanation };
}

export function compareVariants(copies: AdCopy[], weighting: OverallWeighting = GLOBAL_WEIGHTING): Comparison {
  const analysed = copies.map((copy, index) => ({ index, analysis: analyseCopy(copy, weighting) }));
  // Ties in the overall score go to the stronger headline, then to the earlier variant.
  const ranked = [...analysed].sort(
    (x, y) =>
      y.analysis.overall.score - x.analysis.overall.score ||
      (bestLogit(y.analysis) ?? 0) - (bestLogit(x.analysis) ?? 0) ||
      x.index - y.index,
  );
  const ranking = ranked.map((v, i) => ({
    index: v.index,
    rank: i + 1,
    score: v.analysis.overall.score,
    analysis: v.analysis,
  }));
  const steps = ranking.slice(1).map((lower, i) => explainStep(ranking[i], lower));
  return { ranking, steps };
}
