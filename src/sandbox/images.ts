import type { FastifyReply } from 'fastify';

import type { SandboxImage } from './creatives';

/**
 * Renders the sandbox's ad images as PNGs: a background colour, one shape and, on some, a short
 * text line, at the placement's size, drawn from a small SVG. The emulators serve them at paths
 * shaped like their platform's CDN. Rendering takes a few tens of milliseconds, so the last
 * images are kept in memory, bounded by count.
 */

/** PNGs kept in memory (about 10-40 KB each: flat colours compress well). */
const CACHE_SIZE = 64;
const cache = new Map<string, Promise<Buffer>>();

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** The SVG an image is drawn from. */
export function imageSvg(image: SandboxImage): string {
  const { width: w, height: h, background, accent } = image;
  const s = Math.min(w, h) * 0.42;
  const cx = w / 2;
  const cy = h * 0.45;
  let shape: string;
  switch (image.shape) {
    case 'circle':
      shape = `<circle cx="${cx}" cy="${cy}" r="${s / 2}" fill="${accent}"/>`;
      break;
    case 'square':
      shape = `<rect x="${cx - s / 2}" y="${cy - s / 2}" width="${s}" height="${s}" rx="${s / 12}" fill="${accent}"/>`;
      break;
    case 'diamond':
      shape = `<polygon points="${cx},${cy - s / 2} ${cx + s / 2},${cy} ${cx},${cy + s / 2} ${cx - s / 2},${cy}" fill="${accent}"/>`;
      break;
    case 'band':
      shape = `<rect x="0" y="${cy - s / 4}" width="${w}" height="${s / 2}" fill="${accent}" opacity="0.85"/>`;
      break;
  }
  const fontSize = Math.round(Math.min(w, h) * 0.065);
  const caption = image.caption
    ? `<text x="${cx}" y="${h * 0.86}" font-family="sans-serif" font-weight="bold" font-size="${fontSize}" text-anchor="middle" fill="${accent}">${escapeXml(image.caption)}</text>`
    : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"><rect width="100%" height="100%" fill="${background}"/>${shape}${caption}</svg>`;
}

/** The image as PNG bytes (cached). */
export function renderImage(image: SandboxImage): Promise<Buffer> {
  const hit = cache.get(image.key);
  if (hit) {
    // Most recently used last, so the oldest goes first.
    cache.delete(image.key);
    cache.set(image.key, hit);
    return hit;
  }
  // sharp (libvips) loads with the first image, not with the sandbox.
  const png = import('sharp').then(({ default: sharp }) =>
    sharp(Buffer.from(imageSvg(image)))
      .png({ compressionLevel: 9, palette: true })
      .toBuffer(),
  );
  cache.set(image.key, png);
  png.catch(() => cache.delete(image.key));
  while (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  return png;
}

/** Replies with the image as a PNG, or a plain 404 the way a CDN answers an unknown file. */
export async function sendImage(reply: FastifyReply, image: SandboxImage | undefined): Promise<FastifyReply> {
  if (!image) return reply.code(404).type('text/plain').send('Not Found');
  const png = await renderImage(image);
  return reply.type('image/png').header('cache-control', 'public, max-age=86400').send(png);
}
