import { createHash } from 'node:crypto';

import {
  type CSSToken,
  isTokenAtKeyword,
  isTokenBadURL,
  isTokenCloseParen,
  isTokenFunction,
  isTokenOpenParen,
  isTokenString,
  isTokenURL,
  isTokenWhiteSpaceOrComment,
  tokenize,
} from '@csstools/css-tokenizer';
import { BRANDING_LIMITS, BRANDING_MESSAGES, type BrandingLogoType } from '@shared/api/branding';
import type { DOMPurify } from 'dompurify';
import type { JSDOM } from 'jsdom';
import type { Metadata } from 'sharp';

import { stripMetadata } from '../../analysis/creativeImage/stripMetadata';
import { drawSvg } from './logoRaster';

/**
 * A branding logo read by its content, never by a name: a PNG (checked and measured by sharp,
 * its metadata chunks dropped) or an SVG (well-formed XML with an <svg> root; refused when it has
 * scripts, event handlers, references outside the file or a foreignObject; then sanitised by
 * DOMPurify and written out again as XML; refused when it is drawn larger than a PNG may be, or
 * when sharp cannot draw it as reports do). Anything else is refused with the reason.
 */

export interface StoredLogo {
  bytes: Buffer;
  type: BrandingLogoType;
  sha256: string;
  width: number | null;
  height: number | null;
}

export type LogoResult = { ok: true; logo: StoredLogo } | { ok: false; message: string };

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const SVG_NS = 'http://www.w3.org/2000/svg';
/** Embedded raster images an SVG may carry inside itself (not SVG: that could nest anything again). */
const INLINE_IMAGE = /^data:image\/(png|jpeg|gif|webp);base64,[a-z0-9+/=\s]*$/i;
/** CSS functions that load (or, for element(), show) an image: nothing a logo needs, whatever they point at. */
const LOADING_FUNCTIONS = new Set(['image', 'image-set', 'cross-fade', 'element', 'filter']);
/** CSS functions whose argument is a URL: fine when it points inside the file. */
const URL_FUNCTIONS = new Set(['url', 'src']);
/** At-rules a logo's style sheet may have: none loads anything itself (a url() inside is checked like any other). */
const ALLOWED_AT_RULES = new Set([
  'media',
  'supports',
  'keyframes',
  'font-face',
  'layer',
  'container',
  'charset',
  'property',
  'scope',
  'starting-style',
  'counter-style',
  'font-feature-values',
  'page',
]);
/** CSS lengths in CSS pixels (font-relative ones at the browser's default 16 px font). */
const CSS_PX: Record<string, number> = {
  '': 1,
  px: 1,
  in: 96,
  cm: 96 / 2.54,
  mm: 96 / 25.4,
  q: 96 / 101.6,
  pt: 96 / 72,
  pc: 16,
  em: 16,
  rem: 16,
  ex: 8,
  ch: 8,
};
/** Animation could set an href or a handler after sanitising; a logo does not need it. */
const FORBIDDEN_SILENTLY = ['animate', 'animateMotion', 'animateTransform', 'animateColor', 'set', 'discard'];

const refuse = (message: string): LogoResult => ({ ok: false, message });
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** The decoded size of base64 text, from its length (before allocating anything). */
export function base64Bytes(compact: string): number {
  return Math.floor((compact.length * 3) / 4) - (compact.endsWith('==') ? 2 : compact.endsWith('=') ? 1 : 0);
}

/** Base64 text to a checked logo; every refusal says why. */
export async function readLogoBase64(encoded: string): Promise<LogoResult> {
  const compact = encoded.replace(/\s+/g, '').replace(/^data:[a-z0-9.+/-]+;base64,/i, '');
  if (!BASE64.test(compact) || compact.length % 4 === 1) return refuse(BRANDING_MESSAGES.logoEncoding);
  const bytes = base64Bytes(compact);
  if (bytes > BRANDING_LIMITS.logoMaxBytes) return refuse(BRANDING_MESSAGES.logoTooLarge(bytes));
  return readLogo(Buffer.from(compact, 'base64'));
}

/** A file's bytes to a checked logo. */
export async function readLogo(upload: Buffer): Promise<LogoResult> {
  if (upload.length === 0) return refuse(BRANDING_MESSAGES.logoEmpty);
  if (upload.length > BRANDING_LIMITS.logoMaxBytes) return refuse(BRANDING_MESSAGES.logoTooLarge(upload.length));
  if (upload.subarray(0, 8).equals(PNG_SIGNATURE)) return readPng(upload);
  if (looksLikeSvg(upload)) return await readSvg(upload.toString('utf8'));
  return refuse(BRANDING_MESSAGES.logoNotImage);
}

async function readPng(upload: Buffer): Promise<LogoResult> {
  // Loaded by the first image, not at start (docs/operations.md#memory).
  const { default: sharp } = await import('sharp');
  const limit = BRANDING_LIMITS.logoMaxSidePx;
  let meta: Metadata;
  try {
    meta = await sharp(upload, { limitInputPixels: limit * limit, failOn: 'error' }).metadata();
  } catch {
    return refuse(BRANDING_MESSAGES.logoUnreadablePng);
  }
  if (meta.format !== 'png' || !meta.width || !meta.height) return refuse(BRANDING_MESSAGES.logoUnreadablePng);
  const { width, height } = meta;
  if (width > limit || height > limit) return refuse(BRANDING_MESSAGES.logoTooBig(width, height));
  if (width < BRANDING_LIMITS.logoMinSidePx || height < BRANDING_LIMITS.logoMinSidePx)
    return refuse(BRANDING_MESSAGES.logoTooSmall(width, height));
  try {
    // Metadata chunks (text, EXIF, time, private) dropped without re-encoding; re-encoded when the chunks cannot be walked.
    const stripped =
      stripMetadata(upload, 'png') ??
      (await sharp(upload, { limitInputPixels: limit * limit })
        .png()
        .toBuffer());
    // The pixels must still decode in full (a truncated IDAT fails here, not in a browser).
    await sharp(stripped, { limitInputPixels: limit * limit, failOn: 'error' })
      .raw()
      .toBuffer();
    return { ok: true, logo: { bytes: stripped, type: 'image/png', sha256: sha256(stripped), width, height } };
  } catch {
    return refuse(BRANDING_MESSAGES.logoUnreadablePng);
  }
}

/** Text whose first markup (after a BOM, an XML declaration, comments and a DOCTYPE) opens an <svg> element. */
function looksLikeSvg(upload: Buffer): boolean {
  const head = upload
    .subarray(0, 4096)
    .toString('utf8')
    .replace(/^\uFEFF/, '');
  const rest = head.replace(/^\s*(<\?xml[^>]*\?>\s*)?((<!--[\s\S]*?-->|<!DOCTYPE[^>[]*(\[[\s\S]*?\])?\s*>)\s*)*/i, '');
  return /^<svg[\s>/]/i.test(rest);
}

/**
 * jsdom and DOMPurify, loaded when the first SVG logo arrives: jsdom alone takes about 0.4 s to
 * load, which every server start would otherwise pay for a rare upload. One jsdom window serves
 * every sanitising (making one takes tens of milliseconds).
 */
let loaded: Promise<{ JSDOM: typeof JSDOM; purifier: DOMPurify; window: JSDOM['window'] }> | undefined;
function svgTools() {
  loaded ??= (async () => {
    const [{ JSDOM: Dom }, { default: createDOMPurify }] = await Promise.all([import('jsdom'), import('dompurify')]);
    const window = new Dom('').window;
    return {
      JSDOM: Dom,
      purifier: createDOMPurify(window as unknown as Parameters<typeof createDOMPurify>[0]),
      window,
    };
  })();
  return loaded;
}

/** The first thing in the parsed SVG that makes it unsafe to show, as the refusal; null when none. */
function unsafeIn(root: Element): string | null {
  const elements = [root, ...Array.from(root.getElementsByTagName('*'))];
  for (const element of elements) {
    const name = element.localName.toLowerCase();
    if (name === 'script') return BRANDING_MESSAGES.svgScript;
    if (name === 'foreignobject') return BRANDING_MESSAGES.svgForeignObject;
    for (const attribute of Array.from(element.attributes)) {
      const attr = attribute.localName.toLowerCase();
      const value = attribute.value.trim();
      if (attr.startsWith('on')) return BRANDING_MESSAGES.svgEventHandler(attribute.name);
      if ((attr === 'href' || attr === 'src') && value !== '' && !value.startsWith('#') && !INLINE_IMAGE.test(value))
        return BRANDING_MESSAGES.svgExternal(shorten(value));
      // style, and presentation attributes such as fill="url(…)" and filter="url(…)", escaped or not.
      const external = externalInCss(value, { atRules: attr === 'style' });
      if (external) return BRANDING_MESSAGES.svgExternal(external);
    }
    if (name === 'style') {
      const external = externalInCss(element.textContent ?? '', { atRules: true });
      if (external) return BRANDING_MESSAGES.svgExternal(external);
    }
  }
  return null;
}

const shorten = (value: string) => (value.length > 60 ? `${value.slice(0, 57)}…` : value);
const inFile = (target: string) => target.trim().startsWith('#') || INLINE_IMAGE.test(target.trim());
const unprefixed = (name: string) => name.toLowerCase().replace(/^-(webkit|moz|ms|o)-/, '');

/**
 * A reference outside the file in CSS text, named; null when none. The text is first looked at
 * as written, then as a browser reads it: tokenised per CSS Syntax 3, so escapes (\75 rl( is
 * url(, @\69mport is @import) are decoded before any name is compared. `atRules` for style sheets
 * and style attributes; other attributes cannot hold an at-rule, and their text (a data-name, say)
 * may hold an @ that is none.
 */
function externalInCss(css: string, { atRules }: { atRules: boolean }): string | null {
  // As written: a comment or a string that only looks like a reference was refused before, and still is.
  if (atRules && /@import/i.test(css)) return '@import';
  for (const match of css.matchAll(/url\s*\(\s*(['"]?)([^'")]*)\1\s*\)/gi)) {
    const target = match[2].trim();
    if (!inFile(target)) return shorten(`url(${target})`);
  }

  const tokens = tokenize({ css }).filter((token) => !isTokenWhiteSpaceOrComment(token));
  for (const [index, token] of tokens.entries()) {
    if (isTokenURL(token) && !inFile(token[4].value)) return shorten(`url(${token[4].value.trim()})`);
    // A url( the browser gives up on: nothing to tell it points inside the file.
    if (isTokenBadURL(token)) return shorten(token[1]);
    if (atRules && isTokenAtKeyword(token) && !ALLOWED_AT_RULES.has(unprefixed(token[4].value)))
      return `@${token[4].value.toLowerCase()}`;
    if (isTokenFunction(token)) {
      const name = unprefixed(token[4].value);
      const named = (target: string | undefined) => shorten(`${token[4].value.toLowerCase()}(${target ?? '…'})`);
      const next = tokens[index + 1];
      if (URL_FUNCTIONS.has(name)) {
        const target = isTokenString(next) ? next[4].value.trim() : undefined;
        if (target === undefined || !inFile(target)) return named(target);
      }
      if (LOADING_FUNCTIONS.has(name)) return named(outsideTarget(tokens.slice(index + 1)));
    }
  }
  return null;
}

/** The first string or url() up to the function's closing parenthesis that points outside the file, to name it. */
function outsideTarget(tokens: CSSToken[]): string | undefined {
  let depth = 1;
  for (const token of tokens) {
    if (isTokenFunction(token) || isTokenOpenParen(token)) depth += 1;
    if (isTokenCloseParen(token) && --depth === 0) return undefined;
    if ((isTokenString(token) || isTokenURL(token)) && !inFile(token[4].value)) return token[4].value.trim();
  }
  return undefined;
}

/** A width or height in CSS pixels; null when it is left out, auto, a percentage or no length. */
function cssPixels(value: string | null): number | null {
  const match = value ? /^\s*([+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?)\s*([a-z]*)\s*$/i.exec(value) : null;
  const perUnit = match ? CSS_PX[match[2].toLowerCase()] : undefined;
  return match && perUnit !== undefined ? Number(match[1]) * perUnit : null;
}

/**
 * The size the SVG is drawn at by itself, in CSS pixels: its width and height, a missing one
 * from the other and the viewBox's aspect, both missing the viewBox's. Null where it does not say.
 */
function drawnSize(svg: Element): { width: number | null; height: number | null } {
  let width = cssPixels(svg.getAttribute('width'));
  let height = cssPixels(svg.getAttribute('height'));
  const box = (svg.getAttribute('viewBox') ?? '')
    .trim()
    .split(/[\s,]+/)
    .map(Number);
  if (box.length === 4 && box.every(Number.isFinite) && box[2] > 0 && box[3] > 0) {
    const [, , boxWidth, boxHeight] = box;
    if (width === null && height === null) [width, height] = [boxWidth, boxHeight];
    else if (width === null && height !== null) width = (height * boxWidth) / boxHeight;
    else if (height === null && width !== null) height = (width * boxHeight) / boxWidth;
  }
  return { width, height };
}

const wholePixels = (size: number | null) => (size === null ? null : Math.max(1, Math.round(size)));

/** The size refusal of a drawn size, null when it fits. */
function sizeRefusal(width: number | null, height: number | null): string | null {
  if ((width !== null && !(width > 0)) || (height !== null && !(height > 0))) return BRANDING_MESSAGES.svgNoSize;
  const limit = BRANDING_LIMITS.logoMaxSidePx;
  if ((width ?? 0) > limit || (height ?? 0) > limit)
    return BRANDING_MESSAGES.svgTooBig(Math.round(width ?? 0), Math.round(height ?? 0));
  return null;
}

async function readSvg(text: string): Promise<LogoResult> {
  if (/<!ENTITY/i.test(text)) return refuse(BRANDING_MESSAGES.svgEntity);
  const { JSDOM: Dom, purifier, window } = await svgTools();
  let root: Element;
  try {
    root = new Dom(text, { contentType: 'image/svg+xml' }).window.document.documentElement;
  } catch {
    return refuse(BRANDING_MESSAGES.svgUnreadable);
  }
  if (root.namespaceURI !== SVG_NS || root.localName !== 'svg') return refuse(BRANDING_MESSAGES.svgUnreadable);
  const unsafe = unsafeIn(root);
  if (unsafe) return refuse(unsafe);

  // What is left is safe by the checks above; DOMPurify's allow-list is the second line (anything it does not know goes).
  const body = purifier.sanitize(root.outerHTML, {
    USE_PROFILES: { svg: true, svgFilters: true },
    ADD_TAGS: ['use'],
    FORBID_TAGS: FORBIDDEN_SILENTLY,
    RETURN_DOM: true,
  });
  const clean = (body as unknown as Element).firstElementChild;
  if (!clean || clean.namespaceURI !== SVG_NS || clean.localName !== 'svg')
    return refuse(BRANDING_MESSAGES.svgUnreadable);
  // Checked again on the result: the sanitiser's output must pass the same rules.
  const again = unsafeIn(clean);
  if (again) return refuse(again);
  const serialised = new window.XMLSerializer().serializeToString(clean);
  const bytes = Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>\n${serialised}`, 'utf8');
  if (bytes.length > BRANDING_LIMITS.logoMaxBytes) return refuse(BRANDING_MESSAGES.logoTooLarge(bytes.length));
  const { width, height } = drawnSize(clean);
  const tooBig = sizeRefusal(width, height);
  if (tooBig) return refuse(tooBig);
  // Reports and mails draw it with sharp: it is saved only when that works, at a size librsvg also finds within the limit.
  let drawn: Awaited<ReturnType<typeof drawSvg>>;
  try {
    drawn = await drawSvg(bytes);
  } catch {
    return refuse(BRANDING_MESSAGES.svgNotDrawable);
  }
  const tooBigDrawn = sizeRefusal(drawn.width, drawn.height);
  if (tooBigDrawn) return refuse(tooBigDrawn);
  return {
    ok: true,
    logo: {
      bytes,
      type: 'image/svg+xml',
      sha256: sha256(bytes),
      width: wholePixels(width),
      height: wholePixels(height),
    },
  };
}
