/**
 * Removes metadata from an image file without touching its compressed pixels: the segments or
 * chunks that carry EXIF (GPS position, camera serial, owner), XMP, IPTC, comments and text are
 * dropped, and so is anything after the image's end marker (where polyglot files hide a second
 * payload). Only what is needed to draw the pixels is kept: the image data, the palette and
 * transparency, and the colour profile (without which colours would shift).
 *
 * Done at the container level, not by re-encoding, because re-encoding costs quality (the
 * advertiser's creative would come back softer than uploaded) and time (a 2-megapixel WebP takes
 * longer to re-encode than the whole analysis budget). A file this cannot walk returns null; the
 * caller then re-encodes it. The caller also checks the result with sharp's own metadata reader.
 */
/** The formats the analyzer accepts. */
export type ImageFormat = 'png' | 'jpeg' | 'webp';

export function stripMetadata(buffer: Buffer, format: ImageFormat): Buffer | null {
  try {
    if (format === 'png') return stripPng(buffer);
    if (format === 'jpeg') return stripJpeg(buffer);
    return stripWebp(buffer);
  } catch {
    return null;
  }
}

/** Critical chunks plus the colour chunks; everything else (tEXt, zTXt, iTXt, eXIf, tIME, private chunks) goes. */
const PNG_KEEP = new Set(['IHDR', 'PLTE', 'tRNS', 'IDAT', 'IEND', 'gAMA', 'cHRM', 'sRGB', 'iCCP', 'sBIT']);

function stripPng(buffer: Buffer): Buffer | null {
  const parts: Buffer[] = [buffer.subarray(0, 8)];
  let at = 8;
  while (at + 12 <= buffer.length) {
    const length = buffer.readUInt32BE(at);
    const end = at + 12 + length;
    if (end > buffer.length) return null;
    const type = buffer.toString('latin1', at + 4, at + 8);
    if (PNG_KEEP.has(type)) parts.push(buffer.subarray(at, end));
    if (type === 'IEND') return Buffer.concat(parts);
    at = end;
  }
  return null;
}

const APP0 = 0xe0;
const APP2 = 0xe2;
const APP14 = 0xee;
const SOS = 0xda;
const EOI = 0xd9;

/** Whether a JPEG segment (marker and payload) is needed to draw the image. */
function keepJpegSegment(marker: number, payload: Buffer): boolean {
  if (marker === APP0) return payload.toString('latin1', 0, 5) === 'JFIF\0';
  if (marker === APP2) return payload.toString('latin1', 0, 12) === 'ICC_PROFILE\0';
  // Adobe's APP14 says how the colour channels were transformed: without it CMYK/YCCK decode wrong.
  if (marker === APP14) return true;
  // Every other APPn (APP1 EXIF and XMP, APP13 IPTC, …) and COM comments carry metadata only.
  return !(marker >= 0xe0 && marker <= 0xef) && marker !== 0xfe;
}

function stripJpeg(buffer: Buffer): Buffer | null {
  const parts: Buffer[] = [buffer.subarray(0, 2)];
  let at = 2;
  while (at < buffer.length) {
    if (buffer[at] !== 0xff) return null;
    // Markers may be preceded by any number of 0xFF fill bytes.
    while (buffer[at] === 0xff) at++;
    const marker = buffer[at];
    at++;
    if (marker === EOI) {
      parts.push(Buffer.from([0xff, EOI]));
      return Buffer.concat(parts);
    }
    if (at + 2 > buffer.length) return null;
    const length = buffer.readUInt16BE(at);
    const end = at + length;
    if (length < 2 || end > buffer.length) return null;
    const segment = buffer.subarray(at - 2, end);
    if (keepJpegSegment(marker, buffer.subarray(at + 2, end))) parts.push(segment);
    at = end;
    if (marker === SOS) {
      // Entropy-coded data runs to the next marker that is not a stuffed 0xFF00 or a restart marker.
      let scan = at;
      while (
        scan + 1 < buffer.length &&
        !(buffer[scan] === 0xff && buffer[scan + 1] !== 0 && !(buffer[scan + 1] >= 0xd0 && buffer[scan + 1] <= 0xd7))
      )
        scan++;
      if (scan + 1 >= buffer.length) return null;
      parts.push(buffer.subarray(at, scan));
      at = scan;
    }
  }
  return null;
}

/** VP8X flag bits for the EXIF and XMP chunks (WebP container spec, "Extended file format"). */
const VP8X_EXIF = 0x08;
const VP8X_XMP = 0x04;
/** Image data, alpha, colour profile and the extended header; EXIF, XMP and unknown chunks go. */
const WEBP_KEEP = new Set(['VP8 ', 'VP8L', 'VP8X', 'ALPH', 'ICCP']);

function stripWebp(buffer: Buffer): Buffer | null {
  const riffEnd = 8 + buffer.readUInt32LE(4);
  if (riffEnd > buffer.length) return null;
  const chunks: Buffer[] = [];
  let at = 12;
  while (at + 8 <= riffEnd) {
    const type = buffer.toString('latin1', at, at + 4);
    const size = buffer.readUInt32LE(at + 4);
    // Chunks are padded to an even length.
    const end = at + 8 + size + (size & 1);
    if (end > riffEnd) return null;
    if (WEBP_KEEP.has(type)) {
      const chunk = Buffer.from(buffer.subarray(at, end));
      if (type === 'VP8X') chunk[8] &= ~(VP8X_EXIF | VP8X_XMP);
      chunks.push(chunk);
    }
    at = end;
  }
  const body = Buffer.concat(chunks);
  const header = Buffer.alloc(12);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(4 + body.length, 4);
  header.write('WEBP', 8, 'latin1');
  return Buffer.concat([header, body]);
}
