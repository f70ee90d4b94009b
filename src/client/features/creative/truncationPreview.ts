import { CREATIVE_PLACEMENT_LABELS, type CreativePlacement } from '@shared/api/creative';
import { cutField } from '@shared/creative/layout';
import { PLACEMENTS } from '@shared/creative/placements';

/** The copy fields a placement lays out, by the form's names. */
export type PreviewField = 'headline' | 'primary_text' | 'description';

const RULE_OF = { headline: 'headline', primary_text: 'primaryText', description: 'description' } as const;

/**
 * What the placement will do with a field as the user types, with the server's own cut (the
 * shared layout): how much is seen, what the cut hides, whether it is over the limit or not shown
 * at all. Empty text says nothing.
 */
export function truncationPreview(text: string, placement: CreativePlacement, field: PreviewField): string | null {
  if (text.trim() === '') return null;
  const spec = PLACEMENTS[placement];
  const name = CREATIVE_PLACEMENT_LABELS[placement];
  const fit = cutField(text, spec[RULE_OF[field]], spec.counting, field);
  if (fit.limit === null) return `${name} does not show this field.`;
  const count = `${fit.length}/${fit.limit}`;
  if (fit.overLimit)
    return `${count}: over the limit, ${spec.platform === 'meta' || spec.platform === 'linkedin' ? 'cut for good' : 'the ad is refused'}.`;
  if (fit.cut.trim() === '') return `${count}: shown whole on ${name}.`;
  return `${count}: ${name} shows “${fit.visible.trimEnd()}…”, then cuts ${fit.cut.trim().length} characters.`;
}
