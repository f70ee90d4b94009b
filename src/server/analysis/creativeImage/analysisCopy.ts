/**
 * The small copy every image measure works on. Brightness, contrast, colourfulness, sharpness and
 * text-like edges are properties of the picture as a viewer sees it on a phone, which is a few
 * hundred pixels across, not of the file's full resolution; measuring at one fixed size also
 * makes the figures comparable between a 600 px and a 4000 px upload, and keeps a 2-megapixel
 * image well inside the time budget.
 */

/** Longest side of the analysis copy, in pixels. */
export const ANALYSIS_LONGEST_SIDE = 512;

export interface AnalysisCopy {
  width: number;
  height: number;
  /** Interleaved sRGB, 3 bytes a pixel, row-major. */
  rgb: Uint8Array;
  /** Rec. 709 luma of each pixel, 0–255. */
  luma: Float32Array;
  /** Original width over this copy's width: multiply a copy coordinate by it to get an image coordinate. */
  scaleX: number;
  scaleY: number;
}

/**
 * Downscales (never enlarges) to ANALYSIS_LONGEST_SIDE, flattening transparency onto white as
 * feeds show it. Throws on a truncated or corrupt file (failOn 'error') or one over `maxPixels`.
 */
export async function makeAnalysisCopy(
  image: Buffer,
  original: { width: number; height: number },
  maxPixels: number,
): Promise<AnalysisCopy> {
  // Loaded by the first image, not at start (docs/operations.md#memory).
  const { default: sharp } = await import('sharp');
  const { data, info } = await sharp(image, { limitInputPixels: maxPixels, failOn: 'error' })
    .resize({ width: ANALYSIS_LONGEST_SIDE, height: ANALYSIS_LONGEST_SIDE, fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  const count = info.width * info.height;
  const rgb = new Uint8Array(data.buffer, data.byteOffset, count * 3);
  const luma = new Float32Array(count);
  for (let i = 0, p = 0; i < count; i++, p += 3) luma[i] = 0.2126 * rgb[p] + 0.7152 * rgb[p + 1] + 0.0722 * rgb[p + 2];
  return {
    width: info.width,
    height: info.height,
    rgb,
    luma,
    scaleX: original.width / info.width,
    scaleY: original.height / info.height,
  };
}
