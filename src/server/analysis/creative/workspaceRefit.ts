import { Matrix, solve } from 'ml-matrix';

import { spearman } from './abTests';
import { OVERALL_WEIGHTS, type OverallPartKey, type OverallWeights, weighParts } from './textScore';

/**
 * The feedback loop: the pre-launch text score's weights refit toward one workspace's own
 * results. Each launched ad brings its copy's part scores (platform fit, clarity, ..., the
 * headline model; analyseCopy on its synced copy) and its post-launch overall score (1–100
 * against its own campaign, analysis/creativePostLaunch). The question a workspace's ads can
 * answer is which parts tell its better ads from its worse ones within a campaign, so both sides
 * are centred per campaign (a campaign's audience, bid and budget move all its ads alike; that
 * is the media-setup bias the post-launch score already removes) and the weights are a ridge
 * regression of result on parts, pulled toward the global weights: minimise
 *   Σ (y − X·w)² + λ‖w − β·w₀‖²
 * where w₀ are the global weights and β the one scale that best maps the global score onto this
 * workspace's results (at least 0: a workspace whose results run against the global score is
 * pulled toward no weights, not toward their opposite). λ counts as PRIOR_ADS ads' worth of
 * evidence, so a few dozen ads move the weights only where they agree.
 *
 * A weight that comes out negative (more of that part went with worse results here) is set to 0
 * rather than let a part count against a copy: the overall stays a weighted mean of 0–100 parts,
 * which is what the screen explains. The weights are judged on ads they were not fitted on:
 * campaigns are split into folds, each fold's ads scored with weights fitted on the others, and
 * the rank correlation within each held-out campaign averaged; the global weights are scored on
 * the same ads. The workspace's weights are used only when they rank its held-out ads better.
 */

export const REFIT_PARAMS = {
  /** Launched ads with a post-launch score and a copy, in campaigns of two or more such ads, before a refit is tried. */
  minAds: 20,
  /** Campaigns they span: the held-out check needs several to hold out. */
  minCampaigns: 3,
  /** The prior's strength, in ads' worth of evidence. */
  priorAds: 15,
  /** Folds of campaigns for the held-out check. */
  folds: 5,
  /** A held-out campaign counts in the rank correlation with at least this many ads (two ranks say ±1 and nothing else). */
  minRankedAds: 3,
} as const;

const KEYS = Object.keys(OVERALL_WEIGHTS) as OverallPartKey[];
/** The headline model's score where a copy had nothing for it to read: 50 is the model's neutral (see headlineModel). */
const NEUTRAL_MODEL_SCORE = 50;

/** One launched ad: its copy's part scores (0–100; headlineModel absent without a headline) and its post-launch overall (1–100). */
export interface LaunchedAd {
  campaignId: string;
  adId: string;
  parts: Partial<Record<OverallPartKey, number>>;
  outcome: number;
}

export interface RefitEvaluation {
  /** Held-out ads in campaigns of at least minRankedAds ads, and those campaigns. */
  ads: number;
  campaigns: number;
  /** Mean within-campaign Spearman correlation (weighted by ads) of each score with the post-launch overall. */
  workspace: number;
  global: number;
}

export type RefitResult =
  | { state: 'not_enough'; ads: number; campaigns: number }
  | {
      state: 'fitted';
      ads: number;
      campaigns: number;
      /** The refit weights (summing to 1), fitted on every ad. */
      weights: OverallWeights;
      /** Null when no held-out campaign had minRankedAds ads. */
      evaluation: RefitEvaluation | null;
      /** Whether the pre-launch score uses the refit weights: only when they ranked held-out ads better than the global ones. */
      applied: boolean;
    };

const GLOBAL = normalise(OVERALL_WEIGHTS)!;

function normalise(weights: Record<OverallPartKey, number>): OverallWeights | null {
  const total = KEYS.reduce((s, k) => s + Math.max(0, weights[k]), 0);
  if (!(total > 0)) return null;
  return Object.fromEntries(KEYS.map((k) => [k, Math.max(0, weights[k]) / total])) as OverallWeights;
}

const vectorOf = (ad: LaunchedAd) =>
  KEYS.map((k) => (ad.parts[k] ?? (k === 'headlineModel' ? NEUTRAL_MODEL_SCORE : 0)) / 100);

/** The ads grouped by campaign, keeping campaigns of two or more (one ad has nothing to be told against). */
export function campaignGroups(ads: LaunchedAd[]): LaunchedAd[][] {
  const groups = new Map<string, LaunchedAd[]>();
  for (const ad of ads) groups.set(ad.campaignId, [...(groups.get(ad.campaignId) ?? []), ad]);
  return [...groups.values()].filter((list) => list.length >= 2);
}

/** The ridge fit above on some campaigns' ads; null when nothing is left of the weights. */
export function fitWeights(groups: LaunchedAd[][]): OverallWeights | null {
  const rows: number[][] = [];
  const ys: number[] = [];
  for (const ads of groups) {
    const xs = ads.map(vectorOf);
    const xMean = KEYS.map((_, j) => xs.reduce((s, x) => s + x[j], 0) / xs.length);
    const yMean = ads.reduce((s, a) => s + a.outcome, 0) / ads.length;
    xs.forEach((x, i) => {
      rows.push(x.map((v, j) => v - xMean[j]));
      ys.push((ads[i].outcome - yMean) / 100);
    });
  }
  if (!rows.length) return null;
  const X = new Matrix(rows);
  const y = Matrix.columnVector(ys);
  const w0 = Matrix.columnVector(KEYS.map((k) => GLOBAL[k]));
  const g = X.mmul(w0);
  const gg = g.dot(g);
  const beta = gg > 0 ? Math.max(0, g.dot(y) / gg) : 0;
  const xtx = X.transpose().mmul(X);
  // λ: PRIOR_ADS ads' worth of a typical part's spread (the mean diagonal of XᵀX per ad).
  const lambda = (REFIT_PARAMS.priorAds * xtx.trace()) / (rows.length * KEYS.length) || 1e-6;
  const A = xtx.add(Matrix.eye(KEYS.length).mul(lambda));
  const b = X.transpose()
    .mmul(y)
    .add(w0.clone().mul(lambda * beta));
  const w = solve(A, b).getColumn(0);
  return normalise(Object.fromEntries(KEYS.map((k, j) => [k, w[j]])) as OverallWeights);
}

const overallOf = (ad: LaunchedAd, weights: OverallWeights) => weighParts(ad.parts, weights).score;

/** A held-out ad's overall under the weights fitted without its campaign, and under the global weights. */
export interface HeldOutScore {
  ad: LaunchedAd;
  refit: number;
  global: number;
}

/** Campaigns split into folds; each fold's ads scored with weights fitted on the other folds (grouped by campaign, as given). */
export function heldOutScores(groups: LaunchedAd[][], folds: number = REFIT_PARAMS.folds): HeldOutScore[][] {
  const ordered = [...groups].sort((a, b) => (a[0].campaignId < b[0].campaignId ? -1 : 1));
  const k = Math.min(folds, ordered.length);
  const scored: HeldOutScore[][] = [];
  for (let fold = 0; fold < k; fold += 1) {
    const weights = fitWeights(ordered.filter((_, i) => i % k !== fold)) ?? GLOBAL;
    for (const held of ordered.filter((_, i) => i % k === fold))
      scored.push(held.map((ad) => ({ ad, refit: overallOf(ad, weights), global: overallOf(ad, GLOBAL) })));
  }
  return scored;
}

/** The held-out scores' rank correlation with the post-launch overall within each campaign of minRankedAds or more, weighted by ads. */
export function evaluateRefit(groups: LaunchedAd[][], folds: number = REFIT_PARAMS.folds): RefitEvaluation | null {
  let ads = 0;
  let campaigns = 0;
  let workspace = 0;
  let global = 0;
  for (const held of heldOutScores(groups, folds)) {
    if (held.length < REFIT_PARAMS.minRankedAds) continue;
    const outcomes = held.map((h) => h.ad.outcome);
    ads += held.length;
    campaigns += 1;
    workspace +=
      held.length *
      (spearman(
        held.map((h) => h.refit),
        outcomes,
      ) ?? 0);
    global +=
      held.length *
      (spearman(
        held.map((h) => h.global),
        outcomes,
      ) ?? 0);
  }
  return ads ? { ads, campaigns, workspace: workspace / ads, global: global / ads } : null;
}

/** The workspace's refit from its launched ads, or how far it is from having enough. */
export function refitWorkspace(launched: LaunchedAd[]): RefitResult {
  const groups = campaignGroups(launched);
  const ads = groups.reduce((s, g) => s + g.length, 0);
  if (ads < REFIT_PARAMS.minAds || groups.length < REFIT_PARAMS.minCampaigns)
    return { state: 'not_enough', ads, campaigns: groups.length };
  const weights = fitWeights(groups);
  if (!weights) return { state: 'not_enough', ads, campaigns: groups.length };
  const evaluation = evaluateRefit(groups);
  return {
    state: 'fitted',
    ads,
    campaigns: groups.length,
    weights,
    evaluation,
    applied: evaluation !== null && evaluation.workspace > evaluation.global,
  };
}
