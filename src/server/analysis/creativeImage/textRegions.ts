import type { AnalysisCopy } from './analysisCopy';

/**
 * Where an image probably carries text, estimated without OCR (no model, nothing sent anywhere):
 * the analysis copy is cut into square blocks and a block is text-like when it looks like set
 * type at phone size:
 * - strong, sharp edges on a fair share of its pixels, but not on nearly all of them (noise,
 *   gravel and foliage edge everywhere; glyphs leave counters and gaps);
 * - two tones, ink and ground: the block's luma splits cleanly into two classes (Otsu's
 *   between-class share of the variance), which a photograph's gradual shading does not;
 * - dense vertical strokes: many of its pixel rows cross two or more strong left–right steps,
 *   as a row through a word crosses the stems of its letters;
 * - and it sits in a line: a text-like block with no text-like neighbour to its left or right
 *   is dropped, and a gap of one block between two text-like blocks of a row is filled (the
 *   inside of a big letter, the space between words).
 *
 * It is an estimate with known limits: very large display type (strokes wider than a block) is
 * partly missed; tiny text (under about 6 px tall in the 512 px copy) blurs below the edge
 * threshold; low-contrast text (grey on grey) is missed; fine regular patterns (fences, barcodes,
 * striped fabric, keyboards) can pass for text; vertical or curved text is found only where its
 * strokes still cross rows. Coverage is the share of blocks, so it is quantised to one block
 * (about 3% of the width of the copy).
 */

/** Block side in analysis-copy pixels: about two lines of small type, half a line of a headline. */
export const TEXT_BLOCK_SIZE = 16;
/** A luma step of at least this (0–255) between neighbours is a strong edge: ink against ground. */
const EDGE_STEP = 40;
/** Share of a block's pixels on strong edges: below, too little is drawn; above, it is texture. */
const MIN_EDGE_DENSITY = 0.06;
const MAX_EDGE_DENSITY = 0.55;
/** Luma standard deviation a block needs for its two tones to be readable. */
const MIN_BLOCK_CONTRAST = 25;
/** Otsu's between-class variance over the total: 1 for pure two-tone, about 0.75 for uniform noise. */
const MIN_TWO_TONE = 0.8;
/** Share of the block's rows that cross at least two strong left–right steps. */
const MIN_STROKE_ROWS = 0.25;

/** The blocks of one analysis copy and which of them look like text. */
export interface TextBlockGrid {
  columns: number;
  rows: number;
  /** Block side in analysis-copy pixels; the last column and row may be narrower. */
  blockSize: number;
  /** Row-major, columns × rows. */
  textLike: boolean[];
}

/** Otsu's between-class variance as a share of the total, over a 32-bin luma histogram. */
function twoToneShare(histogram: Uint32Array, count: number, mean: number, variance: number): number {
  if (variance <= 0) return 0;
  const binWidth = 256 / histogram.length;
  let weightBelow = 0;
  let sumBelow = 0;
  let best = 0;
  for (let bin = 0; bin < histogram.length - 1; bin++) {
    weightBelow += histogram[bin];
    sumBelow += histogram[bin] * (bin + 0.5) * binWidth;
    if (weightBelow === 0 || weightBelow === count) continue;
    const meanBelow = sumBelow / weightBelow;
    const meanAbove = (mean * count - sumBelow) / (count - weightBelow);
    const between = (weightBelow / count) * (1 - weightBelow / count) * (meanBelow - meanAbove) ** 2;
    if (between > best) best = between;
  }
  return best / variance;
}

function isCandidate(copy: AnalysisCopy, x0: number, y0: number, x1: number, y1: number): boolean {
  const { luma, width } = copy;
  const histogram = new Uint32Array(32);
  let count = 0;
  let sum = 0;
  let sum2 = 0;
  let edges = 0;
  let strokeRows = 0;
  for (let y = y0; y < y1; y++) {
    let steps = 0;
    for (let x = x0; x < x1; x++) {
      const i = y * width + x;
      const v = luma[i];
      histogram[Math.min(31, v >> 3)]++;
      count++;
      sum += v;
      sum2 += v * v;
      const dx = x + 1 < width ? Math.abs(luma[i + 1] - v) : 0;
      const dy = y + 1 < copy.height ? Math.abs(luma[i + width] - v) : 0;
      if (dx >= EDGE_STEP || dy >= EDGE_STEP) edges++;
      if (dx >= EDGE_STEP) steps++;
    }
    if (steps >= 2) strokeRows++;
  }
  const mean = sum / count;
  const variance = sum2 / count - mean * mean;
  const density = edges / count;
  if (density < MIN_EDGE_DENSITY || density > MAX_EDGE_DENSITY) return false;
  if (Math.sqrt(Math.max(0, variance)) < MIN_BLOCK_CONTRAST) return false;
  if (strokeRows / (y1 - y0) < MIN_STROKE_ROWS) return false;
  return twoToneShare(histogram, count, mean, variance) >= MIN_TWO_TONE;
}

/** Marks the text-like blocks of an analysis copy. */
export function findTextBlocks(copy: AnalysisCopy, blockSize = TEXT_BLOCK_SIZE): TextBlockGrid {
  const columns = Math.ceil(copy.width / blockSize);
  const rows = Math.ceil(copy.height / blockSize);
  const candidate: boolean[] = [];
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < columns; c++) {
      const x0 = c * blockSize;
      const y0 = r * blockSize;
      const x1 = Math.min(copy.width, x0 + blockSize);
      const y1 = Math.min(copy.height, y0 + blockSize);
      // A sliver at the right or bottom edge holds too few pixels to judge.
      candidate.push(x1 - x0 >= blockSize / 2 && y1 - y0 >= blockSize / 2 && isCandidate(copy, x0, y0, x1, y1));
    }
  }
  const at = (grid: boolean[], r: number, c: number) => c >= 0 && c < columns && grid[r * columns + c];
  // Text runs in lines: a lone block is more likely a texture patch than a one-block word.
  const inLine = candidate.map((is, i) => {
    const r = Math.floor(i / columns);
    const c = i % columns;
    return is && (at(candidate, r, c - 1) || at(candidate, r, c + 1));
  });
  // Close one-block gaps along a row: the bowl of a large letter, a word space.
  const textLike = inLine.map((is, i) => {
    const r = Math.floor(i / columns);
    const c = i % columns;
    return is || (at(inLine, r, c - 1) && at(inLine, r, c + 1));
  });
  return { columns, rows, blockSize, textLike };
}

/** Share of the copy's area covered by text-like blocks, 0–1. */
export function textCoverage(grid: TextBlockGrid, copy: { width: number; height: number }): number {
  let area = 0;
  grid.textLike.forEach((is, i) => {
    if (!is) return;
    const r = Math.floor(i / grid.columns);
    const c = i % grid.columns;
    const w = Math.min(grid.blockSize, copy.width - c * grid.blockSize);
    const h = Math.min(grid.blockSize, copy.height - r * grid.blockSize);
    area += w * h;
  });
  return area / (copy.width * copy.height);
}
