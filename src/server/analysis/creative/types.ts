import type { CreativePlacement } from '@shared/api/creative';
import type { FieldCut } from '@shared/creative/layout';

/**
 * The shapes of the Creative Analyzer's text half: a copy in, sub-scores with the spans of text
 * that earned or cost their points out. Offsets are UTF-16 code-unit indices into the field as
 * given, so the browser can highlight `text.slice(start, end)` without re-tokenising.
 */

/** The placements the analyzer knows (the API's list); see PLACEMENTS in @shared/creative/placements. */
export type PlacementId = CreativePlacement;

/** One ad copy as the advertiser wrote it. */
export interface AdCopy {
  placement: PlacementId;
  headlines: string[];
  primaryText: string;
  description: string;
  cta: string;
  landingUrl: string;
}

/** A text field of a copy; headlines are told apart by `index` on the span. */
export type CopyField = 'headline' | 'primaryText' | 'description' | 'cta' | 'landingUrl';

/** A stretch of one field that earned or cost points, and why. */
export interface TextSpan {
  field: CopyField;
  /** Which headline, for field 'headline'; 0 otherwise. */
  index: number;
  start: number;
  end: number;
  kind: 'earned' | 'cost';
  reason: string;
}

export type SubScoreKey =
  'platformFit' | 'clarity' | 'cta' | 'specificity' | 'persuasion' | 'bias' | 'emotion' | 'policy';

/** One explained sub-score, 0–100. */
export interface SubScore {
  key: SubScoreKey;
  label: string;
  score: number;
  explanation: string;
  spans: TextSpan[];
}

/** One field as it is laid out on a placement: what is seen, what is cut, whether it is refused. */
export interface FieldFit extends FieldCut {
  field: CopyField;
  index: number;
}

/** A field's text with where it came from; what the per-field analysers walk over. */
export interface FieldText {
  field: CopyField;
  index: number;
  text: string;
}

/** A rewrite suggestion for a weak part of the copy, grounded in what it lacks. */
export interface Suggestion {
  /** The sub-score it would raise ('headlineModel' for the learned model). */
  target: SubScoreKey | 'headlineModel';
  /** The field it is about, where one is. */
  field?: CopyField;
  index?: number;
  /** What to change and why, in a sentence. */
  advice: string;
  /** A template to start from, with the missing cue filled in where the copy gives enough to fill it. */
  example: string;
}
