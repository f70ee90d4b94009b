import fc from 'fast-check';

import { uniforms } from '../uniforms';
import { OVERALL_WEIGHTS, type OverallPartKey } from './textScore';
import {
  campaignGroups,
  evaluateRefit,
  fitWeights,
  type LaunchedAd,
  REFIT_PARAMS,
  refitWorkspace,
} from './workspaceRefit';

const KEYS = Object.keys(OVERALL_WEIGHTS) as OverallPartKey[];

/**
 * A workspace of `campaigns` campaigns of `perCampaign` ads whose results follow `truth` (a score
 * over the parts), plus a campaign-wide offset (media setup) and noise.
 */
function workspace(
  truth: (parts: Record<OverallPartKey, number>) => number,
  campaigns: number,
  perCampaign: number,
  seed = 1,
  noise = 4,
): LaunchedAd[] {
  const rand = uniforms(seed);
  const ads: LaunchedAd[] = [];
  for (let c = 0; c < campaigns; c += 1) {
    const offset = (rand() - 0.5) * 40;
    for (let i = 0; i < perCampaign; i += 1) {
      const parts = Object.fromEntries(KEYS.map((k) => [k, Math.round(20 + rand() * 70)])) as Record<
        OverallPartKey,
        number
      >;
      ads.push({
        campaignId: `c${String(c).padStart(2, '0')}`,
        adId: `c${c}a${i}`,
        parts,
        outcome: Math.max(1, Math.min(100, truth(parts) + offset + (rand() - 0.5) * noise)),
      });
    }
  }
  return ads;
}

describe('workspace refit of the pre-launch weights', () => {
  it('waits for enough launched ads in enough campaigns, and says how many it has', () => {
    const few = workspace(() => 50, 2, 8);
    expect(refitWorkspace(few)).toEqual({ state: 'not_enough', ads: 16, campaigns: 2 });
    // Ads alone in their campaign have nothing to be told against and do not count.
    const singles = workspace(() => 50, 30, 1);
    expect(refitWorkspace(singles)).toEqual({ state: 'not_enough', ads: 0, campaigns: 0 });
    expect(REFIT_PARAMS.minAds).toBe(20);
  });

  it('learns what wins in this workspace and ranks held-out campaigns better than the global weights', () => {
    // Here specific copy wins and the headline model's taste (Upworthy's clickbait) loses.
    const ads = workspace((p) => 50 + 0.6 * (p.specificity - 55) - 0.4 * (p.headlineModel - 55), 12, 5);
    const result = refitWorkspace(ads);
    if (result.state !== 'fitted') throw new Error('expected a fit');
    expect(result.ads).toBe(60);
    expect(result.weights.specificity).toBeGreaterThan(OVERALL_WEIGHTS.specificity * 2);
    // A part that went with worse results counts for nothing, never against.
    expect(result.weights.headlineModel).toBe(0);
    expect(Object.values(result.weights).reduce((s, w) => s + w, 0)).toBeCloseTo(1, 9);
    expect(result.evaluation!.workspace).toBeGreaterThan(0.5);
    expect(result.evaluation!.workspace).toBeGreaterThan(result.evaluation!.global);
    expect(result.applied).toBe(true);
  });

  it('stays near the global weights when the workspace agrees with them, and keeps them when it cannot do better', () => {
    // The global weights' mean without the policy cap (which bends the score where policy is low).
    const global = (p: Record<OverallPartKey, number>) => KEYS.reduce((s, k) => s + OVERALL_WEIGHTS[k] * p[k], 0);
    const ads = workspace(global, 6, 4, 7, 2);
    const weights = fitWeights(campaignGroups(ads))!;
    for (const key of KEYS) expect(Math.abs(weights[key] - OVERALL_WEIGHTS[key])).toBeLessThan(0.06);
    // Results that are pure noise: whatever is fitted does not beat the global weights held out, so it is not applied.
    const noise = workspace(() => 50, 8, 4, 3, 60);
    const result = refitWorkspace(noise);
    if (result.state !== 'fitted') throw new Error('expected a fit');
    expect(result.applied).toBe(result.evaluation !== null && result.evaluation.workspace > result.evaluation.global);
  });

  it('judges only on held-out campaigns of three or more ads', () => {
    const twos = campaignGroups(workspace(() => 50, 6, 2));
    expect(evaluateRefit(twos)).toBeNull();
    const threes = campaignGroups(workspace((p) => p.cta, 6, 3));
    expect(evaluateRefit(threes)).toMatchObject({ ads: 18, campaigns: 6 });
  });

  it('always gives weights that are a weighted mean: non-negative and summing to one', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), fc.integer({ min: 2, max: 6 }), (seed, perCampaign) => {
        const ads = workspace((p) => 100 - p.clarity, 5, perCampaign, seed, 30);
        const weights = fitWeights(campaignGroups(ads));
        if (weights === null) return true;
        const values = Object.values(weights);
        return values.every((w) => w >= 0) && Math.abs(values.reduce((s, w) => s + w, 0) - 1) < 1e-9;
      }),
      { numRuns: 50 },
    );
  });
});
