import { scoreBias, scorePersuasion } from './cues';
import { scoreCta } from './cta';
import { scoreEmotion } from './emotion';
import { HEADLINE_WEIGHTS, scoreHeadline, type HeadlineScore } from './headlineModel';
import { PLACEMENTS } from '@shared/creative/placements';
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
export const OVERALL_WEIGHTS: Record<SubScoreKey | 'headlineModel', number> = {
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

/** A copy the platforms would likely reject cannot score well whatever else it does: the overall is held this far above the policy score. */
const POLICY_CAP_MARGIN = 30;

export interface OverallScore {
  score: number;
  explanation: string;
  /** Each part's score and its points in the overall. */
  parts: { key: SubScoreKey | 'headlineModel'; label: string; score: number; weight: number; points: number }[];
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
function modelInputs(copy: AdCopy): { scored: TextAnalysis['headlineModel']['scored']; texts: string[]; room: number | null } {
  const placement = PLACEMENTS[copy.placement];
  const headlines = copy.headlines.filter((h) => h.trim() !== '');
  if (placement.headline && headlines.length) return { scored: 'headlines', texts: headlines, room: placement.headline.truncateAt };
  // TikTok shows no headline: its ad text's opening sentence does a headline's job.
  const first = sentences(copy.primaryText)[0];
  if (first) return { scored: 'openingSentence', texts: [copy.primaryText.slice(first.start, first.end).trim()], room: placement.primaryText?.truncateAt ?? null };
  return { scored: 'none', texts: [], room: null };
}

function combine(subScores: SubScore[], model: number | null): OverallScore {
  const parts: OverallScore['parts'] = subScores.map((s) => ({ key: s.key, label: s.label, score: s.score, weight: OVERALL_WEIGHTS[s.key], points: 0 }));
  if (model !== null) parts.push({ key: 'headlineModel', label: 'Headline model (A/B tests)', score: model, weight: OVERALL_WEIGHTS.headlineModel, points: 0 });
  const total = parts.reduce((s, p) => s + p.weight, 0);
  for (const p of parts) p.points = (p.score * p.weight) / total;
  let score = parts.reduce((s, p) => s + p.points, 0);
  const policy = subScores.find((s) => s.key === 'policy')!.score;
  const notes: string[] = [];
  if (score > policy + POLICY_CAP_MARGIN) {
    score = policy + POLICY_CAP_MARGIN;
    notes.push(`Held to ${clampScore(score)} by the policy risk: the platforms would likely reject or restrict this copy.`);
  }
  const sorted = [...parts].sort((a, b) => a.score - b.score);
  notes.unshift(`Strongest: ${sorted.at(-1)!.label.toLowerCase()} (${sorted.at(-1)!.score}); weakest: ${sorted[0].label.toLowerCase()} (${sorted[0].score}).`);
  if (model === null) notes.push('No headline to score with the learned model, so the rules alone make the score.');
  return { score: clampScore(score), explanation: notes.join(' '), parts };
}

export function analyseCopy(copy: AdCopy): TextAnalysis {
  const fields = readableFields(copy);
  const fit = scorePlatformFit(copy);
  const subScores = [fit.subScore, scoreClarity(fields), scoreCta(copy, fields), scoreSpecificity(fields), scorePersuasion(fields), scoreBias(fields), scoreEmotion(fields), scorePolicy(fields)];
  const inputs = modelInputs(copy);
  const headlines = inputs.texts.map((t) => scoreHeadline(t, HEADLINE_WEIGHTS, inputs.room));
  const model = headlines.length ? clampScore(headlines.reduce((s, h) => s + h.score, 0) / headlines.length) : null;
  return {
    placement: copy.placement,
    placementLabel: PLACEMENTS[copy.placement].label,
    subScores,
    fields: fit.fields,
    headlineModel: { scored: inputs.scored, headlines, score: model, validation: HEADLINE_WEIGHTS.crossValidation },
    overall: combine(subScores, model),
    suggestions: suggestRewrites(copy, subScores, fit.fields, inputs.scored === 'headlines' ? headlines : []),
  };
}
