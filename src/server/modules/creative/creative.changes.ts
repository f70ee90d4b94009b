import {
  CREATIVE_INPUT_FIELDS,
  type CreativeAnalysis,
  type CreativeChanges,
  type CreativeCopyInput,
  type CreativeInputField,
  type CreativeScoreChange,
  type CreativeStoredImage,
  type CreativeSubScore,
} from '@shared/api/creative';

/** One side of a re-analysis: the copy and the image's identity as sent, and the result. */
export interface AnalysedSide {
  copy: CreativeCopyInput;
  image: Pick<CreativeStoredImage, 'sha256'> | null;
  result: Pick<CreativeAnalysis, 'text' | 'image'>;
}

const OVERALL = { key: 'overall', label: 'Overall score' };

function change(key: string, label: string, before: number | null, after: number | null): CreativeScoreChange {
  return { key, label, before, after, delta: before === null || after === null ? null : after - before };
}

/** Scores matched by key: the new analysis' order first, then any only the old one had. */
function byKey(before: CreativeSubScore[], after: CreativeSubScore[]): CreativeScoreChange[] {
  const old = new Map(before.map((score) => [score.key, score]));
  const changes = after.map((score) => change(score.key, score.label, old.get(score.key)?.score ?? null, score.score));
  const seen = new Set(after.map((score) => score.key));
  for (const score of before) if (!seen.has(score.key)) changes.push(change(score.key, score.label, score.score, null));
  return changes;
}

function sameInput(field: CreativeInputField, before: AnalysedSide, after: AnalysedSide): boolean {
  if (field === 'image') return (before.image?.sha256 ?? null) === (after.image?.sha256 ?? null);
  if (field === 'headlines')
    return (
      before.copy.headlines.length === after.copy.headlines.length &&
      before.copy.headlines.every((headline, i) => headline === after.copy.headlines[i])
    );
  return before.copy[field] === after.copy[field];
}

/**
 * What changed between a saved analysis and its re-analysis: the overall score and every
 * sub-score before → after with the difference, and the names of the inputs that differ. Pure:
 * the service loads the previous row and saves the new one.
 */
export function creativeChanges(previousId: string, before: AnalysedSide, after: AnalysedSide): CreativeChanges {
  return {
    previous_id: previousId,
    overall: change(OVERALL.key, OVERALL.label, before.result.text.overall.score, after.result.text.overall.score),
    sub_scores: byKey(before.result.text.sub_scores, after.result.text.sub_scores),
    image_scores: byKey(before.result.image?.sub_scores ?? [], after.result.image?.sub_scores ?? []),
    inputs: CREATIVE_INPUT_FIELDS.filter((field) => !sameInput(field, before, after)),
  };
}
