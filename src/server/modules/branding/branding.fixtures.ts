import { crc32 } from 'node:zlib';

import sharp from 'sharp';

/** Logo files for the branding tests. Only tests import this. */

/** A PNG of one colour. */
export const pngLogo = (width = 64, height = 32) =>
  sharp({ create: { width, height, channels: 4, background: { r: 20, g: 60, b: 140, alpha: 1 } } })
    .png()
    .toBuffer();

/** A PNG chunk with its length and CRC. */
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/** The PNG with a tEXt chunk after its header (where tools put author, software, GPS notes). */
export function withTextChunk(png: Buffer, keyword: string, text: string): Buffer {
  const ihdrEnd = 8 + 12 + png.readUInt32BE(8);
  return Buffer.concat([
    png.subarray(0, ihdrEnd),
    chunk('tEXt', Buffer.from(`${keyword}\0${text}`, 'latin1')),
    png.subarray(ihdrEnd),
  ]);
}

/** An SVG logo with `inner` inside its root. */
export const svgLogo = (inner = '<rect width="40" height="20" fill="#1a4fa0"/>', attributes = '') =>
  Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 40 20"${attributes}>${inner}</svg>`,
    'utf8',
  );

export const b64 = (bytes: Buffer) => bytes.toString('base64');
