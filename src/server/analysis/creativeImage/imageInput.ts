import type { Metadata } from 'sharp';

import { type AnalysisCopy, makeAnalysisCopy } from './analysisCopy';
import { type ImageFormat, stripMetadata } from './stripMetadata';

/**
 * The gate every uploaded creative image passes before anything looks at its pixels (issue 16,
 * "Bad input and failure"). The format is read from the bytes, never from a file name or a
 * declared type; the dimensions are read from the header and checked before any pixel is
 * decoded, so a decompression bomb (a few kilobytes declaring gigapixels) costs nothing; and what
 * is kept carries no metadata: EXIF (GPS position, camera serial, owner), XMP, IPTC, comments and
 * anything hidden after the image data never go further.
 *
 * Metadata is cut out of the container without re-encoding (stripMetadata), so the advertiser's
 * pixels are kept exactly. An image whose EXIF orientation is not "upright" is re-encoded instead,
 * with the rotation applied, since dropping the tag alone would turn it sideways; so is a file the
 * container walk cannot vouch for.
 *
 * The pixels are then decoded once, at analysis size: that decode is also the check that the file
 * is not truncated or corrupt, and its result is what imageScores measures.
 *
 * Animated images are refused rather than cut to their first frame: none of the placements shows
 * an animated image ad, and scoring a frame the advertiser did not pick would judge the wrong
 * creative. The message says to upload a still or use a video ad.
 */

export type { ImageFormat };

/** Upload limits; DEFAULT_IMAGE_LIMITS holds the spec's. */
export interface ImageLimits {
  /** Largest accepted upload, in bytes. */
  maxBytes: number;
  /** Most pixels (width × height) accepted, read from the header before decoding. */
  maxPixels: number;
}

/** The spec's limits (issue 16): 10 MB and 40 megapixels. */
export const DEFAULT_IMAGE_LIMITS: ImageLimits = { maxBytes: 10 * 1024 * 1024, maxPixels: 40_000_000 };

/** Why an upload was refused; a route maps each to its 4xx. */
export type ImageRefusalCode =
  'empty' | 'too_large' | 'not_an_image' | 'unsupported_format' | 'too_many_pixels' | 'animated' | 'unreadable';

export interface ImageRefusal {
  code: ImageRefusalCode;
  /** Said to the advertiser as is: names the problem and what to upload instead. */
  message: string;
}

/** An image that passed the gate. */
export interface ValidatedImage {
  format: ImageFormat;
  /** As displayed: EXIF orientation applied. */
  width: number;
  height: number;
  /** Size of the upload as received. */
  uploadBytes: number;
  /** The image to keep, in the upload's own format, upright, with no metadata. */
  data: Buffer;
  /** Whether `data` had to be re-encoded (orientation applied) rather than only stripped. */
  reencoded: boolean;
  /** The decoded copy the sub-scores are measured on. */
  copy: AnalysisCopy;
}

export type ReadImageResult = { ok: true; image: ValidatedImage } | { ok: false; refusal: ImageRefusal };

const ACCEPTED = 'Upload a PNG, JPEG or WebP image.';

const refuse = (code: ImageRefusalCode, message: string): ReadImageResult => ({
  ok: false,
  refusal: { code, message },
});

const megabytes = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
const megapixels = (pixels: number) => `${Math.round(pixels / 100_000) / 10} megapixels`;

/** The format the first bytes announce, whatever the file is called. */
export function sniffFormat(buffer: Buffer): ImageFormat | 'gif' | 'other' {
  const starts = (bytes: number[], at = 0) => bytes.every((b, i) => buffer[at + i] === b);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (starts([0xff, 0xd8, 0xff])) return 'jpeg';
  // RIFF....WEBP
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'webp';
  if (starts([0x47, 0x49, 0x46, 0x38])) return 'gif';
  return 'other';
}

/**
 * Whether a PNG is an APNG: libvips decodes only its default image and reports one page, so the
 * animation control chunk (acTL, which must come before the first IDAT) is looked for directly.
 */
function isAnimatedPng(buffer: Buffer): boolean {
  let at = 8;
  while (at + 8 <= buffer.length) {
    const length = buffer.readUInt32BE(at);
    const type = buffer.toString('latin1', at + 4, at + 8);
    if (type === 'acTL') return true;
    if (type === 'IDAT' || type === 'IEND') return false;
    at += 12 + length;
  }
  return false;
}

/** The refusal of an upload of `bytes` over the limit (a route that knows the size before reading the bytes says the same). */
export function tooLarge(bytes: number, limits: ImageLimits = DEFAULT_IMAGE_LIMITS): ImageRefusal {
  return {
    code: 'too_large',
    message: `The image is ${megabytes(bytes)}; the limit is ${megabytes(limits.maxBytes)}. Export it smaller or at a lower quality.`,
  };
}

/**
 * Validates an upload and returns it cleaned, or a refusal whose message names the problem.
 * Never throws for bad input.
 */
export async function readImage(buffer: Buffer, limits: ImageLimits = DEFAULT_IMAGE_LIMITS): Promise<ReadImageResult> {
  if (buffer.length === 0) return refuse('empty', `The file is empty. ${ACCEPTED}`);
  if (buffer.length > limits.maxBytes) return { ok: false, refusal: tooLarge(buffer.length, limits) };

  const sniffed = sniffFormat(buffer);
  if (sniffed === 'gif') return refuse('unsupported_format', `GIF images are not accepted. ${ACCEPTED}`);
  if (sniffed === 'other')
    return refuse('not_an_image', `The file is not a PNG, JPEG or WebP image, whatever its name says. ${ACCEPTED}`);

  // The header only: no pixel is decoded here. The pixel limit is off for this read so a bomb's
  // declared size can be reported; it is enforced again on the decode below.
  // Loaded by the first image, not at start (docs/operations.md#memory).
  const { default: sharp } = await import('sharp');
  let meta: Metadata;
  try {
    meta = await sharp(buffer, { limitInputPixels: false }).metadata();
  } catch {
    return refuse(
      'unreadable',
      `The ${sniffed.toUpperCase()} file is damaged or incomplete and cannot be read. ${ACCEPTED}`,
    );
  }
  if (meta.format !== sniffed || !meta.width || !meta.height) {
    return refuse(
      'unreadable',
      `The file starts like a ${sniffed.toUpperCase()} image but is not a valid one. ${ACCEPTED}`,
    );
  }
  const pixels = meta.width * meta.height;
  if (pixels > limits.maxPixels) {
    return refuse(
      'too_many_pixels',
      `The image is ${meta.width}×${meta.height} (${megapixels(pixels)}); the limit is ${megapixels(limits.maxPixels)}. Resize it before uploading.`,
    );
  }
  if ((meta.pages ?? 1) > 1 || (sniffed === 'png' && isAnimatedPng(buffer))) {
    return refuse(
      'animated',
      'Animated images are not accepted: these placements show a still image. Upload a single frame, or use a video ad.',
    );
  }

  const upright = (meta.orientation ?? 1) === 1;
  const stripped = upright ? stripMetadata(buffer, sniffed) : null;
  const clean = stripped && (await isClean(stripped, meta)) ? stripped : null;
  try {
    const data = clean ?? (await reencode(buffer, sniffed, limits));
    const width = clean ? meta.width : (meta.autoOrient?.width ?? meta.width);
    const height = clean ? meta.height : (meta.autoOrient?.height ?? meta.height);
    const copy = await makeAnalysisCopy(data, { width, height }, limits.maxPixels);
    return {
      ok: true,
      image: { format: sniffed, width, height, uploadBytes: buffer.length, data, reencoded: !clean, copy },
    };
  } catch {
    return refuse(
      'unreadable',
      `The ${sniffed.toUpperCase()} image is damaged or incomplete and cannot be decoded. ${ACCEPTED}`,
    );
  }
}

/** Whether a stripped file reads back as the same image with no metadata left, by sharp's own reader. */
async function isClean(stripped: Buffer, original: Metadata): Promise<boolean> {
  const { default: sharp } = await import('sharp');
  try {
    const meta = await sharp(stripped, { limitInputPixels: false }).metadata();
    return (
      meta.format === original.format &&
      meta.width === original.width &&
      meta.height === original.height &&
      !meta.exif &&
      !meta.xmp &&
      !meta.iptc &&
      !meta.comments?.length
    );
  } catch {
    return false;
  }
}

/**
 * Decodes and re-encodes in the same format. rotate() with no angle applies the EXIF orientation,
 * so the pixels are upright once the tag is gone; without withMetadata/keep* sharp writes none of
 * the input's metadata, and converts to sRGB so the colour profile is not needed.
 */
async function reencode(buffer: Buffer, format: ImageFormat, limits: ImageLimits): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  const pipeline = sharp(buffer, { limitInputPixels: limits.maxPixels, failOn: 'error' }).rotate();
  if (format === 'png') return pipeline.png().toBuffer();
  if (format === 'jpeg') return pipeline.jpeg({ quality: 92, chromaSubsampling: '4:4:4' }).toBuffer();
  return pipeline.webp({ quality: 92 }).toBuffer();
}
