import zlib from 'node:zlib';

import sharp from 'sharp';

import { gradient, noise, png, solid } from './creativeImage.fixtures';
import { DEFAULT_IMAGE_LIMITS, readImage, type ReadImageResult } from './imageInput';

const refusal = (result: ReadImageResult) => (result.ok ? null : result.refusal);

/** A PNG chunk: length, type, data, CRC over type and data. */
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A PNG of a few dozen bytes whose header declares width × height of 8-bit grey, followed by `idat`. */
function pngWithHeader(width: number, height: number, idat: Buffer): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', idat),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The GPS IFD pointer tag (0x8825) as it appears in a little-endian EXIF block. */
const GPS_POINTER = Buffer.from([0x25, 0x88]);

describe('readImage', () => {
  it('accepts a PNG, a JPEG and a WebP, re-encoded in their own format', async () => {
    const base = solid({ width: 64, height: 48 }, '#3366cc');
    for (const [format, data] of [
      ['png', await base.clone().png().toBuffer()],
      ['jpeg', await base.clone().jpeg().toBuffer()],
      ['webp', await base.clone().webp().toBuffer()],
    ] as const) {
      const result = await readImage(data);
      expect(result).toMatchObject({ ok: true, image: { format, width: 64, height: 48, uploadBytes: data.length } });
      if (result.ok) expect((await sharp(result.image.data).metadata()).format).toBe(format);
    }
  });

  it('refuses a file that is not an image, whatever it is called', async () => {
    // What an upload named "banner.png" can hold: readImage is never told the name, only the bytes.
    const bannerPng = Buffer.from('<!doctype html><html><body>not an image</body></html>');
    expect(refusal(await readImage(bannerPng))).toEqual({
      code: 'not_an_image',
      message: expect.stringMatching(/not a PNG, JPEG or WebP image, whatever its name says/),
    });
  });

  it('refuses a file whose magic bytes say PNG but whose content is not one', async () => {
    const fake = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.from('garbage garbage garbage'),
    ]);
    expect(refusal(await readImage(fake))?.code).toBe('unreadable');
  });

  it('refuses a GIF, naming the format', async () => {
    const gif = await solid({ width: 16, height: 16 }, '#ff0000').gif().toBuffer();
    expect(refusal(await readImage(gif))).toEqual({
      code: 'unsupported_format',
      message: expect.stringMatching(/^GIF images are not accepted\. Upload a PNG, JPEG or WebP image\.$/),
    });
  });

  it('refuses a decompression bomb from its header, without decoding it', async () => {
    // 100,000 × 100,000 declared (10 gigapixels) in under 100 bytes. The image data is not valid
    // zlib, so had the pixels been decoded the refusal would be 'unreadable', not 'too_many_pixels'.
    const bomb = pngWithHeader(100_000, 100_000, Buffer.from('not zlib data at all'));
    const started = performance.now();
    const result = refusal(await readImage(bomb));
    expect(performance.now() - started).toBeLessThan(1000);
    expect(result).toEqual({
      code: 'too_many_pixels',
      message: expect.stringContaining('100000×100000 (10000 megapixels); the limit is 40 megapixels'),
    });
  });

  it('refuses an image just over 40 megapixels from its header', async () => {
    const idat = zlib.deflateSync(Buffer.alloc(10));
    expect(refusal(await readImage(pngWithHeader(8000, 5001, idat)))?.code).toBe('too_many_pixels');
  });

  it('refuses an upload over 10 MB before looking inside', async () => {
    const big = Buffer.concat([
      await png(solid({ width: 8, height: 8 }, '#000')),
      Buffer.alloc(DEFAULT_IMAGE_LIMITS.maxBytes),
    ]);
    expect(refusal(await readImage(big))).toEqual({
      code: 'too_large',
      message: expect.stringMatching(/^The image is 10 MB; the limit is 10 MB\./),
    });
  });

  it('refuses an animated WebP', async () => {
    const frames = await Promise.all(
      ['#f00', '#0f0', '#00f'].map((colour) => png(solid({ width: 8, height: 8 }, colour))),
    );
    const animated = await sharp(frames, { join: { animated: true } })
      .webp({ loop: 0, delay: 100 })
      .toBuffer();
    expect(refusal(await readImage(animated))?.code).toBe('animated');
  });

  it('refuses an empty upload', async () => {
    expect(refusal(await readImage(Buffer.alloc(0)))?.code).toBe('empty');
  });

  const GPS_EXIF = {
    IFD0: { Copyright: 'Someone' },
    IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 0/1' },
  };
  const raw = async (data: Buffer) => sharp(data).raw().toBuffer();

  it('strips EXIF, GPS included, from a JPEG, keeping its pixels exactly', async () => {
    const withGps = await noise({ width: 96, height: 64 }, 7).jpeg().withExif(GPS_EXIF).toBuffer();
    const before = await sharp(withGps).metadata();
    expect(before.exif?.includes(GPS_POINTER)).toBe(true);

    const result = await readImage(withGps);
    if (!result.ok) throw new Error(result.refusal.message);
    const after = await sharp(result.image.data).metadata();
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(result.image.data.includes(Buffer.from('Exif\0\0', 'latin1'))).toBe(false);
    // Cut out of the container, not re-encoded: the same compressed pixels decode to the same values.
    expect(result.image.reencoded).toBe(false);
    expect((await raw(result.image.data)).equals(await raw(withGps))).toBe(true);
  });

  it('strips EXIF and XMP from a WebP and EXIF, text and trailing bytes from a PNG', async () => {
    const xmp =
      '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/></x:xmpmeta>';
    const webp = await noise({ width: 64, height: 64 }, 8).webp().withExif(GPS_EXIF).withXmp(xmp).toBuffer();
    expect((await sharp(webp).metadata()).exif).toBeDefined();
    const webpResult = await readImage(webp);
    if (!webpResult.ok) throw new Error(webpResult.refusal.message);
    const webpAfter = await sharp(webpResult.image.data).metadata();
    expect([webpAfter.exif, webpAfter.xmp, webpResult.image.reencoded]).toEqual([undefined, undefined, false]);

    const trailer = Buffer.from('<?php secret payload ?>');
    const pngFile = Buffer.concat([
      await noise({ width: 64, height: 64 }, 9).png().withExif(GPS_EXIF).toBuffer(),
      trailer,
    ]);
    const pngResult = await readImage(pngFile);
    if (!pngResult.ok) throw new Error(pngResult.refusal.message);
    expect((await sharp(pngResult.image.data).metadata()).exif).toBeUndefined();
    expect(pngResult.image.data.includes(trailer)).toBe(false);
    expect((await raw(pngResult.image.data)).equals(await raw(pngFile))).toBe(true);
  });

  it('refuses a truncated image', async () => {
    const whole = await noise({ width: 256, height: 256 }, 10).png().toBuffer();
    expect(refusal(await readImage(whole.subarray(0, whole.length / 2)))?.code).toBe('unreadable');
  });

  it('applies the EXIF orientation before dropping it', async () => {
    // Stored 64 wide, 48 high, tagged "rotate 90° clockwise to display": it is a portrait photo.
    const sideways = await gradient({ width: 64, height: 48 }, '#000', '#fff')
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const result = await readImage(sideways);
    expect(result).toMatchObject({
      ok: true,
      image: { width: 48, height: 64, reencoded: true, copy: { width: 48, height: 64 } },
    });
    if (!result.ok) return;
    const after = await sharp(result.image.data).metadata();
    expect([after.width, after.height, after.orientation, after.exif]).toEqual([48, 64, undefined, undefined]);
  });
});
