/**
 * How new the latest stretch of a series is: for the stretch of `length` points ending at each
 * point, the distance to the nearest stretch of the same length that ended earlier (without
 * overlapping it). This is the "left matrix profile" of time-series data mining (Yeh et al.,
 * 2016; Lu et al., DAMP, 2022): a stretch far from everything the series did before is a discord,
 * a shape, level or rhythm it has not shown. It reads only points up to the stretch's end, so it
 * is causal: removing later points never changes it.
 *
 * Values are compared on a symmetric log scale (sign · log(1 + |x|)), fixed in advance so that
 * no later point can move it, and on which a doubling weighs alike at any size; stretches are
 * not normalised, so their level counts as well as their shape (shape alone, each stretch
 * z-normalised, found almost nothing on the training corpus: see anomaly.ts).
 *
 * Pure: no clock, no I/O. Time and memory: every pair of stretches once, along the diagonals of
 * their distance matrix (each step of a diagonal updates the previous distance by one point in
 * and one out), so n²/2 steps and O(n) memory: about a second for 20,000 points.
 */

/** The fixed scale stretches are compared on: a doubling weighs alike at any size; zero and negatives stay finite. */
const symmetricLog = (x: number) => Math.sign(x) * Math.log1p(Math.abs(x));

/**
 * For each point i, the distance from the stretch `values[i−length+1..i]` to its nearest earlier
 * stretch that ends at most i − length (NaN where either cannot be read: its last point missing,
 * fewer than half its points present, the series' start, or no earlier stretch yet). A missing
 * point inside a stretch reads as the straight line between the readings either side of it.
 * Series read at irregular times come with gaps on their grid (a reading every 5 to 15 minutes
 * on a 5-minute grid leaves a third of its steps empty): requiring every point of an hour's
 * stretch left almost none to compare, and discords went silent there.
 */
export function leftDiscordDistances(values: (number | null)[], length: number): Float64Array {
  const n = values.length;
  const out = new Float64Array(n).fill(Number.NaN);
  if (length < 1 || n < 2 * length) return out;
  const x = new Float64Array(n);
  /** Whether the stretch ending at i can be read (see above): counted with a running sum of gaps. */
  const readable = new Uint8Array(n);
  const missingAt = (i: number) => values[i] === null || !Number.isFinite(values[i]);
  const mostGaps = length - Math.ceil(length / 2);
  let first = -1;
  let gaps = 0;
  for (let i = 0; i < n; i += 1) {
    const missing = missingAt(i);
    if (!missing && first < 0) first = i;
    x[i] = missing ? 0 : symmetricLog(values[i] as number);
    if (missing) gaps += 1;
    if (i >= length && missingAt(i - length)) gaps -= 1;
    readable[i] = !missing && first >= 0 && i - first >= length - 1 && gaps <= mostGaps ? 1 : 0;
  }
  // A gap reads as the straight line between the readings either side of it. A readable stretch
  // ends on a reading, so the one after any of its gaps is inside it: still causal.
  for (let last = first, i = first + 1; first >= 0 && i < n; i += 1) {
    if (missingAt(i)) continue;
    for (let k = last + 1; k < i; k += 1) x[k] = x[last] + ((x[i] - x[last]) * (k - last)) / (i - last);
    last = i;
  }
  const nearest = new Float64Array(n).fill(Infinity);
  // Diagonal `lag`: the stretch ending at j against the one ending at j + lag. The squared
  // distance moves along it by one point in and one out.
  for (let lag = length; lag < n; lag += 1) {
    let squared = 0;
    for (let k = 0; k < length; k += 1) squared += (x[k + lag] - x[k]) ** 2;
    for (let j = length - 1; j + lag < n; j += 1) {
      const i = j + lag;
      if (j > length - 1) {
        const inNew = x[i] - x[j];
        const outOld = x[i - length] - x[j - length];
        squared += inNew * inNew - outOld * outOld;
      }
      if (readable[i] && readable[j] && squared < nearest[i]) nearest[i] = squared;
    }
  }
  for (let i = 0; i < n; i += 1) if (Number.isFinite(nearest[i])) out[i] = Math.sqrt(Math.max(0, nearest[i]));
  return out;
}
