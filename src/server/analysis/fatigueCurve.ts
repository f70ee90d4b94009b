import { historyStartOf } from './adPeers';
import { relativeDispersion } from './empiricalBayes';
import { knownShare } from './lag';
import type { AccountSeries } from './types';
import { ageOf } from './window';

/**
 * How an account's ads wear with the days they have run, learnt from the account's own daily
 * series (as lag.ts learns when conversions arrive): on each day, each ad's click-through and
 * conversions per click against its campaign-mates' on the same day, by how long each has run.
 *
 * Why against campaign-mates on the same day: a campaign's days differ (budget, season, weekday),
 * and those move every ad of the campaign together; holding each day's campaign level fixed
 * leaves only how ads of different ages differ on that day. Ads' own qualities do not depend on
 * when they were launched, so, averaged over the account's ads, what remains is the wear by age.
 *
 * The fit, for each rate (click-through: clicks per impression; conversions per click, recent
 * days' clicks counted at the share of their conversions known so far):
 * 1. Ages in bins (AGE_EDGES: the first days, the first week, two weeks, four, eight, older; a bin
 *    needs MIN_BIN_EVENTS events to count). An
 *    ad's age on a day is the days since its first delivery in the history read; an ad already
 *    delivering on the history's first day has an unknown age, at least the days since then, and
 *    counts only once that is past the last edge.
 * 2. A Poisson model with one level per campaign-day and one multiplier per age bin, fitted by
 *    alternating the two (each the ratio of observed to expected events), the first bin with data
 *    the reference: a fresh ad's rate.
 * 3. Each bin's standard error: Poisson noise plus how much the account's ads differ from each
 *    other (their relative dispersion, as empiricalBayes measures it) over how concentrated the
 *    bin is on few ads: a bin held by two ads says little, however many days they ran.
 * 4. Is there wear at all: the bins' fall with age against the first bin (a weighted slope) must
 *    be credibly below zero (WEAR_EVIDENCE_Z standard errors), or the curve is flat ("no fatigue").
 *    Then shrinkage towards "no wear": each bin's log multiplier times P ÷ (P + se²), P the prior
 *    variance (PRIOR_SD²).
 * 5. Wear only grows with the days a creative runs: the shrunk multipliers are made
 *    non-increasing with age (pooling adjacent bins, weighted by their precision), then anchored
 *    so the first bin is 1.
 *
 * Conversions per impression wear as click-through times conversions per click: the click-through
 * curve is well measured (clicks are many), the per-click curve is thin and shrinks towards flat,
 * so their product leans on the clicks, which is where wear shows first. Only days up to the
 * account's `today` are read: a curve fitted on a day never changes when later days are added.
 */

/** Lower edges of the age bins, in days run (the last bin is open). */
export const AGE_EDGES = [0, 3, 7, 14, 28, 56];
/** Prior standard deviation of a bin's log multiplier: wear of ±30% by an age is plausible, more is rare. */
const PRIOR_SD = 0.3;
/**
 * Standard errors by which the rate's slope with age must be below zero for the account to wear
 * at all (two: about 98% one-sided): thin or flat data give a flat curve.
 */
const WEAR_EVIDENCE_Z = 2;
/**
 * Events a bin needs to be a node of the curve: below it the log of a few counts is too skewed to
 * test or shrink. Ten was chosen on the creative bench's seed 42 (10, 20, 30 gave Spearman 0.64,
 * 0.61, 0.60 there: thin per-click curves are what it moves), and passes the flat-noise test.
 */
const MIN_BIN_EVENTS = 10;
/** No wear: the same rate at every age. */
const FLAT: AgeCurve = { ages: [0], logMultiplier: [0], raw: [0], standardError: [0] };
/** Alternations of the Poisson fit (it converges in a few dozen on an account's series). */
const ITERATIONS = 60;

/** One rate's wear: the log multiplier against a fresh ad at each bin's mean age. */
export interface AgeCurve {
  /** Mean age (days run) of each bin's exposure: the curve's nodes; bins without data are left out. */
  ages: number[];
  /** Log of the rate at each node against a fresh ad's (the first is 0), shrunk and non-increasing. */
  logMultiplier: number[];
  /** The fit before shrinkage, and its standard error, at each node. */
  raw: number[];
  standardError: number[];
}

export interface AccountFatigue {
  clickThrough: AgeCurve;
  perClick: AgeCurve;
}

/** No wear: every rate the same at every age. */
export const NO_FATIGUE: AccountFatigue = { clickThrough: FLAT, perClick: FLAT };

/** One ad-day of one campaign: events against exposure at an age bin. */
interface Observation {
  day: number;
  ad: number;
  bin: number;
  age: number;
  events: number;
  exposure: number;
}

const binOf = (age: number) => {
  let bin = 0;
  while (bin + 1 < AGE_EDGES.length && age >= AGE_EDGES[bin + 1]) bin += 1;
  return bin;
};

/** The log of a curve's multiplier at an age: linear between its nodes, flat beyond them. */
export function logMultiplierAt(curve: AgeCurve, age: number): number {
  const { ages, logMultiplier } = curve;
  if (age <= ages[0]) return logMultiplier[0];
  for (let k = 1; k < ages.length; k += 1) {
    if (age <= ages[k]) {
      const t = (age - ages[k - 1]) / (ages[k] - ages[k - 1]);
      return logMultiplier[k - 1] + t * (logMultiplier[k] - logMultiplier[k - 1]);
    }
  }
  return logMultiplier[logMultiplier.length - 1];
}

/** Conversions per impression (and per unit of spend, one price per campaign-day): click-through × conversions per click. */
export function perImpressionLogMultiplierAt(fatigue: AccountFatigue, age: number): number {
  return logMultiplierAt(fatigue.clickThrough, age) + logMultiplierAt(fatigue.perClick, age);
}

/** Pool-adjacent-violators: the non-increasing sequence nearest to `values` in weighted least squares. */
function nonIncreasing(values: number[], weights: number[]): number[] {
  const blocks: { value: number; weight: number; count: number }[] = [];
  values.forEach((value, i) => {
    blocks.push({ value, weight: weights[i], count: 1 });
    while (blocks.length > 1 && blocks[blocks.length - 2].value < blocks[blocks.length - 1].value) {
      const b = blocks.pop()!;
      const a = blocks.pop()!;
      const weight = a.weight + b.weight;
      blocks.push({ value: (a.value * a.weight + b.value * b.weight) / weight, weight, count: a.count + b.count });
    }
  });
  return blocks.flatMap((b) => Array.from({ length: b.count }, () => b.value));
}

/** The curve of one rate from its observations (see the module's comment). */
export function fitAgeCurve(observations: Observation[]): AgeCurve {
  const bins = AGE_EDGES.length;
  const days = new Map<number, number>();
  for (const o of observations) if (!days.has(o.day)) days.set(o.day, days.size);
  const level = new Float64Array(days.size);
  const bin = new Float64Array(bins);
  const dayEvents = new Float64Array(days.size);
  const binEvents = new Float64Array(bins);
  for (const o of observations) {
    dayEvents[days.get(o.day)!] += o.events;
    binEvents[o.bin] += o.events;
  }
  for (let it = 0; it < ITERATIONS; it += 1) {
    const dayExpected = new Float64Array(days.size);
    for (const o of observations) dayExpected[days.get(o.day)!] += o.exposure * Math.exp(bin[o.bin]);
    for (let d = 0; d < days.size; d += 1) level[d] = dayExpected[d] > 0 ? Math.log(dayEvents[d] / dayExpected[d]) : 0;
    const binExpected = new Float64Array(bins);
    for (const o of observations) binExpected[o.bin] += o.exposure * Math.exp(level[days.get(o.day)!]);
    for (let b = 0; b < bins; b += 1)
      bin[b] = binExpected[b] > 0 && binEvents[b] > 0 ? Math.log(binEvents[b] / binExpected[b]) : 0;
  }
  // Expected events per ad and bin at the fit, for the dispersion and each bin's concentration on few ads.
  const expected = new Map<number, Float64Array>();
  const adEvents = new Map<number, number>();
  const binExposure = new Float64Array(bins);
  const binAge = new Float64Array(bins);
  for (const o of observations) {
    const mu = o.exposure * Math.exp(level[days.get(o.day)!] + bin[o.bin]);
    const row = expected.get(o.ad) ?? new Float64Array(bins);
    row[o.bin] += mu;
    expected.set(o.ad, row);
    adEvents.set(o.ad, (adEvents.get(o.ad) ?? 0) + o.events);
    binExposure[o.bin] += mu;
    binAge[o.bin] += mu * o.age;
  }
  const dispersion = relativeDispersion(
    [...expected].map(([ad, row]) => ({
      events: adEvents.get(ad)!,
      exposure: row.reduce((s, x) => s + x, 0),
      groupRate: 1,
    })),
  );
  const nodes: { age: number; raw: number; variance: number }[] = [];
  for (let b = 0; b < bins; b += 1) {
    if (binEvents[b] < MIN_BIN_EVENTS || binExposure[b] <= 0) continue;
    let concentration = 0;
    for (const row of expected.values()) concentration += (row[b] / binExposure[b]) ** 2;
    nodes.push({
      age: binAge[b] / binExposure[b],
      raw: bin[b],
      variance: 1 / binEvents[b] + dispersion * concentration,
    });
  }
  if (nodes.length < 2) return FLAT;
  // Against the first bin: the difference's variance holds both bins' noise.
  const reference = nodes[0];
  const raw = nodes.map((n, k) => (k === 0 ? 0 : n.raw - reference.raw));
  const variance = nodes.map((n, k) => (k === 0 ? n.variance : n.variance + reference.variance));
  // Is there wear at all? A trend test: the older bins' fall below the first, as a slope through
  // the first bin's age (weighted least squares), its noise that of the bins and of the first bin
  // that all of them are measured against. Without credible evidence the curve is flat, since one
  // unlucky first bin would otherwise tilt every later bin the same way.
  let sxx = 0;
  let sxy = 0;
  let sx = 0;
  for (const n of nodes.slice(1)) {
    const x = n.age - reference.age;
    sxx += (x * x) / n.variance;
    sxy += (x * (n.raw - reference.raw)) / n.variance;
    sx += x / n.variance;
  }
  const slope = sxy / sxx;
  const slopeVariance = 1 / sxx + (reference.variance * sx * sx) / (sxx * sxx);
  if (slope / Math.sqrt(slopeVariance) > -WEAR_EVIDENCE_Z)
    return { ages: [0], logMultiplier: [0], raw, standardError: variance.map(Math.sqrt) };
  const prior = PRIOR_SD ** 2;
  const shrunk = raw.map((x, k) => (k === 0 ? 0 : (x * prior) / (prior + variance[k])));
  const precision = variance.map((v) => 1 / v + 1 / prior);
  const monotone = nonIncreasing(shrunk, precision);
  return {
    ages: nodes.map((n) => n.age),
    logMultiplier: monotone.map((x) => x - monotone[0]),
    raw,
    standardError: variance.map(Math.sqrt),
  };
}

/** Click and conversion observations of an account's ads (each campaign-day with two or more ads), numbered from `next`. */
function accountObservations(
  account: AccountSeries,
  lag: (number | null)[],
  next: { ad: number; day: number },
  clicks: Observation[],
  conversions: Observation[],
): void {
  const historyStart = historyStartOf(account);
  if (historyStart === null) return;
  const lastEdge = AGE_EDGES[AGE_EDGES.length - 1];
  for (const campaign of account.campaigns) {
    const byDate = new Map<string, { ad: number; age: number; d: (typeof campaign.ads)[number]['days'][number] }[]>();
    for (const ad of campaign.ads) {
      const delivered = ad.days.filter((d) => d.impressions > 0 && d.date <= account.today);
      if (delivered.length === 0) continue;
      const first = delivered[0].date;
      const censored = first <= historyStart;
      next.ad += 1;
      for (const d of delivered) {
        const age = ageOf(first, d.date);
        if (censored && age < lastEdge) continue;
        byDate.set(d.date, [...(byDate.get(d.date) ?? []), { ad: next.ad, age, d }]);
      }
    }
    for (const [date, ads] of byDate) {
      if (ads.length < 2) continue;
      next.day += 1;
      const share = knownShare(lag, ageOf(date, account.today));
      for (const { ad, age, d } of ads) {
        const base = { day: next.day, ad, age, bin: binOf(age) };
        clicks.push({ ...base, events: d.clicks, exposure: d.impressions });
        if (share !== null && share > 0 && d.clicks > 0)
          conversions.push({ ...base, events: d.conversions, exposure: d.clicks * share });
      }
    }
  }
}

/**
 * The account's wear by age from its series as known on `account.today`. `lag` (the account's
 * share of conversions known by age, lag.estimateLagProfile) sets how much of a recent day's
 * clicks its conversions are judged against; without it every day counts as complete.
 */
export function fitAccountFatigue(account: AccountSeries, lag: (number | null)[] = [1]): AccountFatigue {
  return fitWorkspaceFatigue([{ account, lag }]);
}

/**
 * One wear curve from several accounts' series (a workspace's), each with its own lag profile:
 * every campaign-day keeps its own level, so accounts, platforms and currencies never mix their
 * levels, only their ads' ages. Why pool: one account's few ads rarely show wear credibly, so
 * per-account curves come out flat in some accounts and steep in others, and scores of accounts
 * that share the same wear are then shifted by different amounts.
 */
export function fitWorkspaceFatigue(accounts: { account: AccountSeries; lag?: (number | null)[] }[]): AccountFatigue {
  const clicks: Observation[] = [];
  const conversions: Observation[] = [];
  const next = { ad: 0, day: 0 };
  for (const { account, lag } of accounts) accountObservations(account, lag ?? [1], next, clicks, conversions);
  if (clicks.length === 0) return NO_FATIGUE;
  return { clickThrough: fitAgeCurve(clicks), perClick: fitAgeCurve(conversions) };
}
