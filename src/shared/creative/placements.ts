import type { CreativePlacement } from '../api/creative';

/**
 * What each Creative Analyzer placement does with an ad's text and image, in one table: the
 * server scores against it and the browser previews the cut with it as the user types.
 * Figures are the platforms' own ad specifications unless a comment names another source;
 * where a platform publishes none, widely quoted figures are used and cited beside them.
 *
 * Text: `limit` is the most the platform accepts (over it the ad is rejected, or cut for good);
 * `truncateAt` is how much is seen before the placement cuts the text on screen (a "… See
 * more", an ellipsis).
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
  id: CreativePlacement;
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
  /** What the placement does with the ad's image. */
  image: ImageSpec;
}

/** Width × height in pixels. */
export interface PixelSize {
  width: number;
  height: number;
}

/** One aspect ratio a placement shows. */
export interface AspectTarget {
  /** As the platforms write it: "1:1", "4:5", "1.91:1". */
  label: string;
  /** Width over height. */
  ratio: number;
  /** The size the platform recommends at this ratio. */
  recommended: PixelSize;
  /** Below this the platform refuses the image. */
  minimum: PixelSize;
  /**
   * The best placement-fit score an image of exactly this ratio and a recommended size can earn:
   * 100 for the ratio the placement is designed around, less for one it accepts but shows
   * smaller, letterboxed or cropped.
   */
  fit: number;
}

/**
 * The share of the image (fractions of its height or width) that a vertical placement's interface
 * covers: profile name and "Sponsored" at the top; caption, call-to-action and music at the
 * bottom; the like/comment/share rail at the side.
 */
export interface SafeZone {
  top: number;
  bottom: number;
  left: number;
  right: number;
  /** What covers each band, said to the advertiser. */
  covers: { top: string; bottom: string; left: string; right: string };
  /** Where the figures come from, said to the advertiser. */
  source: string;
}

/** What a placement does with an ad image: the aspect ratios it shows, the sizes it wants and refuses, and, for the full-screen vertical placements, the bands its interface draws over the image. */
export interface ImageSpec {
  /** Null where the placement shows no image; `noImage` then says why. */
  aspects: AspectTarget[] | null;
  noImage?: string;
  /** Null where the interface does not draw over the image (feeds put their text outside it). */
  safeZone: SafeZone | null;
}

const size = (width: number, height: number): PixelSize => ({ width, height });

export const PLACEMENTS: Record<CreativePlacement, Placement> = {
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
    image: {
      aspects: null,
      noImage:
        'Google responsive search ads are text only: no image is shown with them, so the image is not scored against this placement. ' +
        'Pick a display or social placement to judge its size and framing.',
      safeZone: null,
    },
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
    image: {
      // Doc 2.6: 1:1 at 1080×1080 and 4:5 at 1080×1350 recommended, 1.91:1 supported, minimum width
      // 600 px. 1.91:1 fills less of a phone screen than 4:5, hence its lower ceiling.
      aspects: [
        { label: '1:1', ratio: 1, recommended: size(1080, 1080), minimum: size(600, 600), fit: 100 },
        { label: '4:5', ratio: 4 / 5, recommended: size(1080, 1350), minimum: size(600, 750), fit: 100 },
        { label: '1.91:1', ratio: 1.91, recommended: size(1200, 628), minimum: size(600, 314), fit: 80 },
      ],
      safeZone: null,
    },
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
    image: {
      // Doc 2.6: Stories/Reels 9:16 at 1080×1920. The doc gives the 600 px minimum width for feed
      // images only; the same floor is assumed here.
      aspects: [{ label: '9:16', ratio: 9 / 16, recommended: size(1080, 1920), minimum: size(600, 1067), fit: 100 }],
      // Meta's Reels guidance: keep the top 14% and the bottom 35% free of text and logos, and 6%
      // at each side (the doc is silent; figures as quoted from Meta's ads guide by
      // https://adsuploader.com/blog/meta-ads-safe-zones and
      // https://behaviour.digital/post/meta-reels-safe-zone-14-top-35-bottom-6-sides-the-2026-official-guide).
      safeZone: {
        top: 0.14,
        bottom: 0.35,
        left: 0.06,
        right: 0.06,
        covers: {
          top: 'the account name and “Sponsored” label',
          bottom: 'the caption, call-to-action button and audio line',
          left: 'the screen edge',
          right: 'the like, comment and share buttons',
        },
        source: 'Meta’s Reels ad guidance: top 14%, bottom 35%, sides 6%',
      },
    },
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
    image: {
      // Doc 3.6: 1.91:1 at 1200×628 (minimum 640×360), 1:1 at 1200×1200 (360 to 4320), 4:5 at
      // 720×900 for mobile only. The doc gives no 4:5 minimum; the 1:1 floor of 360 px wide is used.
      aspects: [
        { label: '1.91:1', ratio: 1.91, recommended: size(1200, 628), minimum: size(640, 335), fit: 100 },
        { label: '1:1', ratio: 1, recommended: size(1200, 1200), minimum: size(360, 360), fit: 100 },
        { label: '4:5', ratio: 4 / 5, recommended: size(720, 900), minimum: size(360, 450), fit: 85 },
      ],
      safeZone: null,
    },
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
    image: {
      // Doc 4.6: card images 1:1 and 1.91:1, at least 800 px wide; standalone image ads 1200×628 and
      // 1200×1200. 16:9 is not in the doc for images (it is the card-video ratio), but X's timeline
      // shows a 16:9 standalone image uncropped (3P https://www.picovert.com/en/blog/image-size-for-twitter-ads
      // recommends 1200×675), so it is accepted a notch below the documented two.
      aspects: [
        { label: '1.91:1', ratio: 1.91, recommended: size(1200, 628), minimum: size(800, 418), fit: 100 },
        { label: '1:1', ratio: 1, recommended: size(1200, 1200), minimum: size(800, 800), fit: 100 },
        { label: '16:9', ratio: 16 / 9, recommended: size(1200, 675), minimum: size(800, 450), fit: 90 },
      ],
      safeZone: null,
    },
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
    image: {
      // Doc 5.6: 9:16 at 1080×1920 (minimum 540×960), 1:1 and 16:9 accepted; the doc calls the 9:16
      // image-ad size UNCONFIRMED, so the video figures are used. TikTok's help
      // (https://ads.tiktok.com/help/article?aid=10002742) gives 640×640 for square and 960×540 for
      // horizontal. Square and horizontal play letterboxed in a full-screen feed, hence the ceilings.
      aspects: [
        { label: '9:16', ratio: 9 / 16, recommended: size(1080, 1920), minimum: size(540, 960), fit: 100 },
        { label: '1:1', ratio: 1, recommended: size(1080, 1080), minimum: size(640, 640), fit: 60 },
        { label: '16:9', ratio: 16 / 9, recommended: size(1920, 1080), minimum: size(960, 540), fit: 40 },
      ],
      // TikTok publishes its safe zone as template files only (help article above, "Safe Zone");
      // the widely quoted reading of them for 1080×1920 is top 150 px, bottom 440 px, right 150 px
      // (3P https://adfuseai.com/blog/tiktok-ad-sizes-specs-guide), i.e. 7.8%, 22.9% and 13.9%.
      safeZone: {
        top: 150 / 1920,
        bottom: 440 / 1920,
        left: 0,
        right: 150 / 1080,
        covers: {
          top: 'the Following / For You tabs',
          bottom: 'the caption, account name, call-to-action and music line',
          left: 'nothing',
          right: 'the profile picture and like, comment and share buttons',
        },
        source: 'TikTok’s in-feed safe-zone template: top 150 px, bottom 440 px, right 150 px of 1080×1920',
      },
    },
  },
};
