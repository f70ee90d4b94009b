import { cutField, measure } from '@shared/creative/layout';
import { PLACEMENTS } from '@shared/creative/placements';

import { clampScore, plural, span } from './text';
import type { AdCopy, FieldFit, SubScore, TextSpan } from './types';

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
// TikTok ad text refuses emojis, braces and hashtags (ad-platform-apis.md 5.6).
const TIKTOK_FORBIDDEN = /\p{Extended_Pictographic}|[{}#]/gu;

/** Each field of the copy as the placement lays it out: the live preview of the cut. */
export function layOut(copy: AdCopy): FieldFit[] {
  const placement = PLACEMENTS[copy.placement];
  // Several headlines are variants the platform rotates (Google combines up to 3 of 15, Meta
  // tries up to 5): each is laid out on its own.
  const fits: FieldFit[] = copy.headlines.map((text, i) => ({
    field: 'headline',
    index: i,
    ...cutField(text, placement.headline, placement.counting, 'Headline'),
  }));
  fits.push({
    field: 'primaryText',
    index: 0,
    ...cutField(copy.primaryText, placement.primaryText, placement.counting, 'Primary text'),
  });
  fits.push({
    field: 'description',
    index: 0,
    ...cutField(copy.description, placement.description, placement.counting, 'Description'),
  });
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
      spans.push(
        span(
          fit,
          cutAt,
          text.length,
          'cost',
          `over the ${fit.limit}-character limit of the ${fit.label.toLowerCase()}`,
        ),
      );
      notes.push(
        `${fit.label} is ${fit.length} characters, over the limit of ${fit.limit}${placement.platform === 'meta' || placement.platform === 'linkedin' ? ' (cut)' : ' (rejected)'}.`,
      );
    }
    if (fit.cut.trim() !== '') {
      const hidden = fit.cut.length / Math.max(1, text.length);
      score -= Math.round(MAX_CUT_COST * Math.min(1, hidden * 2));
      spans.push(
        span(fit, fit.visible.length, text.length, 'cost', `hidden behind the cut after ${fit.truncateAt} characters`),
      );
      notes.push(`${fit.label}: ${plural(fit.cut.length, 'character')} hidden after the first ${fit.truncateAt}.`);
    } else if (!fit.overLimit) {
      spans.push(span(fit, 0, text.length, 'earned', `shown whole on ${placement.label}`));
    }
    if (fit.field === 'primaryText' && placement.primaryText?.minimum && fit.length < placement.primaryText.minimum) {
      score -= UNDER_MINIMUM_COST;
      notes.push(
        `${fit.label} is under ${placement.primaryText.minimum} characters, which ${placement.label} warns about.`,
      );
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
    notes.push(
      `A responsive search ad takes ${RSA_HEADLINES.min}–${RSA_HEADLINES.max} headlines; this has ${headlineCount}.`,
    );
  }
  if (placement.id === 'tiktok_in_feed') {
    const forbidden = [...copy.primaryText.matchAll(TIKTOK_FORBIDDEN)];
    for (const m of forbidden)
      spans.push(
        span(
          { field: 'primaryText', index: 0 },
          m.index,
          m.index + m[0].length,
          'cost',
          'TikTok ad text refuses emojis, braces and hashtags',
        ),
      );
    if (forbidden.length) {
      score -= FORBIDDEN_COST;
      notes.push(`${plural(forbidden.length, 'character')} TikTok refuses (emoji, {} or #).`);
    }
  }
  if (copy.cta.trim() !== '' && !placement.ctaButton) {
    spans.push(
      span({ field: 'cta', index: 0 }, 0, copy.cta.length, 'cost', `${placement.label} shows no call-to-action button`),
    );
    notes.push(`${placement.label} has no call-to-action button: put the call to action in the text.`);
  }

  const url = copy.landingUrl.trim();
  if (url === '') {
    score -= URL_MISSING_COST;
    notes.push('No landing URL.');
  } else if (!/^https?:\/\/[^\s/]+\.[^\s/]+/iu.test(url)) {
    score -= URL_MISSING_COST;
    spans.push(
      span(
        { field: 'landingUrl', index: 0 },
        0,
        copy.landingUrl.length,
        'cost',
        'not a web address the platforms accept',
      ),
    );
    notes.push('The landing URL is not a full http(s) address.');
  } else if (/^http:/iu.test(url)) {
    score -= URL_INSECURE_COST;
    spans.push(
      span({ field: 'landingUrl', index: 0 }, 0, 5, 'cost', 'not https: browsers warn, some platforms refuse'),
    );
    notes.push('The landing URL is not https.');
  }

  const explanation = notes.length ? notes.join(' ') : `Every field fits ${placement.label} and is shown whole.`;
  return {
    subScore: { key: 'platformFit', label: 'Platform fit', score: clampScore(score), explanation, spans },
    fields,
  };
}
