import { addDays } from '@shared/days';

import { fitAccountFatigue, fitWorkspaceFatigue, logMultiplierAt, perImpressionLogMultiplierAt } from './fatigueCurve';
import { TODAY } from './series.fixtures';
import type { AccountSeries, AdSeries, CampaignSeries } from './types';

/** A seeded uniform stream (mulberry32), so the synthetic counts are the same on every run. */
function uniforms(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A Poisson count (normal approximation above 30, Knuth's product below). */
function poisson(mean: number, u: () => number): number {
  if (mean > 30) {
    const z = Math.sqrt(-2 * Math.log(u() || 1e-12)) * Math.cos(2 * Math.PI * u());
    return Math.max(0, Math.round(mean + Math.sqrt(mean) * z));
  }
  const limit = Math.exp(-mean);
  let k = 0;
  let p = u();
  while (p > limit) {
    k += 1;
    p *= u();
  }
  return k;
}

/**
 * An account of `campaigns` campaigns over the 90 days to TODAY, each with four ads launched at
 * staggered days, whose click-through at age a is its own quality × `wear(a)`; conversions per
 * click do not wear. Each campaign-day has its own level (budget and season move every ad together).
 */
function account(
  wear: (age: number) => number,
  { campaigns = 8, impressions = 3_000, seed = 1, clickThrough = 0.02 } = {},
): AccountSeries {
  const u = uniforms(seed);
  const start = addDays(TODAY, -89);
  const list: CampaignSeries[] = [];
  for (let c = 0; c < campaigns; c += 1) {
    const launches = [0, 10 + Math.floor(u() * 20), 35 + Math.floor(u() * 20), 60 + Math.floor(u() * 20)];
    const qualities = launches.map(() => 0.8 + u() * 0.4);
    const levels = Array.from({ length: 90 }, () => 0.8 + u() * 0.4);
    const ads: AdSeries[] = launches.map((launch, a) => ({
      id: `c${c}a${a}`,
      name: `Ad ${a}`,
      status: 'ACTIVE',
      days: Array.from({ length: 90 - launch }, (_, i) => {
        const day = launch + i;
        const clicks = poisson(impressions * clickThrough * qualities[a] * levels[day] * wear(i), u);
        return {
          date: addDays(start, day),
          spend: impressions,
          impressions,
          clicks,
          conversions: poisson(clicks * 0.05, u),
          value: 0,
        };
      }),
    }));
    list.push({ id: `c${c}`, name: `Campaign ${c}`, status: 'ACTIVE', dailyBudget: null, days: [], ads });
  }
  return { platform: 'meta', accountRef: 'acc', currency: 'USD', today: TODAY, campaigns: list };
}

describe('account fatigue curve', () => {
  it('recovers a planted click-through decay from ads against their campaign-mates on the same days', () => {
    // Click-through falls towards 60% of fresh with a 15-day time constant.
    const planted = (age: number) => 0.6 + 0.4 * Math.exp(-age / 15);
    const fatigue = fitAccountFatigue(account(planted, { campaigns: 10 }));
    // Against a fresh ad's first days (about day 1), within 0.1 on the log scale (the bins' standard errors are about 0.04).
    for (const age of [10, 20, 40, 70])
      expect(Math.abs(logMultiplierAt(fatigue.clickThrough, age) - Math.log(planted(age) / planted(1)))).toBeLessThan(
        0.1,
      );
    // Older is never better, and conversions per click (which do not wear here) stay near flat.
    const ctr = fatigue.clickThrough.logMultiplier;
    ctr.forEach((x, k) => k > 0 && expect(x).toBeLessThanOrEqual(ctr[k - 1]));
    expect(Math.abs(logMultiplierAt(fatigue.perClick, 40))).toBeLessThan(0.1);
    expect(perImpressionLogMultiplierAt(fatigue, 40)).toBeLessThan(-0.2);
  });

  it('says no fatigue on flat, noisy series', () => {
    // No wear, few impressions (about 3 clicks an ad a day): clicks are noise around a constant
    // click-through, and some draws' first days look far better than the rest by chance. The
    // evidence test lets about one curve in fifty through (two standard errors, one-sided), and
    // such a curve is shrunk: of 24 curves, at most two show any wear, none past 15%.
    let worn = 0;
    for (let seed = 1; seed <= 12; seed += 1) {
      const fatigue = fitAccountFatigue(account(() => 1, { campaigns: 2, impressions: 150, seed }));
      for (const curve of [fatigue.clickThrough, fatigue.perClick]) {
        for (const age of [0, 5, 10, 20, 40, 80]) expect(Math.abs(logMultiplierAt(curve, age))).toBeLessThan(0.15);
        if (curve.logMultiplier.some((x) => x !== 0)) worn += 1;
      }
    }
    expect(worn).toBeLessThanOrEqual(2);
  });

  it('says no fatigue without two ads delivering on the same days', () => {
    const lone = account((age) => 0.5 + 0.5 * Math.exp(-age / 10), { campaigns: 2 });
    lone.campaigns.forEach((c) => (c.ads = c.ads.slice(0, 1)));
    const fatigue = fitAccountFatigue(lone);
    expect(fatigue.clickThrough.logMultiplier).toEqual([0]);
  });

  it('is causal: the curve on a day is the same whether or not later days are in the series', () => {
    const full = account((age) => 0.6 + 0.4 * Math.exp(-age / 15));
    const cut = addDays(TODAY, -20);
    const truncated: AccountSeries = {
      ...full,
      today: cut,
      campaigns: full.campaigns.map((c) => ({
        ...c,
        ads: c.ads.map((a) => ({ ...a, days: a.days.filter((d) => d.date <= cut) })),
      })),
    };
    expect(fitAccountFatigue({ ...full, today: cut })).toEqual(fitAccountFatigue(truncated));
  });
});

describe('workspace fatigue curve', () => {
  const planted = (age: number) => 0.6 + 0.4 * Math.exp(-age / 15);

  it("finds the wear that each of a workspace's small accounts shows too thinly on its own", () => {
    // Six accounts of one campaign each, about 3 clicks an ad a day: alone, most fail the evidence test (2 of 6 pass it).
    const accounts = Array.from({ length: 6 }, (_, i) =>
      account(planted, { campaigns: 1, impressions: 150, seed: 100 + i }),
    );
    const alone = accounts.filter((a) => fitAccountFatigue(a).clickThrough.logMultiplier.length > 1).length;
    expect(alone).toBeLessThanOrEqual(3);
    const pooled = fitWorkspaceFatigue(accounts.map((a) => ({ account: a })));
    for (const age of [20, 40, 70])
      expect(Math.abs(logMultiplierAt(pooled.clickThrough, age) - Math.log(planted(age) / planted(1)))).toBeLessThan(
        0.1,
      );
  });

  it('keeps each campaign-day its own level: accounts with different click-through and the same ad ids show no wear', () => {
    // Two flat accounts, one at ten times the other's click-through, their ads named alike.
    const fatigue = fitWorkspaceFatigue([
      { account: account(() => 1, { seed: 7 }) },
      { account: account(() => 1, { seed: 8, clickThrough: 0.2 }), lag: [0.6, 0.9, 1] },
    ]);
    for (const curve of [fatigue.clickThrough, fatigue.perClick])
      for (const age of [5, 20, 40, 80]) expect(Math.abs(logMultiplierAt(curve, age))).toBeLessThan(0.05);
  });

  it("is one account's curve for a workspace of one, and flat for a workspace without series", () => {
    const one = account(planted, { seed: 3 });
    expect(fitWorkspaceFatigue([{ account: one }])).toEqual(fitAccountFatigue(one));
    expect(fitWorkspaceFatigue([]).clickThrough.logMultiplier).toEqual([0]);
  });
});
