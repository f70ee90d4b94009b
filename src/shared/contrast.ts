/**
 * WCAG 2.x contrast between two sRGB colours, pure (client and server compute the same figure).
 * https://www.w3.org/TR/WCAG22/#dfn-contrast-ratio
 */

/** A colour as the branding form takes it: '#' and six hex digits. */
export const HEX_COLOUR_PATTERN = /^#[0-9a-f]{6}$/i;

/** WCAG AA for normal text. */
export const WCAG_AA_NORMAL_TEXT = 4.5;

const channel = (value: number) => {
  const c = value / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};

/** Relative luminance of '#rrggbb' (0 black … 1 white); null when it is not such a colour. */
export function relativeLuminance(hex: string): number | null {
  if (!HEX_COLOUR_PATTERN.test(hex)) return null;
  const n = Number.parseInt(hex.slice(1), 16);
  return 0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255);
}

/** The contrast ratio of two colours (1 … 21), or null when either is not '#rrggbb'. */
export function contrastRatio(a: string, b: string): number | null {
  const la = relativeLuminance(a);
  const lb = relativeLuminance(b);
  if (la === null || lb === null) return null;
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/**
 * The ratio as people read it: two decimals, rounded down so a colour never shows "4.50:1" while
 * failing at 4.499.
 */
export const formatRatio = (ratio: number) => `${(Math.floor(ratio * 100) / 100).toFixed(2)}:1`;
