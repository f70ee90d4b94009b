import type { PlacementId } from './types';

/**
 * Text limits per placement. `limit` is the most the platform accepts (over it the ad is
 * rejected, or cut for good); `truncateAt` is how much is seen before the placement cuts the
 * text on screen (a "… See more", an ellipsis). Figures are from
 * ../shared/research/ad-platform-apis.md (sections 1.6, 2.6, 3.6, 4.6, 5.6) unless a comment
 * names another source; where that doc is silent the platforms' published or widely quoted
 * figures are used and cited beside them.
 */

/** How one copy field is shown on a placement. */
export interface FieldRule {
  /** What the placement calls the field. */
  label: string;
  limit: number;
  truncateAt: number;
  /** Below this the platform refuses the text (TikTok's 12-character floor is a warning, so it is here). */
  minimum?: number;
}

export interface Placement {
  id: PlacementId;
  label: string;
  platform: 'google' | 'meta' | 'linkedin' | 'x' | 'tiktok';
  /** Null where the placement has no such field: text put there is never seen. */
  headline: FieldRule | null;
  primaryText: FieldRule | null;
  description: FieldRule | null;
  /** Whether the placement shows a call-to-action button. */
  ctaButton: boolean;
  /** How lengths are counted: X weights links as 23 characters and wide characters as 2. */
  counting: 'plain' | 'google' | 'x';
}

export const PLACEMENTS: Record<PlacementId, Placement> = {
  google_rsa: {
    id: 'google_rsa',
    label: 'Google responsive search ad',
    platform: 'google',
    // 3–15 headlines of ≤30, 2–4 descriptions of ≤90; over-length text is rejected, not cut, so
    // the visible length is the limit. The copy's primary text and description are the ad's two
    // descriptions (RSAs have no primary text).
    headline: { label: 'Headline', limit: 30, truncateAt: 30 },
    primaryText: { label: 'Description 1', limit: 90, truncateAt: 90 },
    description: { label: 'Description 2', limit: 90, truncateAt: 90 },
    ctaButton: false,
    counting: 'google',
  },
  meta_feed: {
    id: 'meta_feed',
    label: 'Meta feed (Facebook and Instagram)',
    platform: 'meta',
    // The doc: headline about 27 recommended (40 in older guides), primary text about 125 before
    // "See more", description about 27. Meta cuts rather than rejects; its accepted maxima are
    // UNCONFIRMED in the doc, so the widely quoted 40 / 2,200 / 30 are used
    // (https://lettercounter.org/blog/facebook-instagram-ads-character-limits ;
    // https://adsuploader.com/blog/meta-ad-copy-specs).
    headline: { label: 'Headline', limit: 40, truncateAt: 27 },
    primaryText: { label: 'Primary text', limit: 2200, truncateAt: 125 },
    description: { label: 'Description', limit: 30, truncateAt: 27 },
    ctaButton: true,
    counting: 'plain',
  },
  meta_reels: {
    id: 'meta_reels',
    label: 'Meta Reels',
    platform: 'meta',
    // The doc: Reels primary text about 72. The Reels headline overlay shows about 10 characters
    // and there is no description (https://adsuploader.com/blog/meta-ad-copy-specs ;
    // https://lettercounter.org/blog/facebook-instagram-ads-character-limits).
    headline: { label: 'Headline', limit: 40, truncateAt: 10 },
    primaryText: { label: 'Primary text', limit: 2200, truncateAt: 72 },
    description: null,
    ctaButton: true,
    counting: 'plain',
  },
  linkedin_single_image: {
    id: 'linkedin_single_image',
    label: 'LinkedIn single image',
    platform: 'linkedin',
    // The doc: introductory text 150 before truncation, maximum 600 (the safer of 600 / 3,000);
    // headline 70 / 200; description 100 / 300 (shown on the LinkedIn Audience Network only).
    headline: { label: 'Headline', limit: 200, truncateAt: 70 },
    primaryText: { label: 'Introductory text', limit: 600, truncateAt: 150 },
    description: { label: 'Description', limit: 300, truncateAt: 100 },
    ctaButton: true,
    counting: 'plain',
  },
  x_promoted_post: {
    id: 'x_promoted_post',
    label: 'X promoted post',
    platform: 'x',
    // The doc: post text ≤280 weighted characters (links 23, wide characters 2), shown whole;
    // website-card headline about 70 (3P). A promoted post has no description field.
    headline: { label: 'Card headline', limit: 70, truncateAt: 70 },
    primaryText: { label: 'Post text', limit: 280, truncateAt: 280 },
    description: null,
    ctaButton: false,
    counting: 'x',
  },
  tiktok_in_feed: {
    id: 'tiktok_in_feed',
    label: 'TikTok in-feed',
    platform: 'tiktok',
    // The doc: ad text 1–100 (a warning under 12), no emojis, {} or #. TikTok in-feed ads have no
    // headline or description field: the display name is the brand's.
    headline: null,
    primaryText: { label: 'Ad text', limit: 100, truncateAt: 100, minimum: 12 },
    description: null,
    ctaButton: true,
    counting: 'plain',
  },
};

export const PLACEMENT_IDS = Object.keys(PLACEMENTS) as PlacementId[];

/** Whether a string names a known placement (the server validates with this). */
export const isPlacementId = (value: string): value is PlacementId => Object.hasOwn(PLACEMENTS, value);
