import type { PlacementId } from '../creative/types';

/**
 * What each placement does with an ad image: the aspect ratios it shows, the sizes it wants and
 * refuses, and, for the full-screen vertical placements, the bands its interface draws over the
 * image. Figures are from ../shared/research/ad-platform-apis.md (sections 2.6, 3.6, 4.6, 5.6)
 * unless a comment names another source.
 */

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

export interface ImagePlacement {
  id: PlacementId;
  label: string;
  /** Null where the placement shows no image; `noImage` then says why. */
  aspects: AspectTarget[] | null;
  noImage?: string;
  /** Null where the interface does not draw over the image (feeds put their text outside it). */
  safeZone: SafeZone | null;
}

const size = (width: number, height: number): PixelSize => ({ width, height });

export const IMAGE_PLACEMENTS: Record<PlacementId, ImagePlacement> = {
  google_rsa: {
    id: 'google_rsa',
    label: 'Google responsive search ad',
    aspects: null,
    noImage:
      'Google responsive search ads are text only: no image is shown with them, so the image is not scored against this placement. ' +
      'Pick a display or social placement to judge its size and framing.',
    safeZone: null,
  },
  meta_feed: {
    id: 'meta_feed',
    label: 'Meta feed (Facebook and Instagram)',
    // Doc 2.6: 1:1 at 1080×1080 and 4:5 at 1080×1350 recommended, 1.91:1 supported, minimum width
    // 600 px. 1.91:1 fills less of a phone screen than 4:5, hence its lower ceiling.
    aspects: [
      { label: '1:1', ratio: 1, recommended: size(1080, 1080), minimum: size(600, 600), fit: 100 },
      { label: '4:5', ratio: 4 / 5, recommended: size(1080, 1350), minimum: size(600, 750), fit: 100 },
      { label: '1.91:1', ratio: 1.91, recommended: size(1200, 628), minimum: size(600, 314), fit: 80 },
    ],
    safeZone: null,
  },
  meta_reels: {
    id: 'meta_reels',
    label: 'Meta Reels',
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
  linkedin_single_image: {
    id: 'linkedin_single_image',
    label: 'LinkedIn single image',
    // Doc 3.6: 1.91:1 at 1200×628 (minimum 640×360), 1:1 at 1200×1200 (360 to 4320), 4:5 at
    // 720×900 for mobile only. The doc gives no 4:5 minimum; the 1:1 floor of 360 px wide is used.
    aspects: [
      { label: '1.91:1', ratio: 1.91, recommended: size(1200, 628), minimum: size(640, 335), fit: 100 },
      { label: '1:1', ratio: 1, recommended: size(1200, 1200), minimum: size(360, 360), fit: 100 },
      { label: '4:5', ratio: 4 / 5, recommended: size(720, 900), minimum: size(360, 450), fit: 85 },
    ],
    safeZone: null,
  },
  x_promoted_post: {
    id: 'x_promoted_post',
    label: 'X promoted post',
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
  tiktok_in_feed: {
    id: 'tiktok_in_feed',
    label: 'TikTok in-feed',
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
};
