import { PLACEMENTS, type FieldRule, type Placement } from './placements';
import { clampScore, plural, span } from './text';
import type { AdCopy, CopyField, FieldFit, SubScore, TextSpan } from './types';

/**
 * Platform fit: does each field fit the placement's limit, and what survives its on-screen cut.
 * Over a limit costs most (Google, X and TikTok reject the ad; Meta and LinkedIn cut the text
 * for good); a cut costs in proportion to what is hidden, since the reader must tap to see it;
 * text written for a field the placement never shows is wasted effort, a smaller cost.
 */

const OVER_LIMIT_COST = 35;
const MAX_CUT_COST = 15;
const UNSHOWN_FIELD_COST = 5;
const MISSING_TEXT_COST = 20;
const HEADLINE_COUNT_COST = 20;
const FORBIDDEN_COST = 15;
const UNDER_MINIMUM_COST = 10;
const URL_MISSING_COST = 15;
const URL_INSECURE_COST = 5;
/** Google RSAs take 3–15 headlines (ad-platform-apis.md 1.6). */
const RSA_HEADLINES = { min: 3, max: 15 };
/** X counts any link as 23 characters, whatever its length (ad-platform-apis.md 4.6). */
const X_LINK_WEIGHT = 23;
/** A cut that lands this close after a space backs off to it, as the platforms cut at words. */
const WORD_BACKOFF = 15;

const URL = /https?:\/\/\S+/giu;
// East Asian wide and fullwidth characters, and emoji, count double on Google and X.
const WIDE = /[\u1100-\u115F\u2E80-\uA4CF\uAC00-\uD7A3\uF900-\uFAFF\uFE30-\uFE4F\uFF00-\uFF60\uFFE0-\uFFE6]|\p{Extended_Pictographic}/u;
// TikTok ad text refuses emojis, braces and hashtags (ad-platform-apis.md 5.6).
const TIKTOK_FORBIDDEN = /\p{Extended_Pictographic}|[{}#]/gu;

/**
 * The offset in `text` after which a placement's weighted count passes `budget`, walking code
 * points so a surrogate pair is never split; `length` is the weighted length of the whole text.
 */
export function measure(text: string, counting: Placement['counting'], budget: number): { length: number; cutAt: number } {
  const links: [number, number][] = counting === 'x' ? [...text.matchAll(URL)].map((m) => [m.index, m.index + m[0].length]) : [];
  let length = 0;
  let cutAt = text.length;
  let i = 0;
  let link = 0;
  while (i < text.length) {
    let weight: number;
    let next: number;
    if (link < links.length && links[link][0] === i) {
      weight = X_LINK_WEIGHT;
      next = links[link][1];
      link += 1;
    } else {
      const point = text.codePointAt(i) ?? 0;
      next = i + (point > 0xffff ? 2 : 1);
      weight = counting !== 'plain' && WIDE.test(String.fromCodePoint(point)) ? 2 : 1;
    }
    if (length + weight > budget && cutAt === text.length) cutAt = i;
    length += weight;
    i = next;
  }
  return { length, cutAt };
}

/** Where a reader's screen cuts `text`: at the budget, backed off to the last word break near it. */
function cutPoint(text: string, counting: Placement['counting'], budget: number): number {
  const { cutAt } = measure(text, counting, budget);
  if (cutAt >= text.length) return text.length;
  const space = text.lastIndexOf(' ', cutAt);
  return space > 0 && cutAt - space <= WORD_BACKOFF ? space : cutAt;
}

function fitField(field: CopyField, index: number, text: string, rule: FieldRule | null, counting: Placement['counting'], fallbackLabel: string): FieldFit {
  if (!rule) return { field, index, label: fallbackLabel, length: text.length, limit: null, truncateAt: null, visible: '', cut: text, overLimit: false };
  const { length } = measure(text, counting, rule.limit);
  const at = cutPoint(text, counting, rule.truncateAt);
  return { field, index, label: rule.label, length, limit: rule.limit, truncateAt: rule.truncateAt, visible: text.slice(0, at), cut: text.slice(at), overLimit: length > rule.limit };
}

/** Each field of the copy as the placement lays it out: the live preview of the cut. */
export function layOut(copy: AdCopy): FieldFit[] {
  const placement = PLACEMENTS[copy.placement];
  // Several headlines are variants the platform rotates (Google combines up to 3 of 15, Meta
  // tries up to 5): each is laid out on its own.
  const fits = copy.headlines.map((text, i) => fitField('headline', i, text, placement.headline, placement.counting, 'Headline'));
  fits.push(fitField('primaryText', 0, copy.primaryText, placement.primaryText, placement.counting, 'Primary text'));
  fits.push(fitField('description', 0, copy.description, placement.description, placement.counting, 'Description'));
  return fits;
}

export function scorePlatformFit(copy: AdCopy): { subScore: SubScore; fields: FieldFit[] } {
  const placement = PLACEMENTS[copy.placement];
  const fields = layOut(copy);
  const spans: TextSpan[] = [];
  const notes: string[] = [];
  let score = 100;

  for (const fit of fields) {
    const text = fit.visible + fit.cut;
    if (text.trim() === '') continue;
    if (fit.limit === null) {
      score -= UNSHOWN_FIELD_COST;
      spans.push(span(fit, 0, text.length, 'cost', `${placement.label} does not show this ${fit.label.toLowerCase()}`));
      notes.push(`${fit.label} is not shown on ${placement.label}.`);
      continue;
    }
    if (fit.overLimit) {
      score -= OVER_LIMIT_COST;
      const { cutAt } = measure(text, placement.counting, fit.limit);
      spans.push(span(fit, cutAt, text.length, 'cost', `over the ${fit.limit}-character limit of the ${fit.label.toLowerCase()}`));
      notes.push(`${fit.label} is ${fit.length} characters, over the limit of ${fit.limit}${placement.platform === 'meta' || placement.platform === 'linkedin' ? ' (cut)' : ' (rejected)'}.`);
    }
    if (fit.cut.trim() !== '') {
      const hidden = fit.cut.length / Math.max(1, text.length);
      score -= Math.round(MAX_CUT_COST * Math.min(1, hidden * 2));
      spans.push(span(fit, fit.visible.length, text.length, 'cost', `hidden behind the cut after ${fit.truncateAt} characters`));
      notes.push(`${fit.label}: ${plural(fit.cut.length, 'character')} hidden after the first ${fit.truncateAt}.`);
    } else if (!fit.overLimit) {
      spans.push(span(fit, 0, text.length, 'earned', `shown whole on ${placement.label}`));
    }
    if (fit.field === 'primaryText' && placement.primaryText?.minimum && fit.length < placement.primaryText.minimum) {
      score -= UNDER_MINIMUM_COST;
      notes.push(`${fit.label} is under ${placement.primaryText.minimum} characters, which ${placement.label} warns about.`);
    }
  }

  if (placement.primaryText && copy.primaryText.trim() === '') {
    score -= MISSING_TEXT_COST;
    notes.push(`${placement.primaryText.label} is empty.`);
  }
  if (placement.headline && copy.headlines.every((h) => h.trim() === '')) {
    score -= MISSING_TEXT_COST;
    notes.push('No headline.');
  }
  const headlineCount = copy.headlines.filter((h) => h.trim() !== '').length;
  if (placement.id === 'google_rsa' && (headlineCount < RSA_HEADLINES.min || headlineCount > RSA_HEADLINES.max)) {
    score -= HEADLINE_COUNT_COST;
    notes.push(`A responsive search ad takes ${RSA_HEADLINES.min}–${RSA_HEADLINES.max} headlines; this has ${headlineCount}.`);
  }
  if (placement.id === 'tiktok_in_feed') {
    const forbidden = [...copy.primaryText.matchAll(TIKTOK_FORBIDDEN)];
    for (const m of forbidden) spans.push(span({ field: 'primaryText', index: 0 }, m.index, m.index + m[0].length, 'cost', 'TikTok ad text refuses emojis, braces and hashtags'));
    if (forbidden.length) {
      score -= FORBIDDEN_COST;
      notes.push(`${plural(forbidden.length, 'character')} TikTok refuses (emoji, {} or #).`);
    }
  }
  if (copy.cta.trim() !== '' && !placement.ctaButton) {
    spans.push(span({ field: 'cta', index: 0 }, 0, copy.cta.length, 'cost', `${placement.label} shows no call-to-action button`));
    notes.push(`${placement.label} has no call-to-action button: put the call to action in the text.`);
  }

  const url = copy.landingUrl.trim();
  if (url === '') {
    score -= URL_MISSING_COST;
    notes.push('No landing URL.');
  } else if (!/^https?:\/\/[^\s/]+\.[^\s/]+/iu.test(url)) {
    score -= URL_MISSING_COST;
    spans.push(span({ field: 'landingUrl', index: 0 }, 0, copy.landingUrl.length, 'cost', 'not a web address the platforms accept'));
    notes.push('The landing URL is not a full http(s) address.');
  } else if (/^http:/iu.test(url)) {
    score -= URL_INSECURE_COST;
    spans.push(span({ field: 'landingUrl', index: 0 }, 0, 5, 'cost', 'not https: browsers warn, some platforms refuse'));
    notes.push('The landing URL is not https.');
  }

  const explanation = notes.length ? notes.join(' ') : `Every field fits ${placement.label} and is shown whole.`;
  return { subScore: { key: 'platformFit', label: 'Platform fit', score: clampScore(score), explanation, spans }, fields };
}
