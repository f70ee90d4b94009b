/**
 * Seeded, stateless randomness for the sandbox world: every number is a pure function of the
 * seed and a key naming what it is for ("meta/act_1/c2:budget"), so any day of any ad can be
 * computed alone, in any order, and comes out the same every time.
 */

/** A string hash (FNV-1a, 32 bit). */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A uniform number in [0, 1) fixed by the seed and the key. */
export function unit(seed: number, key: string): number {
  let t = (hash(key) ^ Math.imul(seed, 0x9e3779b1)) >>> 0;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

/** Below this mean a Poisson count is drawn exactly (inverse CDF); above it, its normal approximation is close enough. */
const EXACT_POISSON_BELOW = 40;

/**
 * A Poisson-distributed count with the given mean, drawn from the key's uniform numbers: the
 * noise of counting clicks and conversions, which is what the product's statistics must see
 * through.
 */
export function poisson(seed: number, key: string, mean: number): number {
  if (!(mean > 0)) return 0;
  if (mean < EXACT_POISSON_BELOW) {
    const u = unit(seed, key);
    let k = 0;
    let p = Math.exp(-mean);
    let cumulative = p;
    while (u > cumulative && k < 10 * EXACT_POISSON_BELOW) {
      k += 1;
      p *= mean / k;
      cumulative += p;
    }
    return k;
  }
  // Box-Muller from two of the key's uniforms.
  const u1 = Math.max(Number.MIN_VALUE, unit(seed, `${key}:1`));
  const u2 = unit(seed, `${key}:2`);
  const z = Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
  return Math.max(0, Math.round(mean + Math.sqrt(mean) * z));
}

/** Splits an integer total over weights so the parts sum to the total exactly (largest remainder). */
export function splitInteger(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum <= 0 || total === 0) return weights.map(() => 0);
  const raw = weights.map((w) => (total * w) / sum);
  const parts = raw.map(Math.floor);
  let left = total - parts.reduce((a, b) => a + b, 0);
  const order = raw.map((r, i) => [r - Math.floor(r), i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (const [, i] of order) {
    if (left <= 0) break;
    parts[i] += 1;
    left -= 1;
  }
  return parts;
}
