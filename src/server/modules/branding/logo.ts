import { createHash } from 'node:crypto';
import createDOMPurify, { type DOMPurify } from 'dompurify';
import { JSDOM } from 'jsdom';
import sharp, { type Metadata } from 'sharp';
import { BRANDING_LIMITS, BRANDING_MESSAGES, type BrandingLogoType } from '@shared/api/branding';
import { stripMetadata } from '../../analysis/creativeImage/stripMetadata';

/**
 * A branding logo read by its content, never by a name: a PNG (checked and measured by sharp,
 * its metadata chunks dropped) or an SVG (well-formed XML with an <svg> root; refused when it has
 * scripts, event handlers, references outside the file or a foreignObject; then sanitised by
 * DOMPurify and written out again as XML). Anything else is refused with the reason.
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
  if (looksLikeSvg(upload)) return readSvg(upload.toString('utf8'));
  return refuse(BRANDING_MESSAGES.logoNotImage);
}

async function readPng(upload: Buffer): Promise<LogoResult> {
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
  if (width < BRANDING_LIMITS.logoMinSidePx || height < BRANDING_LIMITS.logoMinSidePx) return refuse(BRANDING_MESSAGES.logoTooSmall(width, height));
  try {
    // Metadata chunks (text, EXIF, time, private) dropped without re-encoding; re-encoded when the chunks cannot be walked.
    const stripped = stripMetadata(upload, 'png') ?? (await sharp(upload, { limitInputPixels: limit * limit }).png().toBuffer());
    // The pixels must still decode in full (a truncated IDAT fails here, not in a browser).
    await sharp(stripped, { limitInputPixels: limit * limit, failOn: 'error' }).raw().toBuffer();
    return { ok: true, logo: { bytes: stripped, type: 'image/png', sha256: sha256(stripped), width, height } };
  } catch {
    return refuse(BRANDING_MESSAGES.logoUnreadablePng);
  }
}

/** Text whose first markup (after a BOM, an XML declaration, comments and a DOCTYPE) opens an <svg> element. */
function looksLikeSvg(upload: Buffer): boolean {
  const head = upload.subarray(0, 4096).toString('utf8').replace(/^\uFEFF/, '');
  const rest = head.replace(/^\s*(<\?xml[^>]*\?>\s*)?((<!--[\s\S]*?-->|<!DOCTYPE[^>[]*(\[[\s\S]*?\])?\s*>)\s*)*/i, '');
  return /^<svg[\s>/]/i.test(rest);
}

let purifier: DOMPurify | undefined;
let window: JSDOM['window'] | undefined;
/** One jsdom window for every sanitising (making one takes tens of milliseconds). */
function sanitiser() {
  if (!purifier || !window) {
    window = new JSDOM('').window;
    purifier = createDOMPurify(window as unknown as Parameters<typeof createDOMPurify>[0]);
  }
  return { purifier, window };
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
      if ((attr === 'href' || attr === 'src') && value !== '' && !value.startsWith('#') && !INLINE_IMAGE.test(value)) return BRANDING_MESSAGES.svgExternal(shorten(value));
      if (attr === 'style') {
        const external = externalInCss(value);
        if (external) return BRANDING_MESSAGES.svgExternal(external);
      }
      // Presentation attributes such as fill="url(…)" and filter="url(…)".
      if (/url\s*\(/i.test(value)) {
        const external = externalInCss(value);
        if (external) return BRANDING_MESSAGES.svgExternal(external);
      }
    }
    if (name === 'style') {
      const external = externalInCss(element.textContent ?? '');
      if (external) return BRANDING_MESSAGES.svgExternal(external);
    }
  }
  return null;
}

const shorten = (value: string) => (value.length > 60 ? `${value.slice(0, 57)}…` : value);

/** An @import or a url() that does not point inside the file, in CSS text. */
function externalInCss(css: string): string | null {
  if (/@import/i.test(css)) return '@import';
  for (const match of css.matchAll(/url\s*\(\s*(['"]?)([^'")]*)\1\s*\)/gi)) {
    const target = match[2].trim();
    if (!target.startsWith('#') && !INLINE_IMAGE.test(target)) return shorten(`url(${target})`);
  }
  return null;
}

/** A length in user units, when it is a plain number (or px). */
function pixels(value: string | null): number | null {
  const match = value ? /^\s*(\d+(?:\.\d+)?)\s*(px)?\s*$/i.exec(value) : null;
  return match ? Math.round(Number(match[1])) : null;
}

function sizeOf(svg: Element): { width: number | null; height: number | null } {
  const width = pixels(svg.getAttribute('width'));
  const height = pixels(svg.getAttribute('height'));
  if (width && height) return { width, height };
  const box = (svg.getAttribute('viewBox') ?? '').trim().split(/[\s,]+/).map(Number);
  if (box.length === 4 && box.every(Number.isFinite) && box[2] > 0 && box[3] > 0) return { width: Math.round(box[2]), height: Math.round(box[3]) };
  return { width: null, height: null };
}

function readSvg(text: string): LogoResult {
  if (/<!ENTITY/i.test(text)) return refuse(BRANDING_MESSAGES.svgEntity);
  let root: Element;
  try {
    root = new JSDOM(text, { contentType: 'image/svg+xml' }).window.document.documentElement;
  } catch {
    return refuse(BRANDING_MESSAGES.svgUnreadable);
  }
  if (root.namespaceURI !== SVG_NS || root.localName !== 'svg') return refuse(BRANDING_MESSAGES.svgUnreadable);
  const unsafe = unsafeIn(root);
  if (unsafe) return refuse(unsafe);

  // What is left is safe by the checks above; DOMPurify's allow-list is the second line (anything it does not know goes).
  const { purifier, window } = sanitiser();
  const body = purifier.sanitize(root.outerHTML, {
    USE_PROFILES: { svg: true, svgFilters: true },
    ADD_TAGS: ['use'],
    FORBID_TAGS: FORBIDDEN_SILENTLY,
    RETURN_DOM: true,
  });
  const clean = (body as unknown as Element).firstElementChild;
  if (!clean || clean.namespaceURI !== SVG_NS || clean.localName !== 'svg') return refuse(BRANDING_MESSAGES.svgUnreadable);
  // Checked again on the result: the sanitiser's output must pass the same rules.
  const again = unsafeIn(clean);
  if (again) return refuse(again);
  const serialised = new window.XMLSerializer().serializeToString(clean);
  const bytes = Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>\n${serialised}`, 'utf8');
  if (bytes.length > BRANDING_LIMITS.logoMaxBytes) return refuse(BRANDING_MESSAGES.logoTooLarge(bytes.length));
  return { ok: true, logo: { bytes, type: 'image/svg+xml', sha256: sha256(bytes), ...sizeOf(clean) } };
}
