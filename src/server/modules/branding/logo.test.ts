import sharp from 'sharp';
import { BRANDING_LIMITS, BRANDING_MESSAGES } from '@shared/api/branding';
import { pngLogo, svgLogo, withTextChunk } from './branding.fixtures';
import { readLogo, readLogoBase64 } from './logo';

const refusal = async (bytes: Buffer) => {
  const result = await readLogo(bytes);
  return result.ok ? 'accepted' : result.message;
};

describe('a branding logo, read by content', () => {
  it('takes a PNG, measures it and drops its metadata chunks', async () => {
    const png = withTextChunk(await pngLogo(64, 32), 'Author', 'Jane Secret, 51.5N 0.1W');
    const result = await readLogo(png);
    if (!result.ok) throw new Error(result.message);
    expect(result.logo).toMatchObject({ type: 'image/png', width: 64, height: 32, sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(result.logo.bytes.includes(Buffer.from('Jane Secret'))).toBe(false);
    expect(await sharp(result.logo.bytes).metadata()).toMatchObject({ format: 'png', width: 64, height: 32 });
  });

  it('refuses a PNG too small, too big or damaged, saying which', async () => {
    expect(await refusal(await pngLogo(8, 40))).toBe(BRANDING_MESSAGES.logoTooSmall(8, 40));
    expect(await refusal(await pngLogo(BRANDING_LIMITS.logoMaxSidePx + 1, 16))).toBe(BRANDING_MESSAGES.logoTooBig(BRANDING_LIMITS.logoMaxSidePx + 1, 16));
    const png = await pngLogo();
    expect(await refusal(png.subarray(0, 40))).toBe(BRANDING_MESSAGES.logoUnreadablePng);
  });

  it('goes by the bytes, not a name: a JPEG, text or nothing is not a logo', async () => {
    const jpeg = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#123456' } }).jpeg().toBuffer();
    expect(await refusal(jpeg)).toBe(BRANDING_MESSAGES.logoNotImage);
    expect(await refusal(Buffer.from('just some text, named logo.png'))).toBe(BRANDING_MESSAGES.logoNotImage);
    expect(await refusal(Buffer.from('<html><svg></svg></html>'))).toBe(BRANDING_MESSAGES.logoNotImage);
    expect(await refusal(Buffer.alloc(0))).toBe(BRANDING_MESSAGES.logoEmpty);
  });

  it('refuses base64 that is not, and a file over the limit before decoding it', async () => {
    expect(await readLogoBase64('not base64 at all!')).toEqual({ ok: false, message: BRANDING_MESSAGES.logoEncoding });
    const big = 'A'.repeat(Math.ceil(((BRANDING_LIMITS.logoMaxBytes + 3) * 4) / 3 / 4) * 4);
    const result = await readLogoBase64(big);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.message).toMatch(/^The logo is [\d,]+ KB; the largest allowed is 1,000 KB\.$/);
  });

  it('takes a clean SVG, sizes it by its viewBox, and keeps in-file references', async () => {
    const inner = '<defs><linearGradient id="g"><stop offset="0" stop-color="#000"/></linearGradient></defs><rect width="40" height="20" fill="url(#g)"/><use xlink:href="#g"/><style>.a{fill:#123}</style>';
    const result = await readLogo(svgLogo(inner));
    if (!result.ok) throw new Error(result.message);
    expect(result.logo).toMatchObject({ type: 'image/svg+xml', width: 40, height: 20 });
    const text = result.logo.bytes.toString('utf8');
    expect(text).toContain('viewBox="0 0 40 20"');
    expect(text).toContain('linearGradient');
    expect(text).toContain('url(#g)');
  });

  it.each([
    ['a script', '<script>alert(1)</script>', '', BRANDING_MESSAGES.svgScript],
    ['a script in another namespace prefix', '<svg:script xmlns:svg="http://www.w3.org/2000/svg">alert(1)</svg:script>', '', BRANDING_MESSAGES.svgScript],
    ['an event handler on the root', '', ' onload="alert(1)"', BRANDING_MESSAGES.svgEventHandler('onload')],
    ['an event handler inside', '<rect width="1" height="1" onclick="alert(1)"/>', '', BRANDING_MESSAGES.svgEventHandler('onclick')],
    ['an external image', '<image href="https://tracker.example/pixel.png" width="1" height="1"/>', '', BRANDING_MESSAGES.svgExternal('https://tracker.example/pixel.png')],
    ['an external use', '<use xlink:href="https://evil.example/sprite.svg#x"/>', '', BRANDING_MESSAGES.svgExternal('https://evil.example/sprite.svg#x')],
    ['a javascript: link', '<a href="javascript:alert(1)"><rect width="1" height="1"/></a>', '', BRANDING_MESSAGES.svgExternal('javascript:alert(1)')],
    ['an external url() in a style', '<rect width="1" height="1" style="fill:url(https://evil.example/x.svg#p)"/>', '', BRANDING_MESSAGES.svgExternal('url(https://evil.example/x.svg#p)')],
    ['an @import', '<style>@import url(#x);</style>', '', BRANDING_MESSAGES.svgExternal('@import')],
    ['an embedded SVG as data', '<image href="data:image/svg+xml;base64,PHN2Zy8+" width="1" height="1"/>', '', BRANDING_MESSAGES.svgExternal('data:image/svg+xml;base64,PHN2Zy8+')],
    ['a foreignObject', '<foreignObject width="10" height="10"><div xmlns="http://www.w3.org/1999/xhtml">hi</div></foreignObject>', '', BRANDING_MESSAGES.svgForeignObject],
  ])('refuses an SVG with %s, naming it', async (_what, inner, attributes, message) => {
    expect(await refusal(svgLogo(inner, attributes))).toBe(message);
  });

  it('refuses entity declarations and SVG that is not well-formed', async () => {
    const bomb = '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;">]><svg xmlns="http://www.w3.org/2000/svg">&b;</svg>';
    expect(await refusal(Buffer.from(bomb))).toBe(BRANDING_MESSAGES.svgEntity);
    expect(await refusal(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><rect></svg>'))).toBe(BRANDING_MESSAGES.svgUnreadable);
    expect(await refusal(Buffer.from('<svg><rect/></svg>'))).toBe(BRANDING_MESSAGES.svgUnreadable);
  });

  it('drops animation silently (it could set a link after sanitising)', async () => {
    const result = await readLogo(svgLogo('<rect width="1" height="1"><set attributeName="fill" to="red"/></rect>'));
    if (!result.ok) throw new Error(result.message);
    expect(result.logo.bytes.toString('utf8')).not.toContain('<set');
  });
});
