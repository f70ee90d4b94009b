/**
 * A pairwise logistic model with an L2 penalty: for a pair whose first member won, the
 * probability of that order is σ(w·(x_winner − x_loser)). With no intercept the model is a
 * linear score per item, which is what ranks headlines. Fitted by L-BFGS (Nocedal and Wright,
 * algorithm 7.4) with a backtracking line search: the objective is smooth and strictly convex,
 * so a few hundred iterations reach the optimum the penalty defines.
 */

/** A sparse vector: parallel arrays of feature indices and values. */
export interface SparseVector {
  index: Int32Array;
  value: Float64Array;
}

export interface PairwiseData {
  /** x_winner − x_loser per pair. */
  diffs: SparseVector[];
  /** Each pair's weight in the loss. */
  weights: Float64Array;
  dimension: number;
}

export interface FitOptions {
  /** The L2 penalty on the mean weighted loss. */
  lambda: number;
  /** Per-feature multipliers of lambda (a feature group penalised more or less), default 1. */
  penaltyScale?: Float64Array;
  maxIterations?: number;
  tolerance?: number;
}

const HISTORY = 10;
const DEFAULT_ITERATIONS = 300;
const DEFAULT_TOLERANCE = 1e-7;
const ARMIJO = 1e-4;

const dot = (w: Float64Array, x: SparseVector) => {
  let s = 0;
  for (let k = 0; k < x.index.length; k += 1) s += w[x.index[k]] * x.value[k];
  return s;
};

const dense = (a: Float64Array, b: Float64Array) => {
  let s = 0;
  for (let i = 0; i < a.length; i += 1) s += a[i] * b[i];
  return s;
};

/** log(1 + e^−m), stable for any margin. */
const logLoss = (m: number) => (m > 0 ? Math.log1p(Math.exp(-m)) : -m + Math.log1p(Math.exp(m)));

/** The objective and its gradient at w. */
export function objective(
  data: PairwiseData,
  w: Float64Array,
  options: FitOptions,
): { value: number; gradient: Float64Array } {
  const gradient = new Float64Array(data.dimension);
  let total = 0;
  let value = 0;
  for (let i = 0; i < data.diffs.length; i += 1) {
    const c = data.weights[i];
    if (c === 0) continue;
    const x = data.diffs[i];
    const m = dot(w, x);
    value += c * logLoss(m);
    total += c;
    // d/dm log(1+e^−m) = −σ(−m)
    const g = -c / (1 + Math.exp(m));
    for (let k = 0; k < x.index.length; k += 1) gradient[x.index[k]] += g * x.value[k];
  }
  const scale = total > 0 ? 1 / total : 0;
  value *= scale;
  for (let j = 0; j < data.dimension; j += 1) {
    const lambda = options.lambda * (options.penaltyScale?.[j] ?? 1);
    gradient[j] = gradient[j] * scale + lambda * w[j];
    value += 0.5 * lambda * w[j] * w[j];
  }
  return { value, gradient };
}

/** The penalised optimum's weights. */
export function fitPairwise(data: PairwiseData, options: FitOptions): Float64Array {
  const maxIterations = options.maxIterations ?? DEFAULT_ITERATIONS;
  const tolerance = options.tolerance ?? DEFAULT_TOLERANCE;
  let w = new Float64Array(data.dimension);
  let { value, gradient } = objective(data, w, options);
  const s: Float64Array[] = [];
  const y: Float64Array[] = [];
  for (let iteration = 0; iteration < maxIterations; iteration += 1) {
    // Two-loop recursion: the direction −H·g from the last HISTORY steps.
    const q = Float64Array.from(gradient);
    const alpha: number[] = [];
    for (let k = s.length - 1; k >= 0; k -= 1) {
      const a = dense(s[k], q) / dense(y[k], s[k]);
      alpha[k] = a;
      for (let j = 0; j < q.length; j += 1) q[j] -= a * y[k][j];
    }
    if (s.length) {
      const last = s.length - 1;
      const gamma = dense(s[last], y[last]) / dense(y[last], y[last]);
      for (let j = 0; j < q.length; j += 1) q[j] *= gamma;
    }
    for (let k = 0; k < s.length; k += 1) {
      const b = dense(y[k], q) / dense(y[k], s[k]);
      for (let j = 0; j < q.length; j += 1) q[j] += s[k][j] * (alpha[k] - b);
    }
    const direction = q.map((v) => -v);
    let slope = dense(direction, gradient);
    if (!(slope < 0)) {
      // Not a descent direction (curvature lost): restart from steepest descent.
      s.length = 0;
      y.length = 0;
      for (let j = 0; j < direction.length; j += 1) direction[j] = -gradient[j];
      slope = dense(direction, gradient);
    }
    let step = 1;
    let next = w;
    let nextEval = { value, gradient };
    for (let tries = 0; tries < 40; tries += 1) {
      next = w.map((v, j) => v + step * direction[j]);
      nextEval = objective(data, next, options);
      if (nextEval.value <= value + ARMIJO * step * slope) break;
      step /= 2;
    }
    const sk = next.map((v, j) => v - w[j]);
    const yk = nextEval.gradient.map((v, j) => v - gradient[j]);
    const improvement = value - nextEval.value;
    w = next;
    value = nextEval.value;
    gradient = nextEval.gradient;
    if (dense(sk, yk) > 1e-12) {
      s.push(sk);
      y.push(yk);
      if (s.length > HISTORY) {
        s.shift();
        y.shift();
      }
    }
    if (Math.abs(improvement) < tolerance * Math.max(1, Math.abs(value))) break;
  }
  return w;
}
