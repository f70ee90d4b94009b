/**
 * The Creative Analyzer (Pro; a running trial counts), shared by client and server. Every route
 * is under the API base, needs the signed-in user's access token and 'creative:analyze', and
 * answers for the current workspace (WORKSPACE_HEADER). Nothing is sent outside the product.
 *
 * POST creative/analyze/  CreativeAnalyzeInput  -> CreativeAnalysis    one copy (and its image), scored and explained
 * POST creative/compare/  CreativeCompareInput  -> CreativeComparison  two to five copies ranked, each step explained
 */

export const CREATIVE_PLACEMENTS = ['google_rsa', 'meta_feed', 'meta_reels', 'linkedin_single_image', 'x_promoted_post', 'tiktok_in_feed'] as const;
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
  overall: { score: number; explanation: string; parts: { key: string; label: string; score: number; weight: number; points: number }[] };
  sub_scores: CreativeTextSubScore[];
  fields: CreativeFieldFit[];
  headline_model: { scored: 'headlines' | 'opening_sentence' | 'none'; score: number | null; headlines: CreativeHeadlineScore[]; validation: CreativeModelValidation | null };
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
}

export interface CreativeComparison {
  /** Best first: each copy's position in the input, its rank and overall score, and its analysis. */
  ranking: { index: number; rank: number; score: number; analysis: CreativeTextAnalysis }[];
  /** One per adjacent pair of the ranking: why the higher one is ahead. */
  steps: { higher: number; lower: number; difference: number; headline_win_probability: number | null; explanation: string }[];
}

export const CREATIVE_MESSAGES = {
  needsPro: 'The Creative Analyzer is part of Pro. Start your free trial or upgrade to use it.',
  badImageEncoding: 'The image must be sent as base64.',
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
