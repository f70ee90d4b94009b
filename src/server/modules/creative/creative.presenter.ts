import {
  CREATIVE_PLACEMENT_LABELS,
  type CreativeAnalysis,
  type CreativeAnalysisRecord,
  type CreativeAnalysisSummary,
  type CreativeComparison,
  type CreativeField,
  type CreativeImageAnalysis,
  type CreativeModelValidation,
  type CreativePlacement,
  type CreativeShare,
  type CreativeTextAnalysis,
} from '@shared/api/creative';

import type { TextAnalysis } from '../../analysis/creative/textScore';
import type { CopyField, TextSpan } from '../../analysis/creative/types';
import type { ValidatedImage } from '../../analysis/creativeImage/imageInput';
import type { ImageAnalysis } from '../../analysis/creativeImage/imageScores';
import type { CreativeAnalysisRow, CreativeShareRow } from './creative.queries';

/** The analyzer's results in the API's words (snake_case, as everywhere else on the wire). */

const FIELD_NAMES: Record<CopyField, CreativeField> = {
  headline: 'headline',
  primaryText: 'primary_text',
  description: 'description',
  cta: 'cta',
  landingUrl: 'landing_url',
};

const span = (s: TextSpan) => ({
  field: FIELD_NAMES[s.field],
  index: s.index,
  start: s.start,
  end: s.end,
  kind: s.kind,
  reason: s.reason,
});

/** The model's published held-out figures, as the screen shows them beside the score. */
function validationOf(raw: Record<string, unknown>): CreativeModelValidation | null {
  const number = (key: string) => (typeof raw[key] === 'number' ? (raw[key] as number) : null);
  const accuracy = number('accuracy');
  const significant = number('significantAccuracy');
  const spearman = number('spearman');
  if (accuracy === null || significant === null || spearman === null) return null;
  return {
    accuracy,
    significant_accuracy: significant,
    spearman,
    pairs: number('pairs') ?? 0,
    tests: number('tests') ?? 0,
    method: `Held out: ${typeof raw.method === 'string' ? raw.method : 'cross-validation grouped by test'} (Upworthy Research Archive, headline A/B tests).`,
  };
}

export function presentTextAnalysis(analysis: TextAnalysis): CreativeTextAnalysis {
  return {
    overall: analysis.overall,
    sub_scores: analysis.subScores.map((s) => ({
      key: s.key,
      label: s.label,
      score: s.score,
      explanation: s.explanation,
      spans: s.spans.map(span),
    })),
    fields: analysis.fields.map((f) => ({
      field: FIELD_NAMES[f.field],
      index: f.index,
      label: f.label,
      length: f.length,
      limit: f.limit,
      truncate_at: f.truncateAt,
      visible: f.visible,
      cut: f.cut,
      over_limit: f.overLimit,
    })),
    headline_model: {
      scored: analysis.headlineModel.scored === 'openingSentence' ? 'opening_sentence' : analysis.headlineModel.scored,
      score: analysis.headlineModel.score,
      headlines: analysis.headlineModel.headlines.map((h) => ({
        headline: h.headline,
        score: h.score,
        top: h.top.map((c) => ({ label: c.label, contribution: c.contribution })),
      })),
      validation: validationOf(analysis.headlineModel.validation),
    },
    suggestions: analysis.suggestions.map((s) => ({
      target: s.target,
      field: s.field ? FIELD_NAMES[s.field] : null,
      index: s.index ?? null,
      advice: s.advice,
      example: s.example,
    })),
  };
}

export function presentImageAnalysis(image: ValidatedImage, analysis: ImageAnalysis): CreativeImageAnalysis {
  return {
    format: image.format,
    width: analysis.width,
    height: analysis.height,
    sub_scores: analysis.subScores.map((s) => ({
      key: s.key,
      label: s.label,
      score: s.score,
      explanation: s.explanation,
      measure: s.measure,
    })),
    text_coverage: analysis.textCoverage,
    overlay: analysis.overlay,
  };
}

/** A saved row's overall score: the analysis', or a comparison's best. */
function overallOf(row: Pick<CreativeAnalysisRow, 'kind' | 'result'>): number | null {
  if (row.kind === 'analysis') return (row.result as unknown as CreativeAnalysis).text?.overall?.score ?? null;
  return (row.result as unknown as CreativeComparison).ranking?.[0]?.score ?? null;
}

const placementOf = (row: Pick<CreativeAnalysisRow, 'placement'>) => row.placement as CreativePlacement;

/** One row of the history list. */
export function presentSummary(
  row: Pick<CreativeAnalysisRow, 'id' | 'kind' | 'placement' | 'title' | 'result' | 'createdAt' | 'input'>,
): CreativeAnalysisSummary {
  return {
    id: row.id,
    kind: row.kind,
    placement: placementOf(row),
    placement_label: CREATIVE_PLACEMENT_LABELS[placementOf(row)] ?? row.placement,
    title: row.title,
    overall_score: overallOf(row),
    created_at: row.createdAt.toISOString(),
    has_image: row.kind === 'analysis' && Boolean((row.input as { image?: unknown }).image),
  };
}

/** A saved analysis or comparison whole: the stored response body with its id and time, and the thumbnail as a data URL. */
export function presentRecord(row: CreativeAnalysisRow): CreativeAnalysisRecord {
  const base = {
    id: row.id,
    placement: placementOf(row),
    placement_label: CREATIVE_PLACEMENT_LABELS[placementOf(row)] ?? row.placement,
    title: row.title,
    created_at: row.createdAt.toISOString(),
    previous_id: row.previousId,
    thumbnail: row.thumbnail ? `data:image/webp;base64,${row.thumbnail.toString('base64')}` : null,
  };
  const saved = { id: row.id, created_at: base.created_at };
  return row.kind === 'analysis'
    ? {
        ...base,
        kind: 'analysis',
        input: row.input as never,
        result: { ...(row.result as unknown as CreativeAnalysis), ...saved },
      }
    : {
        ...base,
        kind: 'comparison',
        input: row.input as never,
        result: { ...(row.result as unknown as CreativeComparison), ...saved },
      };
}

export function presentShare(row: CreativeShareRow, url: string): CreativeShare {
  return { id: row.id, url, created_at: row.createdAt.toISOString(), expires_at: row.expiresAt.toISOString() };
}
