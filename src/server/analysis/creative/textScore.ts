import { PLACEMENTS } from '@shared/creative/placements';

import { scoreCta } from './cta';
import { scoreBias, scorePersuasion } from './cues';
import { scoreEmotion } from './emotion';
import { HEADLINE_WEIGHTS, type HeadlineScore, scoreHeadline } from './headlineModel';
import { scorePlatformFit } from './platformFit';
import { scorePolicy } from './policy';
import { scoreClarity } from './readability';
import { scoreSpecificity } from './specificity';
import { suggestRewrites } from './suggestions';
import { clampScore, readableFields, sentences } from './text';
import type { AdCopy, FieldFit, SubScore, SubScoreKey, Suggestion } from './types';

/**
 * The text half of the pre-launch analysis: every sub-score, the headline model's scores, an
 * overall text score and rewrite suggestions for one copy. Pure and total: any strings in
 * (empty, or 5,000 characters), a result out, in a few milliseconds.
 */

/**
 * Each part's share of the overall text score. The rules of thumb (fit, clarity, a call to
 * action, specifics, no policy trouble) are what reviewers and practitioners agree on; the
 * learned headline model is the one part validated on real A/B tests, so it gets the largest
 * single share, but not a majority: it was fitted on news headlines, not ads.
 */
export type OverallPartKey = SubScoreKey | 'headlineModel';
export type OverallWeights = Record<OverallPartKey, number>;

export const OVERALL_WEIGHTS: OverallWeights = {
  headlineModel: 0.2,
  platformFit: 0.14,
  clarity: 0.12,
  cta: 0.12,
  specificity: 0.12,
  policy: 0.12,
  persuasion: 0.08,
  bias: 0.05,
  emotion: 0.05,
};

/** Which weights made an overall, and a line saying so on the screen. */
export interface OverallWeighting {
  source: 'global' | 'workspace';
  weights: OverallWeights;
  note: string;
}

export const GLOBAL_WEIGHTING: OverallWeighting = {
  source: 'global',
  weights: OVERALL_WEIGHTS,
  note: 'Weighted by the global weights: the rules of thumb and the headline model validated on A/B tests.',
};

/** A copy the platforms would likely reject cannot score well whatever else it does: the overall is held this far above the policy score. */
const POLICY_CAP_MARGIN = 30;

export interface OverallScore {
  score: number;
  explanation: string;
  /** Each part's score and its points in the overall. */
  parts: { key: OverallPartKey; label: string; score: number; weight: number; points: number }[];
  /** Which weights made it: the global ones, or the workspace's refit (workspaceRefit). */
  weighting: { source: OverallWeighting['source']; note: string };
}

/**
 * The overall of some parts' scores under some weights: their weighted mean (the weights of the
 * parts present), held to POLICY_CAP_MARGIN above the policy score; `capped` says whether the
 * cap bit. The one formula, so a workspace's refit (workspaceRefit) is judged on exactly the
 * score the screen shows.
 */
export function weighParts(
  scores: Partial<Record<OverallPartKey, number>>,
  weights: OverallWeights,
): { score: number; capped: boolean } {
  let total = 0;
  let sum = 0;
  for (const [key, score] of Object.entries(scores) as [OverallPartKey, number][]) {
    total += weights[key];
    sum += score * weights[key];
  }
  const mean = total > 0 ? sum / total : 0;
  const policy = scores.policy;
  if (policy !== undefined && mean > policy + POLICY_CAP_MARGIN)
    return { score: policy + POLICY_CAP_MARGIN, capped: true };
  return { score: mean, capped: false };
}

export interface TextAnalysis {
  placement: AdCopy['placement'];
  placementLabel: string;
  subScores: SubScore[];
  /** Each field as the placement shows it: the truncation preview. */
  fields: FieldFit[];
  headlineModel: {
    /** What the model scored: the headlines, or the opening sentence where the placement has no headline. */
    scored: 'headlines' | 'openingSentence' | 'none';
    headlines: HeadlineScore[];
    /** Mean of the headlines' 1–100 scores, or null when there was nothing to score. */
    score: number | null;
    /** The model's published validation, for the screen to show beside the score. */
    validation: Record<string, unknown>;
  };
  overall: OverallScore;
  suggestions: Suggestion[];
}

/** What the headline model reads for a copy on its placement. */
/** What the learned model reads, and how many characters of it the placement shows. */
function modelInputs(copy: AdCopy): {
  scored: TextAnalysis['headlineModel']['scored'];
  texts: string[];
  room: number | null;
} {
  const placement = PLACEMENTS[copy.placement];
  const headlines = copy.headlines.filter((h) => h.trim() !== '');
  if (placement.headline && headlines.length)
    return { scored: 'headlines', texts: headlines, room: placement.headline.truncateAt };
  // TikTok shows no headline: its ad text's opening sentence does a headline's job.
  const first = sentences(copy.primaryText)[0];
  if (first)
    return {
      scored: 'openingSentence',
      texts: [copy.primaryText.slice(first.start, first.end).trim()],
      room: placement.primaryText?.truncateAt ?? null,
    };
  return { scored: 'none', texts: [], room: null };
}

function combine(subScores: SubScore[], model: number | null, weighting: OverallWeighting): OverallScore {
  const { weights } = weighting;
  const parts: OverallScore['parts'] = subScores.map((s) => ({
    key: s.key,
    label: s.label,
    score: s.score,
    weight: weights[s.key],
    points: 0,
  }));
  if (model !== null)
    parts.push({
      key: 'headlineModel',
      label: 'Headline model (A/B tests)',
      score: model,
      weight: weights.headlineModel,
      points: 0,
    });
  const total = parts.reduce((s, p) => s + p.weight, 0);
  for (const p of parts) p.points = total > 0 ? (p.score * p.weight) / total : 0;
  const { score, capped } = weighParts(Object.fromEntries(parts.map((p) => [p.key, p.score])), weights);
  const notes: string[] = [];
  if (capped)
    notes.push(
      `Held to ${clampScore(score)} by the policy risk: the platforms would likely reject or restrict this copy.`,
    );
  const sorted = [...parts].sort((a, b) => a.score - b.score);
  notes.unshift(
    `Strongest: ${sorted.at(-1)!.label.toLowerCase()} (${sorted.at(-1)!.score}); weakest: ${sorted[0].label.toLowerCase()} (${sorted[0].score}).`,
  );
  if (model === null) notes.push('No headline to score with the learned model, so the rules alone make the score.');
  return {
    score: clampScore(score),
    explanation: notes.join(' '),
    parts,
    weighting: { source: weighting.source, note: weighting.note },
  };
}

/** `weighting`: how the parts make the overall; a workspace's refit weights where it has them (workspaceRefit), else the global ones. */
export function analyseCopy(copy: AdCopy, weighting: OverallWeighting = GLOBAL_WEIGHTING): TextAnalysis {
  const fields = readableFields(copy);
  const fit = scorePlatformFit(copy);
  const subScores = [
    fit.subScore,
    scoreClarity(fields),
    scoreCta(copy, fields),
    scoreSpecificity(fields),
    scorePersuasion(fields),
    scoreBias(fields),
    scoreEmotion(fields),
    scorePolicy(fields),
  ];
  const inputs = modelInputs(copy);
  const headlines = inputs.texts.map((t) => scoreHeadline(t, HEADLINE_WEIGHTS, inputs.room));
  const model = headlines.length ? clampScore(headlines.reduce((s, h) => s + h.score, 0) / headlines.length) : null;
  return {
    placement: copy.placement,
    placementLabel: PLACEMENTS[copy.placement].label,
    subScores,
    fields: fit.fields,
    headlineModel: { scored: inputs.scored, headlines, score: model, validation: HEADLINE_WEIGHTS.crossValidation },
    overall: combine(subScores, model, weighting),
    suggestions: suggestRewrites(copy, subScores, fit.fields, inputs.scored === 'headlines' ? headlines : []),
  };
}
