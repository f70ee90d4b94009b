import {
  CREATIVE_PLACEMENT_LABELS,
  type CreativeField,
  type CreativeModelValidation,
  type CreativePlacement,
  type CreativeSpan,
  creativeValidationSentence,
} from '@shared/api/creative';

/** Each field's name on screen. */
export const FIELD_LABELS: Record<CreativeField, string> = {
  headline: 'Headline',
  primary_text: 'Primary text',
  description: 'Description',
  cta: 'Call to action',
  landing_url: 'Landing URL',
};

/** A field's name, with the headline's number for a headline ("Headline 2"). */
export function fieldName(field: CreativeField, index: number): string {
  return field === 'headline' ? `Headline ${index + 1}` : FIELD_LABELS[field];
}

/** A share 0–1 as a whole percentage. */
export const percent = (share: number) => `${Math.round(share * 100)}%`;

/** The headline model's held-out validation, in words, shown beside its score. */
export const validationText = (validation: CreativeModelValidation): string => creativeValidationSentence(validation);

/** The label of the part a placement cuts off. */
export const cutLabel = (placement: CreativePlacement) => `cut on ${CREATIVE_PLACEMENT_LABELS[placement]}`;

/** One piece of a field's text: plain, or a highlighted span with the reasons it earned or cost points. */
export interface TextSegment {
  text: string;
  kind: 'earned' | 'cost' | null;
  reasons: string[];
}

/**
 * Splits `text` at every span's edges; a piece inside spans takes their reasons, and is a cost
 * if any span over it is (what costs points is the more useful thing to see).
 */
export function segmentText(text: string, spans: CreativeSpan[]): TextSegment[] {
  const inside = spans.filter((span) => span.end > span.start && span.start < text.length);
  const edges = [
    ...new Set([
      0,
      text.length,
      ...inside.flatMap((span) => [Math.max(0, span.start), Math.min(text.length, span.end)]),
    ]),
  ].sort((a, b) => a - b);
  const segments: TextSegment[] = [];
  for (let i = 0; i < edges.length - 1; i += 1) {
    const [start, end] = [edges[i], edges[i + 1]];
    if (end <= start) continue;
    const over = inside.filter((span) => span.start <= start && span.end >= end);
    const kind = over.length === 0 ? null : over.some((span) => span.kind === 'cost') ? 'cost' : 'earned';
    segments.push({ text: text.slice(start, end), kind, reasons: over.map((span) => span.reason) });
  }
  return segments;
}

/** When a saved result was made, in the user's locale. */
export const savedAt = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
