import { BRANDING_LIMITS, BRANDING_MESSAGES } from '@shared/api/branding';
import sharp from 'sharp';

import { pngLogo, svgLogo, withTextChunk } from './branding.fixtures';
import { readLogo, readLogoBase64 } from './logo';
import { drawSvg, RASTER_HEIGHT } from './logoRaster';

const refusal = async (bytes: Buffer) => {
  const result = await readLogo(bytes);
  return result.ok ? 'accepted' : result.message;
};

describe('a branding logo, read by content', () => {
  it('takes a PNG, measures it and drops its metadata chunks', async () => {
    const png = withTextChunk(await pngLogo(64, 32), 'Author', 'Jane Secret, 51.5N 0.1W');
    const result = await readLogo(png);
    if (!result.ok) throw new Error(result.message);
    expect(result.logo).toMatchObject({
      type: 'image/png',
      width: 64,
      height: 32,
      sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(result.logo.bytes.includes(Buffer.from('Jane Secret'))).toBe(false);
    expect(await sharp(result.logo.bytes).metadata()).toMatchObject({ format: 'png', width: 64, height: 32 });
  });

  it('refuses a PNG too small, too big or damaged, saying which', async () => {
    expect(await refusal(await pngLogo(8, 40))).toBe(BRANDING_MESSAGES.logoTooSmall(8, 40));
    expect(await refusal(await pngLogo(BRANDING_LIMITS.logoMaxSidePx + 1, 16))).toBe(
      BRANDING_MESSAGES.logoTooBig(BRANDING_LIMITS.logoMaxSidePx + 1, 16),
    );
    const png = await pngLogo();
    expect(await refusal(png.subarray(0, 40))).toBe(BRANDING_MESSAGES.logoUnreadablePng);
  });

  it('goes by the bytes, not a name: a JPEG, text or nothing is not a logo', async () => {
    const jpeg = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#123456' } })
      .jpeg()
      .toBuffer();
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
    const inner =
      '<defs><linearGradient id="g"><stop offset="0" stop-color="#000"/></linearGradient></defs><rect width="40" height="20" fill="url(#g)"/><use xlink:href="#g"/><style>.a{fill:#123}</style>';
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
    [
      'a script in another namespace prefix',
      '<svg:script xmlns:svg="http://www.w3.org/2000/svg">alert(1)</svg:script>',
      '',
      BRANDING_MESSAGES.svgScript,
    ],
    ['an event handler on the root', '', ' onload="alert(1)"', BRANDING_MESSAGES.svgEventHandler('onload')],
    [
      'an event handler inside',
      '<rect width="1" height="1" onclick="alert(1)"/>',
      '',
      BRANDING_MESSAGES.svgEventHandler('onclick'),
    ],
    [
      'an external image',
      '<image href="https://tracker.example/pixel.png" width="1" height="1"/>',
      '',
      BRANDING_MESSAGES.svgExternal('https://tracker.example/pixel.png'),
    ],
    [
      'an external use',
      '<use xlink:href="https://evil.example/sprite.svg#x"/>',
      '',
      BRANDING_MESSAGES.svgExternal('https://evil.example/sprite.svg#x'),
    ],
    [
      'a javascript: link',
      '<a href="javascript:alert(1)"><rect width="1" height="1"/></a>',
      '',
      BRANDING_MESSAGES.svgExternal('javascript:alert(1)'),
    ],
    [
      'an external url() in a style',
      '<rect width="1" height="1" style="fill:url(https://evil.example/x.svg#p)"/>',
      '',
      BRANDING_MESSAGES.svgExternal('url(https://evil.example/x.svg#p)'),
    ],
    ['an @import', '<style>@import url(#x);</style>', '', BRANDING_MESSAGES.svgExternal('@import')],
    [
      'an embedded SVG as data',
      '<image href="data:image/svg+xml;base64,PHN2Zy8+" width="1" height="1"/>',
      '',
      BRANDING_MESSAGES.svgExternal('data:image/svg+xml;base64,PHN2Zy8+'),
    ],
    [
      'a foreignObject',
      '<foreignObject width="10" height="10"><div xmlns="http://www.w3.org/1999/xhtml">hi</div></foreignObject>',
      '',
      BRANDING_MESSAGES.svgForeignObject,
    ],
    // CSS escapes are decoded as a browser decodes them before anything is compared.
    [
      'a url() spelt with a CSS escape',
      '<style>rect{fill:\\75 rl(https://evil.example/a.svg#b)}</style><rect width="10" height="10"/>',
      '',
      BRANDING_MESSAGES.svgExternal('url(https://evil.example/a.svg#b)'),
    ],
    [
      'an @import spelt with a CSS escape',
      '<style>@\\69mport "https://evil.example/x.css";</style>',
      '',
      BRANDING_MESSAGES.svgExternal('@import'),
    ],
    [
      'an image-set() in a style attribute',
      `<rect width="10" height="10" style="fill:image-set('https://evil.example/x.png' 1x)"/>`,
      '',
      BRANDING_MESSAGES.svgExternal('image-set(https://evil.example/x.png)'),
    ],
    [
      'a quoted url() spelt with escapes',
      '<rect width="1" height="1" style="fill:u\\72 l(\'https://evil.example/q\')"/>',
      '',
      BRANDING_MESSAGES.svgExternal('url(https://evil.example/q)'),
    ],
    [
      'an escaped url() in a presentation attribute',
      '<rect width="1" height="1" fill="\\75rl(https://evil.example/f)"/>',
      '',
      BRANDING_MESSAGES.svgExternal('url(https://evil.example/f)'),
    ],
    [
      'an escape written as an XML character reference',
      '<rect width="1" height="1" fill="&#92;75 rl(https://evil.example/x)"/>',
      '',
      BRANDING_MESSAGES.svgExternal('url(https://evil.example/x)'),
    ],
    [
      'a -webkit-image-set()',
      '<style>rect{fill:-webkit-image-set(url(#a) 1x, "https://evil.example/2x.png" 2x)}</style>',
      '',
      BRANDING_MESSAGES.svgExternal('-webkit-image-set(https://evil.example/2x.png)'),
    ],
    [
      'an image() spelt with an escape',
      '<style>rect{fill:\\69mage("https://evil.example/i.png")}</style>',
      '',
      BRANDING_MESSAGES.svgExternal('image(https://evil.example/i.png)'),
    ],
    [
      'a cross-fade()',
      '<style>rect{fill:cross-fade(url(#a), url(#b))}</style>',
      '',
      BRANDING_MESSAGES.svgExternal('cross-fade(…)'),
    ],
    ['an element()', '<style>rect{fill:element(#a)}</style>', '', BRANDING_MESSAGES.svgExternal('element(…)')],
    [
      'a src()',
      '<style>rect{fill:src("https://evil.example/s.svg")}</style>',
      '',
      BRANDING_MESSAGES.svgExternal('src(https://evil.example/s.svg)'),
    ],
    [
      'a url() the browser gives up on',
      '<style>rect{fill:url(https://evil.example/a b)}</style>',
      '',
      BRANDING_MESSAGES.svgExternal('url(https://evil.example/a b)'),
    ],
    [
      'an at-rule a logo has no use for',
      '<style>@\\6e amespace x url(#a);</style>',
      '',
      BRANDING_MESSAGES.svgExternal('@namespace'),
    ],
  ])('refuses an SVG with %s, naming it', async (_what, inner, attributes, message) => {
    expect(await refusal(svgLogo(inner, attributes))).toBe(message);
  });

  it('keeps in-file references that are written with escapes, and the style sheets logos are exported with', async () => {
    const inner =
      '<defs><linearGradient id="g"><stop offset="0" stop-color="#000"/></linearGradient></defs>' +
      '<style>@media (prefers-color-scheme: dark){.a{fill:\\75 rl(#g)}} @font-face{font-family:"Brand";src:local("Brand")} .b{font-family:\'Brand\',sans-serif;fill:url( "#g" )}</style>' +
      '<rect class="a b" width="40" height="20" data-name="@2x logo" style="stroke:rgb(0 0 0 / 50%);fill:url(\'#g\')"/>';
    const result = await readLogo(svgLogo(inner));
    if (!result.ok) throw new Error(result.message);
    expect(result.logo.bytes.toString('utf8')).toContain('@media');
  });

  it('refuses an SVG drawn larger than a PNG may be, by its width, height, viewBox and units', async () => {
    const huge = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="20000" height="20000" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>',
    );
    expect(await refusal(huge)).toBe(BRANDING_MESSAGES.svgTooBig(20000, 20000));
    expect(await refusal(svgLogo(undefined, ' width="4097"'))).toBe(BRANDING_MESSAGES.svgTooBig(4097, 2049));
    // Inches at 96 CSS pixels each; the other side from the viewBox's aspect.
    expect(await refusal(svgLogo(undefined, ' width="50in"'))).toBe(BRANDING_MESSAGES.svgTooBig(4800, 2400));
    expect(await refusal(svgLogo(undefined, ' height="120mm" width="1e4"'))).toBe(
      BRANDING_MESSAGES.svgTooBig(10000, 454),
    );
    const viewBoxOnly = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8000 100"><rect width="10" height="10"/></svg>',
    );
    expect(await refusal(viewBoxOnly)).toBe(BRANDING_MESSAGES.svgTooBig(8000, 100));
    expect(await refusal(svgLogo(undefined, ' width="0" height="20"'))).toBe(BRANDING_MESSAGES.svgNoSize);
    expect(await refusal(svgLogo(undefined, ' width="0.001" height="0.001"'))).toBe(BRANDING_MESSAGES.svgNotDrawable);
  });

  it('takes an SVG up to the limit, sized in pixels from its units', async () => {
    const atLimit = await readLogo(svgLogo(undefined, ` width="${BRANDING_LIMITS.logoMaxSidePx}"`));
    if (!atLimit.ok) throw new Error(atLimit.message);
    expect(atLimit.logo).toMatchObject({
      width: BRANDING_LIMITS.logoMaxSidePx,
      height: BRANDING_LIMITS.logoMaxSidePx / 2,
    });
    const inMillimetres = await readLogo(svgLogo(undefined, ' width="40mm" height="20mm"'));
    if (!inMillimetres.ok) throw new Error(inMillimetres.message);
    expect(inMillimetres.logo).toMatchObject({ width: 151, height: 76 });
  });

  it('draws an SVG as PNG at a bounded size, however large it says it is', async () => {
    for (const side of [10, 3900, 4000, 20000]) {
      const svg = Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="${side}" height="${side / 2}" viewBox="0 0 10 5"><rect width="10" height="5"/></svg>`,
      );
      const { png, width, height } = await drawSvg(svg);
      expect({ side, width, height }).toEqual({ side, width: side, height: side / 2 });
      expect({ side, ...(await sharp(png).metadata()) }).toMatchObject({
        side,
        format: 'png',
        width: RASTER_HEIGHT * 2,
        height: RASTER_HEIGHT,
      });
    }
    // A very wide one is held to a width and drawn lower.
    const wide = await drawSvg(
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="30000" height="10"><rect width="30000" height="10"/></svg>',
      ),
    );
    expect(await sharp(wide.png).metadata()).toMatchObject({ width: RASTER_HEIGHT * 16, height: 1 });
  });

  it('refuses entity declarations and SVG that is not well-formed', async () => {
    const bomb =
      '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;">]><svg xmlns="http://www.w3.org/2000/svg">&b;</svg>';
    expect(await refusal(Buffer.from(bomb))).toBe(BRANDING_MESSAGES.svgEntity);
    expect(await refusal(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><rect></svg>'))).toBe(
      BRANDING_MESSAGES.svgUnreadable,
    );
    expect(await refusal(Buffer.from('<svg><rect/></svg>'))).toBe(BRANDING_MESSAGES.svgUnreadable);
  });

  it('drops animation silently (it could set a link after sanitising)', async () => {
    const result = await readLogo(svgLogo('<rect width="1" height="1"><set attributeName="fill" to="red"/></rect>'));
    if (!result.ok) throw new Error(result.message);
    expect(result.logo.bytes.toString('utf8')).not.toContain('<set');
  });
});
