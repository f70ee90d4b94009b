import { BRANDING_LIMITS } from '@shared/api/branding';

/** Height in pixels an SVG logo is drawn at: sharp in a 28 pt PDF header and a 32 px mail header, on high-density screens too. */
export const RASTER_HEIGHT = 128;
/** A very wide logo is drawn lower instead of wider: the PDF header shows at most 160 pt of it. */
const RASTER_MAX_WIDTH = RASTER_HEIGHT * 16;
/** sharp reads an SVG's own size at 72 dpi: a density of 72 × scale draws it `scale` times that size. */
const SVG_DPI = 72;
/** The densities sharp accepts. */
const DENSITY = { min: 1, max: 100_000 };
/** A file too large to come down to this even at the lowest density is not drawn at all. */
const MAX_DRAWN_PIXELS = BRANDING_LIMITS.logoMaxSidePx ** 2;

export interface DrawnSvg {
  png: Buffer;
  /** The file's own size as librsvg reads it (72 dpi), before it was scaled. */
  width: number;
  height: number;
}

/**
 * An SVG drawn as a PNG at most RASTER_HEIGHT high, from its bytes alone (nothing it names outside
 * itself is fetched). The density is chosen from the file's own size, so a logo that says it is
 * 20,000 pixels wide is drawn small rather than hitting sharp's pixel limit. Throws what sharp throws.
 */
export async function drawSvg(svg: Buffer): Promise<DrawnSvg> {
  // Loaded by the first image, not at start (docs/operations.md#memory).
  const { default: sharp } = await import('sharp');
  // Only the header is read here, so no pixel limit is needed; the density below is what keeps the drawing small.
  const { format, width, height } = await sharp(svg, { limitInputPixels: false }).metadata();
  if (format !== 'svg' || !width || !height)
    throw new Error(`not an SVG with a size (${format ?? 'unknown'}, ${width ?? '?'}×${height ?? '?'})`);
  const scale = Math.min(RASTER_HEIGHT / height, RASTER_MAX_WIDTH / width);
  const density = Math.min(DENSITY.max, Math.max(DENSITY.min, SVG_DPI * scale));
  const png = await sharp(svg, { density, limitInputPixels: MAX_DRAWN_PIXELS })
    .resize({ width: RASTER_MAX_WIDTH, height: RASTER_HEIGHT, fit: 'inside' })
    .png()
    .toBuffer();
  return { png, width, height };
}

/** A stored PNG logo, once sharp has read it as a PNG within the size limit (react-pdf would drop a broken one without a word). */
export async function checkedPng(png: Buffer): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  const limit = BRANDING_LIMITS.logoMaxSidePx;
  const { format, width, height } = await sharp(png, { limitInputPixels: limit * limit }).metadata();
  if (format !== 'png' || !width || !height || width > limit || height > limit)
    throw new Error(`not a PNG within ${limit} pixels (${format ?? 'unknown'}, ${width ?? '?'}×${height ?? '?'})`);
  return png;
}
