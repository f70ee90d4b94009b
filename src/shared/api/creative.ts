/**
 * The Creative Analyzer (Pro; a running trial counts), shared by client and server. Every route
 * is under the API base, needs the signed-in user's access token and 'creative:analyze', and
 * answers for the current workspace (WORKSPACE_HEADER). Nothing is sent outside the product.
 *
 * POST creative/analyze/  CreativeAnalyzeInput  -> CreativeAnalysis    one copy (and its image), scored and explained; saved
 * POST creative/compare/  CreativeCompareInput  -> CreativeComparison  two to five copies ranked, each step explained; saved
 *
 * History and sharing (every successful analysis or comparison is saved in the workspace):
 * GET    creative/analyses/?cursor=&limit=     -> CreativeAnalysisPage     newest first
 * GET    creative/analyses/<id>/               -> CreativeAnalysisRecord   inputs, result, thumbnail
 * DELETE creative/analyses/<id>/               -> 204                      owners and managers ('creative:manage')
 * GET    creative/analyses/<id>/pdf/           -> application/pdf          the result as an A4 report
 * POST   creative/analyses/<id>/share/  CreativeShareInput -> CreativeShareCreated  a signed read-only link ('creative:manage')
 * GET    creative/analyses/<id>/shares/        -> CreativeShare[]          the links still open ('creative:manage')
 * DELETE creative/shares/<shareId>/            -> 204                      revokes a link ('creative:manage')
 * GET    shared/creative/<token>/  (public)    -> CreativeSharedView       404 unknown, 410 expired or revoked
 */

export const CREATIVE_PLACEMENTS = [
  'google_rsa',
  'meta_feed',
  'meta_reels',
  'linkedin_single_image',
  'x_promoted_post',
  'tiktok_in_feed',
] as const;
export type CreativePlacement = (typeof CREATIVE_PLACEMENTS)[number];

export const CREATIVE_PLACEMENT_LABELS: Record<CreativePlacement, string> = {
  google_rsa: 'Google responsive search ad',
  meta_feed: 'Meta feed',
  meta_reels: 'Meta Reels',
  linkedin_single_image: 'LinkedIn single image',
  x_promoted_post: 'X promoted post',
  tiktok_in_feed: 'TikTok in-feed',
};

/** Input limits (a guard; the placements' own limits are judged, not refused). */
export const CREATIVE_LIMITS = {
  /** Longest text of any field. */
  maxTextChars: 5000,
  /** Most headlines (Google responsive search takes 15). */
  maxHeadlines: 15,
  /** Largest image upload, bytes, and most pixels. */
  maxImageBytes: 10 * 1024 * 1024,
  maxImagePixels: 40_000_000,
  /** Copies compared at once. */
  minVariants: 2,
  maxVariants: 5,
} as const;

/** One ad copy as written (every text field may be empty). */
export interface CreativeCopyInput {
  placement: CreativePlacement;
  headlines: string[];
  primary_text: string;
  description: string;
  cta: string;
  landing_url: string;
}

export interface CreativeAnalyzeInput extends CreativeCopyInput {
  /** The image, base64 (PNG, JPEG or WebP by content; ≤ 10 MB, ≤ 40 megapixels); null or absent: none. */
  image?: string | null;
  /** The saved analysis this one re-analyses: the answer then says what changed. */
  previous_id?: string | null;
}

export interface CreativeCompareInput {
  copies: CreativeCopyInput[];
}

export type CreativeField = 'headline' | 'primary_text' | 'description' | 'cta' | 'landing_url';

/** A stretch of one field that earned or cost points (UTF-16 offsets into the field as sent). */
export interface CreativeSpan {
  field: CreativeField;
  /** Which headline, for 'headline'; 0 otherwise. */
  index: number;
  start: number;
  end: number;
  kind: 'earned' | 'cost';
  reason: string;
}

export interface CreativeSubScore {
  key: string;
  label: string;
  /** 0–100; null where it does not apply (an image score on a placement without images). */
  score: number | null;
  explanation: string;
}

export interface CreativeTextSubScore extends CreativeSubScore {
  spans: CreativeSpan[];
}

/** One field as the placement shows it: the truncation preview. */
export interface CreativeFieldFit {
  field: CreativeField;
  index: number;
  label: string;
  length: number;
  limit: number | null;
  truncate_at: number | null;
  visible: string;
  cut: string;
  over_limit: boolean;
}

export interface CreativeHeadlineScore {
  headline: string;
  score: number;
  /** The features that moved it most: what, and by how much (logit). */
  top: { label: string; contribution: number }[];
}

/** How well the headline model predicts, measured on A/B tests it never saw (shown beside the score). */
export interface CreativeModelValidation {
  /** Share of headline pairs ranked right, all pairs and pairs whose CTR difference is significant (p < 0.05). */
  accuracy: number;
  significant_accuracy: number;
  spearman: number;
  pairs: number;
  tests: number;
  /** Where those figures come from, in words. */
  method: string;
}

export interface CreativeTextAnalysis {
  /** `weighting`: which weights made the overall (absent on analyses saved before workspaces could refit them). */
  overall: {
    score: number;
    explanation: string;
    parts: { key: string; label: string; score: number; weight: number; points: number }[];
    weighting?: { source: 'global' | 'workspace'; note: string };
  };
  sub_scores: CreativeTextSubScore[];
  fields: CreativeFieldFit[];
  headline_model: {
    scored: 'headlines' | 'opening_sentence' | 'none';
    score: number | null;
    headlines: CreativeHeadlineScore[];
    validation: CreativeModelValidation | null;
  };
  suggestions: { target: string; field: CreativeField | null; index: number | null; advice: string; example: string }[];
}

/** A rectangle in the image's pixels (orientation applied) for the screen to draw. */
export interface CreativeOverlayRect {
  kind: 'unsafe_band' | 'text_outside_safe_zone';
  x: number;
  y: number;
  width: number;
  height: number;
  label: string;
}

export interface CreativeImageAnalysis {
  format: 'png' | 'jpeg' | 'webp';
  width: number;
  height: number;
  sub_scores: (CreativeSubScore & { measure: { value: number; unit: string } | null })[];
  /** Estimated share of the image covered by text, 0–1. */
  text_coverage: number;
  overlay: CreativeOverlayRect[];
}

export interface CreativeAnalysis {
  placement: CreativePlacement;
  placement_label: string;
  text: CreativeTextAnalysis;
  image: CreativeImageAnalysis | null;
  /** The saved analysis' id and time (absent only in results saved before they were added). */
  id?: string;
  created_at?: string;
  /** What changed since `previous_id`, when one was sent. */
  changes?: CreativeChanges | null;
}

/** A score before and after a re-analysis (null where it did not apply). */
export interface CreativeScoreChange {
  key: string;
  label: string;
  before: number | null;
  after: number | null;
  /** after − before, or null when either is null. */
  delta: number | null;
}

/** The input fields a re-analysis compares. */
export const CREATIVE_INPUT_FIELDS = [
  'placement',
  'headlines',
  'primary_text',
  'description',
  'cta',
  'landing_url',
  'image',
] as const;
export type CreativeInputField = (typeof CREATIVE_INPUT_FIELDS)[number];

/** What changed between a saved analysis and its re-analysis. */
export interface CreativeChanges {
  previous_id: string;
  overall: CreativeScoreChange;
  /** Text sub-scores, then image sub-scores, by key; a score only one side has shows null on the other. */
  sub_scores: CreativeScoreChange[];
  image_scores: CreativeScoreChange[];
  /** Which inputs differ. */
  inputs: CreativeInputField[];
}

export interface CreativeComparison {
  /** Best first: each copy's position in the input, its rank and overall score, and its analysis. */
  ranking: { index: number; rank: number; score: number; analysis: CreativeTextAnalysis }[];
  /** One per adjacent pair of the ranking: why the higher one is ahead. */
  steps: {
    higher: number;
    lower: number;
    difference: number;
    headline_win_probability: number | null;
    explanation: string;
  }[];
  /** The saved comparison's id and time. */
  id?: string;
  created_at?: string;
}

export type CreativeAnalysisKind = 'analysis' | 'comparison';

/** History and sharing limits. */
export const CREATIVE_HISTORY = {
  /** Rows per history page by default, and at most. */
  pageSize: 20,
  maxPageSize: 50,
  /** A share link's life in days: the default, and the range a user may pick. */
  shareDays: 30,
  minShareDays: 1,
  maxShareDays: 90,
  /** The longest side of the thumbnail kept of an image (the upload itself is never kept). */
  thumbnailPx: 320,
} as const;

/** The share link lives the user may pick from, in days. */
export const CREATIVE_SHARE_DAY_CHOICES = [1, 7, 30, 90] as const;

/** The headline model's held-out validation in one sentence, as the screen and the PDF show it beside the score. */
export function creativeValidationSentence(validation: CreativeModelValidation): string {
  const percent = (share: number) => `${Math.round(share * 100)}%`;
  return `Checked on ${validation.tests.toLocaleString('en-US')} headline A/B tests it never saw: ranks the better headline first in ${percent(validation.significant_accuracy)} of clearly different pairs (${percent(validation.accuracy)} of all pairs).`;
}

/** One row of the history list. */
export interface CreativeAnalysisSummary {
  id: string;
  kind: CreativeAnalysisKind;
  placement: CreativePlacement;
  placement_label: string;
  /** The first headline (or the first variant's), '' when there was none. */
  title: string;
  /** The overall score (a comparison: its best). */
  overall_score: number | null;
  created_at: string;
  has_image: boolean;
}

export interface CreativeAnalysisPage {
  items: CreativeAnalysisSummary[];
  /** Pass as `cursor` for the next (older) page; null on the last. */
  next_cursor: string | null;
}

/** What is kept of an uploaded image: never the upload, only what identifies and shows it. */
export interface CreativeStoredImage {
  sha256: string;
  width: number;
  height: number;
  format: 'png' | 'jpeg' | 'webp';
}

/** The inputs of a saved analysis (copy fields, and what is kept of the image) or comparison. */
export type CreativeStoredInput =
  { copy: CreativeCopyInput; image: CreativeStoredImage | null } | { copies: CreativeCopyInput[] };

interface CreativeRecordBase {
  id: string;
  placement: CreativePlacement;
  placement_label: string;
  title: string;
  created_at: string;
  /** The analysis this one re-analysed. */
  previous_id: string | null;
  /** The image's thumbnail (≤ 320 px, WebP) as a data URL, or null. */
  thumbnail: string | null;
}

/** A saved analysis or comparison, whole. */
export type CreativeAnalysisRecord =
  | (CreativeRecordBase & {
      kind: 'analysis';
      input: { copy: CreativeCopyInput; image: CreativeStoredImage | null };
      result: CreativeAnalysis;
    })
  | (CreativeRecordBase & { kind: 'comparison'; input: { copies: CreativeCopyInput[] }; result: CreativeComparison });

export interface CreativeShareInput {
  /** 1–90, default 30. */
  expires_in_days?: number;
}

/** A share link still open (not revoked, not expired). */
export interface CreativeShare {
  id: string;
  url: string;
  created_at: string;
  expires_at: string;
}

export interface CreativeShareCreated {
  id: string;
  url: string;
  token: string;
  expires_at: string;
}

/** What a share link shows, read-only, to anyone holding it (previous_id is always null there). */
export type CreativeSharedView = CreativeAnalysisRecord & { workspace_name: string; expires_at: string };

export const CREATIVE_MESSAGES = {
  needsPro: 'The Creative Analyzer is part of Pro. Start your free trial or upgrade to use it.',
  badImageEncoding: 'The image must be sent as base64.',
  analysisNotFound: 'That saved analysis was not found in this workspace.',
  previousNotAnalysis: 'Only an analysis of one copy can be analysed again.',
  shareNotFound: 'That share link was not found.',
  linkNotFound: 'This link is not valid.',
  linkExpired: 'This link has expired.',
  linkRevoked: 'This link was revoked.',
} as const;

/**
 * The text and image of one ad, in the Creative Analyzer's terms. Each platform names these
 * differently (Google: responsive search ad headlines and descriptions; Meta: the creative's
 * title, body and call_to_action; LinkedIn: the share's text; X: the tweet; TikTok: ad_text);
 * the client maps them here. Absent parts are null or empty, never invented.
 */
export interface AdCreative {
  headlines: string[];
  primaryText: string | null;
  description: string | null;
  /** The platform's call-to-action code or label (LEARN_MORE, Shop now ...). */
  callToAction: string | null;
  landingUrl: string | null;
  /** Where the platform serves the ad's image; the product fetches it only when a user asks to analyse the ad. */
  imageUrl: string | null;
}
