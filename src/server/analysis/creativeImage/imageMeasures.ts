import type { AnalysisCopy } from './analysisCopy';

/**
 * The raw photographic measures of an analysis copy, in their own units; imageScores turns them
 * into 0–100 sub-scores with explanations.
 */

/** Mean luma, 0 (black) to 255 (white). */
export function meanBrightness(copy: AnalysisCopy): number {
  let sum = 0;
  for (const y of copy.luma) sum += y;
  return sum / copy.luma.length;
}

/** RMS contrast: the standard deviation of luma, 0 (flat) to 127.5 (half black, half white). */
export function rmsContrast(copy: AnalysisCopy): number {
  const mean = meanBrightness(copy);
  let sum = 0;
  for (const y of copy.luma) sum += (y - mean) ** 2;
  return Math.sqrt(sum / copy.luma.length);
}

/**
 * Hasler and Süsstrunk's colourfulness metric ("Measuring colourfulness in natural images", 2003):
 * M = σ_rgyb + 0.3 μ_rgyb over the opponent channels rg = R − G and yb = (R + G) / 2 − B. Their
 * survey anchors it: 0 not colourful, 15 slightly, 33 moderately, 45 averagely, 59 quite,
 * 82 highly, 109 extremely colourful.
 */
export function colourfulness(copy: AnalysisCopy): number {
  const n = copy.width * copy.height;
  let sumRg = 0;
  let sumYb = 0;
  let sumRg2 = 0;
  let sumYb2 = 0;
  const { rgb } = copy;
  for (let p = 0; p < n * 3; p += 3) {
    const rg = rgb[p] - rgb[p + 1];
    const yb = 0.5 * (rgb[p] + rgb[p + 1]) - rgb[p + 2];
    sumRg += rg;
    sumYb += yb;
    sumRg2 += rg * rg;
    sumYb2 += yb * yb;
  }
  const meanRg = sumRg / n;
  const meanYb = sumYb / n;
  const varRg = Math.max(0, sumRg2 / n - meanRg ** 2);
  const varYb = Math.max(0, sumYb2 / n - meanYb ** 2);
  return Math.sqrt(varRg + varYb) + 0.3 * Math.sqrt(meanRg ** 2 + meanYb ** 2);
}

const LAPLACIAN = { width: 3, height: 3, kernel: [0, 1, 0, 1, -4, 1, 0, 1, 0] };

/**
 * Variance of the Laplacian of the greyscale analysis copy (Pech-Pacheco et al., 2000): focus
 * and fine detail give strong second derivatives, blur removes them. Computed with sharp's
 * convolve into float so negative responses are not clipped.
 */
export async function laplacianVariance(copy: AnalysisCopy): Promise<number> {
  // Loaded by the first image, not at start (docs/operations.md#memory).
  const { default: sharp } = await import('sharp');
  const grey = Buffer.alloc(copy.luma.length);
  for (let i = 0; i < copy.luma.length; i++) grey[i] = Math.round(copy.luma[i]);
  const { data, info } = await sharp(grey, { raw: { width: copy.width, height: copy.height, channels: 1 } })
    .greyscale()
    .convolve(LAPLACIAN)
    .raw({ depth: 'float' })
    .toBuffer({ resolveWithObject: true });
  const values = new Float32Array(data.buffer, data.byteOffset, info.width * info.height);
  // The outermost ring is left out: there libvips extends the edge, which is no detail of the image.
  let sum = 0;
  let sum2 = 0;
  let count = 0;
  for (let y = 1; y < info.height - 1; y++) {
    for (let x = 1; x < info.width - 1; x++) {
      const v = values[y * info.width + x];
      sum += v;
      sum2 += v * v;
      count++;
    }
  }
  if (count === 0) return 0;
  const mean = sum / count;
  return sum2 / count - mean * mean;
}
