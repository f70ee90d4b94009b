import { type AspectTarget, type Placement, PLACEMENTS } from '@shared/creative/placements';

import type { PlacementId } from '../creative/types';
import type { AnalysisCopy } from './analysisCopy';
import type { ValidatedImage } from './imageInput';
import { colourfulness, laplacianVariance, meanBrightness, rmsContrast } from './imageMeasures';
import { checkSafeZone, type OverlayRect } from './safeZones';
import { findTextBlocks, type TextBlockGrid, textCoverage } from './textRegions';

/**
 * The image half of the Creative Analyzer's pre-launch analysis (issue 16): explained 0–100
 * sub-scores of an image that passed readImage, against one placement. Each score is a
 * piecewise-linear reading of one measure; the breakpoints are the anchors the explanation
 * quotes, so the advertiser can see why a point was lost. Everything runs on the 512 px copy
 * readImage decoded.
 */

export type ImageSubScoreKey =
  'placementFit' | 'brightness' | 'contrast' | 'colourfulness' | 'sharpness' | 'textCoverage' | 'safeZone';

/** One explained sub-score. */
export interface ImageSubScore {
  key: ImageSubScoreKey;
  label: string;
  /** 0–100, or null where the sub-score does not apply to the placement (explained). */
  score: number | null;
  explanation: string;
  /** The raw measure behind the score, in its own unit. */
  measure: { value: number; unit: string } | null;
}

export interface ImageAnalysis {
  placement: PlacementId;
  width: number;
  height: number;
  subScores: ImageSubScore[];
  /** Estimated share of the image covered by text, 0–1. */
  textCoverage: number;
  /** Rectangles in image coordinates for the UI to draw: unsafe bands, and text found in them. Empty off vertical placements. */
  overlay: OverlayRect[];
}

/** What the sub-scores need of a ValidatedImage (readImage): its upright size and decoded copy. */
export type ImageToAnalyse = Pick<ValidatedImage, 'width' | 'height' | 'copy'>;

/** Linear interpolation through [measure, score] breakpoints, flat beyond the ends. */
export function through(points: [number, number][], x: number): number {
  if (x <= points[0][0]) return points[0][1];
  for (let i = 1; i < points.length; i++) {
    const [x1, y1] = points[i];
    if (x <= x1) {
      const [x0, y0] = points[i - 1];
      return y0 + ((y1 - y0) * (x - x0)) / (x1 - x0);
    }
  }
  return points[points.length - 1][1];
}

const round = (x: number) => Math.round(x);
const one = (x: number) => Math.round(x * 10) / 10;

/** Brightness (mean luma 0–255): murky below about 60, comfortable 90–190, washed out near white. */
const BRIGHTNESS: [number, number][] = [
  [0, 0],
  [25, 10],
  [60, 70],
  [90, 100],
  [190, 100],
  [235, 80],
  [255, 50],
];
/** RMS contrast (luma standard deviation): flat under 10, clear from 50. */
const CONTRAST: [number, number][] = [
  [0, 0],
  [10, 15],
  [30, 60],
  [50, 100],
];
/** Hasler–Süsstrunk M: their anchors slightly 15, moderately 33, averagely 45, quite colourful 59. */
const COLOURFULNESS: [number, number][] = [
  [0, 0],
  [15, 30],
  [33, 60],
  [45, 80],
  [59, 100],
];
/**
 * Variance of the Laplacian on the 512 px copy. Calibrated on generated images: a Gaussian blur
 * of sigma 3 px at full size lands near 30, crisp type and photographs in the hundreds.
 */
const SHARPNESS: [number, number][] = [
  [0, 0],
  [20, 20],
  [60, 50],
  [150, 80],
  [300, 100],
];
/**
 * Text coverage (% of the image). Meta no longer rejects images over its old 20% text rule but
 * still says images with less text tend to deliver better; past a third the image reads as a poster.
 */
const TEXT_COVERAGE: [number, number][] = [
  [0, 100],
  [10, 100],
  [20, 80],
  [35, 40],
  [60, 0],
];
/** Aspect tolerance before a platform crops: Google's ±1% on its 1.91:1 marketing image. */
const ASPECT_TOLERANCE = 0.01;
/** Cropping this share of the image away leaves nothing of the composition assured: fit 0. */
const CROP_AT_ZERO = 0.4;
/** Size factor below the platform's minimum (refused) and at the minimum (accepted, upscaled). */
const BELOW_MINIMUM_FACTOR = 0.25;
const AT_MINIMUM_FACTOR = 0.7;
/** The most a vertical creative with any text under the interface keeps. */
const TEXT_UNDER_UI_CEILING = 60;

export function scoreBrightness(mean: number): ImageSubScore {
  const score = round(through(BRIGHTNESS, mean));
  const verdict =
    mean < 60
      ? 'dark: it will look murky next to the bright posts around it. Lift the exposure or pick a lighter shot.'
      : mean < 90
        ? 'on the dark side; a little more light would help it stand out in a feed.'
        : mean <= 190
          ? 'comfortable: neither murky nor washed out.'
          : 'very bright: on a white feed it may blend into the page. Add a darker element or a frame.';
  return {
    key: 'brightness',
    label: 'Brightness',
    score,
    measure: { value: one(mean), unit: 'mean luma (0–255)' },
    explanation: `Average brightness ${round(mean)} of 255: ${verdict}`,
  };
}

export function scoreContrast(sigma: number): ImageSubScore {
  const score = round(through(CONTRAST, sigma));
  const verdict =
    sigma < 10
      ? 'nearly flat: shapes and any text will not separate from the background.'
      : sigma < 30
        ? 'low: subject and text separate weakly; deepen the shadows or lighten the highlights.'
        : sigma < 50
          ? 'fair; a little more separation between light and dark would read faster.'
          : 'strong: light and dark parts separate clearly.';
  return {
    key: 'contrast',
    label: 'Contrast',
    score,
    measure: { value: one(sigma), unit: 'RMS contrast (luma std. dev.)' },
    explanation: `Contrast ${round(sigma)} (spread of brightness): ${verdict}`,
  };
}

export function scoreColourfulness(m: number): ImageSubScore {
  const score = round(through(COLOURFULNESS, m));
  const band =
    m < 8
      ? 'not colourful'
      : m < 24
        ? 'slightly colourful'
        : m < 39
          ? 'moderately colourful'
          : m < 52
            ? 'averagely colourful'
            : m < 70
              ? 'quite colourful'
              : 'highly colourful';
  const advice =
    m < 33 ? ' Muted images are easier to scroll past; a brand colour or a coloured subject would draw the eye.' : '';
  return {
    key: 'colourfulness',
    label: 'Colourfulness',
    score,
    measure: { value: one(m), unit: 'Hasler–Süsstrunk M' },
    explanation: `Colourfulness ${round(m)} on the Hasler–Süsstrunk scale (15 slightly, 33 moderately, 59 quite colourful): ${band}.${advice}`,
  };
}

export function scoreSharpness(variance: number, contrast: number): ImageSubScore {
  const score = round(through(SHARPNESS, variance));
  const verdict =
    contrast < 10 && variance < 20
      ? 'the image has almost no detail, so it reads as soft; a flat design scores low here even if it is not blurred.'
      : variance < 60
        ? 'soft or blurred: edges are smeared. Use a sharper or larger original, and avoid upscaling.'
        : variance < 150
          ? 'acceptably sharp, with some softness.'
          : 'crisp: edges and detail are well defined.';
  return {
    key: 'sharpness',
    label: 'Sharpness',
    score,
    measure: { value: round(variance), unit: 'variance of the Laplacian at 512 px' },
    explanation: `Sharpness ${round(variance)} (variance of the Laplacian, measured at phone size): ${verdict}`,
  };
}

export function scoreTextCoverage(coverage: number): ImageSubScore {
  const percent = coverage * 100;
  const score = round(through(TEXT_COVERAGE, percent));
  const verdict =
    percent < 1
      ? 'no text found on the image.'
      : percent <= 10
        ? 'a little text, well under the 20% Meta long recommended.'
        : percent <= 20
          ? 'a fair amount of text, still within the old 20% guideline.'
          : 'heavy text: platforms tend to deliver text-heavy images less. Move words into the headline and primary text.';
  return {
    key: 'textCoverage',
    label: 'Text on image',
    score,
    measure: { value: one(percent), unit: '% of the image' },
    explanation:
      `About ${round(percent)}% of the image looks like text: ${verdict} ` +
      'This is an estimate from dense, sharp, two-tone strokes in small blocks, not a text reader: very large lettering can be undercounted, and fine stripes or patterns can pass for text.',
  };
}

/** The placement's aspect target closest to the image's, by the share a crop to it would lose. */
function nearestAspect(aspects: AspectTarget[], ratio: number): { target: AspectTarget; crop: number } {
  const cropTo = (t: AspectTarget) => 1 - Math.min(ratio, t.ratio) / Math.max(ratio, t.ratio);
  // Ties go to the better-fitting ratio: the advertiser is pointed at what the placement prefers.
  const ranked = aspects
    .map((target) => ({ target, crop: cropTo(target) }))
    .sort((a, b) => a.crop - b.crop || b.target.fit - a.target.fit);
  return ranked[0];
}

export function scorePlacementFit(placement: Placement, width: number, height: number): ImageSubScore {
  const base = { key: 'placementFit' as const, label: 'Size and aspect ratio' };
  if (!placement.image.aspects)
    return {
      ...base,
      score: null,
      measure: null,
      explanation: placement.image.noImage ?? `${placement.label} shows no image.`,
    };
  const ratio = width / height;
  const { target, crop } = nearestAspect(placement.image.aspects, ratio);
  const ratios = placement.image.aspects.map((a) => a.label).join(', ');
  const aspectFactor = crop <= ASPECT_TOLERANCE ? 1 : Math.max(0, 1 - crop / CROP_AT_ZERO);

  const belowMinimum = width < target.minimum.width || height < target.minimum.height;
  const scale = Math.min(width / target.recommended.width, height / target.recommended.height);
  const minScale = Math.min(
    target.minimum.width / target.recommended.width,
    target.minimum.height / target.recommended.height,
  );
  const sizeFactor = belowMinimum
    ? BELOW_MINIMUM_FACTOR
    : scale >= 1
      ? 1
      : AT_MINIMUM_FACTOR + ((1 - AT_MINIMUM_FACTOR) * (scale - minScale)) / (1 - minScale);
  const score = round(target.fit * aspectFactor * sizeFactor);

  const shape =
    crop <= ASPECT_TOLERANCE
      ? `The image is ${target.label}, ${
          target.fit === 100
            ? 'a ratio this placement is designed for'
            : `accepted here, though ${placement.label} favours ${placement.image.aspects
                .filter((a) => a.fit === 100)
                .map((a) => a.label)
                .join(' or ')}`
        }.`
      : `The image is ${one(ratio)}:1; ${placement.label} shows ${ratios}. Nearest is ${target.label}, and fitting it would crop or letterbox about ${round(crop * 100)}% of the image. Re-frame it at ${target.label}.`;
  const sized = belowMinimum
    ? ` At ${width}×${height} it is under the platform’s minimum of ${target.minimum.width}×${target.minimum.height} for ${target.label} and will be refused.`
    : scale < 1
      ? ` At ${width}×${height} it is below the recommended ${target.recommended.width}×${target.recommended.height} and will be upscaled slightly soft.`
      : ` At ${width}×${height} it meets the recommended ${target.recommended.width}×${target.recommended.height}.`;
  return {
    ...base,
    score,
    measure: { value: Math.round(ratio * 1000) / 1000, unit: 'width ÷ height' },
    explanation: shape + sized,
  };
}

export function scoreSafeZone(
  placement: Placement,
  grid: TextBlockGrid,
  copy: AnalysisCopy,
  image: { width: number; height: number },
): { subScore: ImageSubScore; overlay: OverlayRect[] } {
  const base = { key: 'safeZone' as const, label: 'Safe zones' };
  if (!placement.image.safeZone) {
    return {
      subScore: {
        ...base,
        score: null,
        measure: null,
        explanation: `${placement.label} draws no interface over the image, so there is no safe zone to keep clear.`,
      },
      overlay: [],
    };
  }
  const check = checkSafeZone(placement.image.safeZone, grid, copy, image);
  const faces = ' Faces are not detected: check by eye that none sits in the shaded bands.';
  if (check.textBlocksOutside === 0) {
    return {
      subScore: {
        ...base,
        score: 100,
        measure: { value: 0, unit: 'text-like blocks under the interface' },
        explanation: `No text found under ${placement.label}’s interface (${placement.image.safeZone.source}).${faces}`,
      },
      overlay: check.overlay,
    };
  }
  const share = check.textBlocksOutside / Math.max(1, check.textBlocks);
  const where = check.bandsWithText.map((side) => `${side} (${placement.image.safeZone?.covers[side]})`).join(', ');
  return {
    subScore: {
      ...base,
      score: round(TEXT_UNDER_UI_CEILING * (1 - share)),
      measure: { value: check.textBlocksOutside, unit: 'text-like blocks under the interface' },
      explanation:
        `About ${round(share * 100)}% of the text found sits where ${placement.label} draws its interface: ${where}. ` +
        `Viewers may not see it; move it toward the middle (${placement.image.safeZone.source}).${faces}`,
    },
    overlay: check.overlay,
  };
}

/** Scores an image that passed readImage against a placement. */
export async function analyseImage(image: ImageToAnalyse, placementId: PlacementId): Promise<ImageAnalysis> {
  const placement = PLACEMENTS[placementId];
  const { copy } = image;
  const contrast = rmsContrast(copy);
  const grid = findTextBlocks(copy);
  const coverage = textCoverage(grid, copy);
  const safe = scoreSafeZone(placement, grid, copy, image);
  return {
    placement: placementId,
    width: image.width,
    height: image.height,
    subScores: [
      scorePlacementFit(placement, image.width, image.height),
      scoreBrightness(meanBrightness(copy)),
      scoreContrast(contrast),
      scoreColourfulness(colourfulness(copy)),
      scoreSharpness(await laplacianVariance(copy), contrast),
      scoreTextCoverage(coverage),
      safe.subScore,
    ],
    textCoverage: coverage,
    overlay: safe.overlay,
  };
}
