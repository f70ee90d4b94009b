import sharp, { type Sharp } from 'sharp';

import { uniforms } from '../uniforms';

/**
 * Synthetic creatives for the tests and the bench, drawn with sharp so no binary file is checked
 * in: gradients, noise (raw, or blurred into a photo-like texture), flat fills, and text set with
 * an SVG overlay. Deterministic: noise comes from a seeded generator.
 */

export interface Size {
  width: number;
  height: number;
}

/** A flat fill. */
export function solid({ width, height }: Size, colour: string): Sharp {
  return sharp({ create: { width, height, channels: 3, background: colour } });
}

/** A diagonal linear gradient between two colours. */
export function gradient({ width, height }: Size, from: string, to: string): Sharp {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>` +
    `<rect width="100%" height="100%" fill="url(#g)"/></svg>`;
  return sharp(Buffer.from(svg));
}

/**
 * Colour noise; with `blur` (a Gaussian sigma in pixels) it becomes a soft, photo-like texture.
 * `amplitude` (0–1) scales the noise around mid-grey.
 */
export function noise(
  { width, height }: Size,
  seed: number,
  options: { blur?: number; amplitude?: number } = {},
): Sharp {
  const random = uniforms(seed);
  const amplitude = options.amplitude ?? 1;
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = Math.round(128 + (random() - 0.5) * 255 * amplitude);
  const image = sharp(pixels, { raw: { width, height, channels: 3 } });
  return options.blur ? image.blur(options.blur) : image;
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** One line of text to set on an image; positions are fractions of the image. */
export interface TextLine {
  text: string;
  /** Baseline, as a fraction of the image height. */
  y: number;
  /** Left edge, as a fraction of the image width. */
  x?: number;
  /** Font size as a fraction of the image height. */
  size: number;
  colour?: string;
}

/** Sets lines of text over a base image with an SVG overlay, and returns the PNG. */
export async function withText(base: Sharp, { width, height }: Size, lines: TextLine[]): Promise<Buffer> {
  const texts = lines
    .map(
      (line) =>
        `<text x="${Math.round((line.x ?? 0.1) * width)}" y="${Math.round(line.y * height)}" font-family="DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif" ` +
        `font-weight="bold" font-size="${Math.round(line.size * height)}" fill="${line.colour ?? '#111111'}">${escapeXml(line.text)}</text>`,
    )
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${texts}</svg>`;
  const plain = await base.png().toBuffer();
  const drawn = await sharp(plain)
    .composite([{ input: Buffer.from(svg) }])
    .png()
    .toBuffer();
  // Without a font librsvg draws nothing and every text test would pass or fail for the wrong reason.
  if (lines.length > 0 && drawn.equals(await sharp(plain).composite([]).png().toBuffer())) {
    throw new Error('The SVG text drew nothing: no font is installed for librsvg (install fonts-dejavu or similar).');
  }
  return drawn;
}

/** A PNG of the given pipeline. */
export const png = (image: Sharp): Promise<Buffer> => image.png().toBuffer();
