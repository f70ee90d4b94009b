import type { CreativeOverlayRect } from '@shared/api/creative';
import type { SafeZone } from '@shared/creative/placements';

import type { AnalysisCopy } from './analysisCopy';
import type { TextBlockGrid } from './textRegions';

/**
 * Which text-like blocks fall under a vertical placement's interface, and the overlay the UI
 * draws to show it. The bands are fractions of the image, so they assume the image fills the
 * placement's 9:16 frame; an image of another ratio is already marked down by placement fit.
 * Faces are not looked for (no face detector ships with the product): the overlay shows text only.
 */

/** A rectangle in the uploaded image's pixel coordinates (orientation applied), for the UI to draw: the API's own shape. */
export type OverlayRect = CreativeOverlayRect;

export interface SafeZoneCheck {
  /** The bands the interface covers, then the text-like runs found in them. */
  overlay: OverlayRect[];
  /** Text-like blocks anywhere in the image. */
  textBlocks: number;
  /** Of those, the ones whose centre is under the interface. */
  textBlocksOutside: number;
  /** Which bands hold text, in the order top, bottom, left, right. */
  bandsWithText: ('top' | 'bottom' | 'left' | 'right')[];
}

type Side = SafeZoneCheck['bandsWithText'][number];
const SIDES: Side[] = ['top', 'bottom', 'left', 'right'];

/** The side whose band holds a point given as fractions of the image, preferring top and bottom. */
function bandAt(zone: SafeZone, fx: number, fy: number): Side | null {
  if (fy < zone.top) return 'top';
  if (fy > 1 - zone.bottom) return 'bottom';
  if (fx < zone.left) return 'left';
  if (fx > 1 - zone.right) return 'right';
  return null;
}

export function checkSafeZone(
  zone: SafeZone,
  grid: TextBlockGrid,
  copy: AnalysisCopy,
  image: { width: number; height: number },
): SafeZoneCheck {
  const overlay: OverlayRect[] = [];
  const bandRect = (side: Side): Omit<OverlayRect, 'kind' | 'label'> => {
    const { width: w, height: h } = image;
    switch (side) {
      case 'top':
        return { x: 0, y: 0, width: w, height: Math.round(zone.top * h) };
      case 'bottom':
        return { x: 0, y: Math.round((1 - zone.bottom) * h), width: w, height: h - Math.round((1 - zone.bottom) * h) };
      case 'left':
        return { x: 0, y: 0, width: Math.round(zone.left * w), height: h };
      case 'right':
        return { x: Math.round((1 - zone.right) * w), y: 0, width: w - Math.round((1 - zone.right) * w), height: h };
    }
  };
  for (const side of SIDES) {
    const fraction = zone[side];
    if (fraction <= 0) continue;
    overlay.push({
      kind: 'unsafe_band',
      ...bandRect(side),
      label: `${capitalise(side)} ${Math.round(fraction * 100)}%: covered by ${zone.covers[side]}`,
    });
  }

  let textBlocks = 0;
  let textBlocksOutside = 0;
  const bandsWithText = new Set<Side>();
  for (let r = 0; r < grid.rows; r++) {
    // Consecutive flagged blocks of a row in the same band become one rectangle: one per word or line, not per block.
    let run: { side: Side; c0: number; c1: number } | null = null;
    const flush = () => {
      if (!run) return;
      const x0 = run.c0 * grid.blockSize;
      const y0 = r * grid.blockSize;
      const x1 = Math.min(copy.width, (run.c1 + 1) * grid.blockSize);
      const y1 = Math.min(copy.height, (r + 1) * grid.blockSize);
      overlay.push({
        kind: 'text_outside_safe_zone',
        x: Math.round(x0 * copy.scaleX),
        y: Math.round(y0 * copy.scaleY),
        width: Math.round((x1 - x0) * copy.scaleX),
        height: Math.round((y1 - y0) * copy.scaleY),
        label: `Text under ${zone.covers[run.side]}`,
      });
      run = null;
    };
    for (let c = 0; c < grid.columns; c++) {
      if (!grid.textLike[r * grid.columns + c]) {
        flush();
        continue;
      }
      textBlocks++;
      const cx = Math.min(copy.width, (c + 0.5) * grid.blockSize) / copy.width;
      const cy = Math.min(copy.height, (r + 0.5) * grid.blockSize) / copy.height;
      const side = bandAt(zone, cx, cy);
      if (!side) {
        flush();
        continue;
      }
      textBlocksOutside++;
      bandsWithText.add(side);
      if (run && run.side === side && run.c1 === c - 1) run.c1 = c;
      else {
        flush();
        run = { side, c0: c, c1: c };
      }
    }
    flush();
  }
  return { overlay, textBlocks, textBlocksOutside, bandsWithText: SIDES.filter((s) => bandsWithText.has(s)) };
}

const capitalise = (s: string) => s[0].toUpperCase() + s.slice(1);
