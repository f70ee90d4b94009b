import type { FieldRule, Placement } from './placements';

/**
 * How a placement lays out one field of an ad's copy: its length as the platform counts it and
 * what the reader sees before the on-screen cut. The server scores with it and the browser
 * previews the cut with it as the user types, so both always agree.
 */

/** X counts any link as 23 characters, whatever its length (ad-platform-apis.md 4.6). */
const X_LINK_WEIGHT = 23;
/** A cut that lands this close after a space backs off to it, as the platforms cut at words. */
const WORD_BACKOFF = 15;

const URL = /https?:\/\/\S+/giu;
// East Asian wide and fullwidth characters, and emoji, count double on Google and X.
const WIDE =
  /[\u1100-\u115F\u2E80-\uA4CF\uAC00-\uD7A3\uF900-\uFAFF\uFE30-\uFE4F\uFF00-\uFF60\uFFE0-\uFFE6]|\p{Extended_Pictographic}/u;

/** One field as a placement shows it. */
export interface FieldCut {
  /** What the placement calls the field ("Primary text", "Description 1"). */
  label: string;
  /** As the platform counts it (X: links 23, wide characters 2). */
  length: number;
  /** The placement's maximum (over it the ad is rejected, or the platform cuts it), or null if the field is not shown. */
  limit: number | null;
  /** Characters seen before the placement cuts the text on screen, or null if the field is not shown. */
  truncateAt: number | null;
  visible: string;
  cut: string;
  overLimit: boolean;
}

/**
 * The offset in `text` after which a placement's weighted count passes `budget`, walking code
 * points so a surrogate pair is never split; `length` is the weighted length of the whole text.
 */
export function measure(
  text: string,
  counting: Placement['counting'],
  budget: number,
): { length: number; cutAt: number } {
  const links: [number, number][] =
    counting === 'x' ? [...text.matchAll(URL)].map((m) => [m.index, m.index + m[0].length]) : [];
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
export function cutPoint(text: string, counting: Placement['counting'], budget: number): number {
  const { cutAt } = measure(text, counting, budget);
  if (cutAt >= text.length) return text.length;
  const space = text.lastIndexOf(' ', cutAt);
  return space > 0 && cutAt - space <= WORD_BACKOFF ? space : cutAt;
}

/** A field's text as the placement shows it; `fallbackLabel` names a field the placement does not show. */
export function cutField(
  text: string,
  rule: FieldRule | null,
  counting: Placement['counting'],
  fallbackLabel: string,
): FieldCut {
  if (!rule)
    return {
      label: fallbackLabel,
      length: text.length,
      limit: null,
      truncateAt: null,
      visible: '',
      cut: text,
      overLimit: false,
    };
  const { length } = measure(text, counting, rule.limit);
  const at = cutPoint(text, counting, rule.truncateAt);
  return {
    label: rule.label,
    length,
    limit: rule.limit,
    truncateAt: rule.truncateAt,
    visible: text.slice(0, at),
    cut: text.slice(at),
    overLimit: length > rule.limit,
  };
}
