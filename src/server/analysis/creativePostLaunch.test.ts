import {
  postLaunchAccountPriors,
  type PostLaunchAd,
  type PostLaunchDispersion,
  postLaunchDispersion,
  type PostLaunchOptions,
  scoreAccountAds,
  scoreCampaignAds,
} from './creativePostLaunch';
import type { AccountFatigue } from './fatigueCurve';
import { adFatigue, poissonTrend } from './fatigueTrend';
import { adSeries, oneCampaignAccount, TODAY } from './series.fixtures';
import type { AdSeries, CampaignSeries } from './types';

/** Ads differ from their campaigns by about ±30% on every rate (empiricalBayes' default). */
const DISPERSION: PostLaunchDispersion = { clickThrough: 0.09, perClick: 0.09, perSpend: 0.09 };
const OPTIONS: PostLaunchOptions = { today: TODAY, currency: 'USD', spendFloor: 5_000, dispersion: DISPERSION };

/** An ad with `days` days of delivery: 1,000 minor units, 2,000 impressions and `clicks` clicks a day, `conversions` a day, each worth `value`. */
function steady(id: string, days: number, { clicks = 40, conversions = 2, value = 0, spend = 1_000 } = {}): AdSeries {
  const ad = adSeries(id, days, () => ({ spend, impressions: spend * 2, clicks, conversions }));
  return { ...ad, days: ad.days.map((d) => ({ ...d, value: d.conversions * value })) };
}

const campaignOf = (ads: AdSeries[]): CampaignSeries => oneCampaignAccount(ads).campaigns[0];
const find = (ads: PostLaunchAd[], id: string) => ads.find((a) => a.adId === id)!;

describe('post-launch score', () => {
  it('does not rank a small-spend lucky ad above a proven better one, and gives it a wider interval', () => {
    // Two ordinary ads, one 30% more efficient over a month, and one that got 6 conversions on its first 2,000 (three times the campaign's rate).
    const ads = [
      steady('a', 30),
      steady('b', 30),
      steady('proven', 30, { conversions: 2.6 }),
      steady('lucky', 2, { conversions: 3 }),
    ];
    const result = scoreCampaignAds(campaignOf(ads), { ...OPTIONS, spendFloor: 2_000 });
    const proven = find(result.ads, 'proven');
    const lucky = find(result.ads, 'lucky');
    // The lucky ad's raw cost per conversion is the best of all...
    expect(lucky.spend / lucky.conversions).toBeLessThan(proven.spend / proven.conversions);
    // ...but shrunk towards its campaign, it ranks below the proven ad.
    expect(lucky.overall!.score).toBeLessThan(proven.overall!.score);
    expect(result.ads[0].adId).toBe('proven');
    expect(lucky.efficiency!.high - lucky.efficiency!.low).toBeGreaterThan(
      proven.efficiency!.high - proven.efficiency!.low,
    );
    expect(proven.efficiency!.probabilityBetter).toBeGreaterThan(0.8);
    expect(find(result.ads, 'a').overall!.score).toBeLessThan(50);
  });

  it('withholds scores below the spend floor but shows the counts, and needs another ad to compare with', () => {
    const result = scoreCampaignAds(campaignOf([steady('a', 30), steady('new', 3)]), OPTIONS);
    const fresh = find(result.ads, 'new');
    expect(fresh).toMatchObject({
      enoughData: false,
      withheld: 'below_spend_floor',
      overall: null,
      hook: null,
      conversion: null,
      efficiency: null,
      spend: 3_000,
      clicks: 120,
      conversions: 6,
    });
    expect(fresh.summary).toBe('Not enough data yet: 30.00 of 50.00 USD spent (120 clicks, 6 conversions so far)');
    expect(find(result.ads, 'a').enoughData).toBe(true);

    const alone = scoreCampaignAds(campaignOf([steady('a', 30)]), OPTIONS);
    expect(alone.ads[0]).toMatchObject({ enoughData: false, withheld: 'no_other_ads', overall: null });
  });

  it('scores are monotone in each rate, 50 at par, within 1–100, with the score inside its interval', () => {
    const conversions = [1, 1.5, 2, 2.5, 3, 6];
    const result = scoreCampaignAds(
      campaignOf(conversions.map((c, i) => steady(`c${i}`, 30, { conversions: c }))),
      OPTIONS,
    );
    const scores = conversions.map((_, i) => find(result.ads, `c${i}`).efficiency!.score);
    for (let i = 1; i < scores.length; i += 1) expect(scores[i]).toBeGreaterThan(scores[i - 1]);
    for (const ad of result.ads) {
      for (const s of [ad.overall!, ad.hook!, ad.conversion!, ad.efficiency!]) {
        expect(s.score).toBeGreaterThanOrEqual(1);
        expect(s.score).toBeLessThanOrEqual(100);
        expect(s.low).toBeLessThanOrEqual(s.score);
        expect(s.high).toBeGreaterThanOrEqual(s.score);
      }
    }

    const clicks = scoreCampaignAds(
      campaignOf([
        steady('low', 30, { clicks: 30 }),
        steady('mid', 30, { clicks: 40 }),
        steady('high', 30, { clicks: 50 }),
      ]),
      OPTIONS,
    );
    const hooks = ['low', 'mid', 'high'].map((id) => find(clicks.ads, id).hook!);
    expect(hooks[0].score).toBeLessThan(hooks[1].score);
    expect(hooks[1].score).toBeLessThan(hooks[2].score);
    expect(hooks[1].score).toBeGreaterThanOrEqual(45);
    expect(hooks[1].score).toBeLessThanOrEqual(55);
    expect(hooks[2].explanation).toMatch(
      /^Click-through 2\.50% vs the campaign’s 2\.00%; (\d+%|over 99%) likely above it$/,
    );
  });

  it('judges efficiency on value under a ROAS objective', () => {
    const ads = [steady('cheap', 30, { value: 2_000 }), steady('rich', 30, { value: 4_000 })];
    const cpa = scoreCampaignAds(campaignOf(ads), OPTIONS);
    const roas = scoreCampaignAds(campaignOf(ads), { ...OPTIONS, objective: 'roas' });
    // The same conversions for the same spend: level on cost per conversion.
    expect(find(cpa.ads, 'rich').efficiency!.score).toBe(find(cpa.ads, 'cheap').efficiency!.score);
    const rich = find(roas.ads, 'rich').efficiency!;
    expect(rich.metric).toBe('roas');
    expect(rich.score).toBeGreaterThan(find(roas.ads, 'cheap').efficiency!.score);
    expect(rich.observed).toBeCloseTo(8);
    expect(rich.campaign).toBeCloseTo(6);
    expect(rich.explanation).toMatch(
      /^Return on ad spend 8\.00× vs the campaign’s 6\.00×; (\d+%|over 99%) likely above it$/,
    );
  });

  it('holds an ad against the campaign over its own days when the campaign jumped before it launched', () => {
    // The campaign converted twice as well before the new ad launched; on the new ad's days both ads convert alike.
    const old = adSeries('old', 40, (age) => ({
      spend: 1_000,
      impressions: 2_000,
      clicks: 40,
      conversions: age < 10 ? 2 : 4,
    }));
    const result = scoreCampaignAds(campaignOf([old, steady('new', 10)]), OPTIONS);
    const fresh = find(result.ads, 'new').efficiency!;
    // The weeks before (250 a conversion) are far outside any steady spread of them: its own days' 500 stands, within 2%.
    expect(Math.abs(fresh.campaign - 500) / 500).toBeLessThan(0.02);
    expect(fresh.score).toBeGreaterThanOrEqual(45);
    expect(fresh.score).toBeLessThanOrEqual(55);
  });

  it("steadies the campaign's rate on a new ad's few days with the weeks before them", () => {
    // Two ads at 2 conversions a day for 40 days; on the new ad's 3 days one of them got lucky (3 a day).
    const lucky = adSeries('a', 40, (age) => ({
      spend: 1_000,
      impressions: 2_000,
      clicks: 40,
      conversions: age < 3 ? 3 : 2,
    }));
    const campaign = campaignOf([lucky, steady('b', 40), steady('new', 3)]);
    const fresh = find(scoreCampaignAds(campaign, { ...OPTIONS, spendFloor: 2_000 }).ads, 'new').efficiency!;
    // Its days alone say 4.29 USD a conversion (90 ÷ 21); the steady weeks before say 5.00, and the ad converts at 5.00.
    expect(Math.abs(fresh.campaign - 500) / 500).toBeLessThan(0.02);
    expect(fresh.score).toBeGreaterThanOrEqual(45);
    expect(fresh.score).toBeLessThanOrEqual(55);
    expect(fresh.explanation).toMatch(/^Cost per conversion 5\.00 USD vs the campaign’s (4\.9\d|5\.0\d) USD; /);
  });

  it('estimates the dispersion over the account and scores every active campaign', () => {
    const account = oneCampaignAccount([
      steady('a', 30),
      steady('b', 30, { conversions: 3 }),
      steady('c', 30, { conversions: 1.5 }),
      steady('d', 30, { clicks: 60 }),
    ]);
    const dispersion = postLaunchDispersion(account);
    expect(dispersion.perSpend).toBeGreaterThan(0.0025);
    const [campaign] = scoreAccountAds(account, { spendFloor: 5_000 });
    // The account's priors: its wear by age (none here: every ad is as old as the others), and the spread with and beyond it.
    expect(campaign.dispersion).toEqual(postLaunchAccountPriors(account).dispersion);
    expect({ ...campaign.dispersion, beyondAge: undefined }).toEqual({ ...dispersion, beyondAge: undefined });
    expect(campaign.ads.map((a) => a.adId)[0]).toBe('b');
    expect(campaign.ads.every((a) => a.live && a.fatigue?.state === 'fresh')).toBe(true);
  });
});

describe('post-launch score with the wear by age', () => {
  // Ads keep 74% of their click-through (and so of their conversions per impression) by 40 days.
  const WEAR: AccountFatigue = {
    clickThrough: { ages: [1, 40], logMultiplier: [0, -0.3], raw: [0, -0.3], standardError: [0.05, 0.05] },
    perClick: { ages: [0], logMultiplier: [0], raw: [0], standardError: [0] },
  };

  it('starts a fresh ad among worn ones above its campaign, so a few conversions are not pulled all the way to 50', () => {
    // Two ads running for 60 days and one launched 3 days ago, all converting at the campaign's rate so far.
    const campaign = campaignOf([steady('a', 60), steady('b', 60), steady('new', 3)]);
    const options = { ...OPTIONS, spendFloor: 2_000 };
    const level = find(scoreCampaignAds(campaign, options).ads, 'new');
    const worn = find(scoreCampaignAds(campaign, { ...options, fatigueCurve: WEAR }).ads, 'new');
    expect(level.efficiency!.score).toBe(50);
    expect(worn.efficiency!.score).toBeGreaterThan(55);
    expect(worn.hook!.score).toBeGreaterThan(level.hook!.score);
    // An old ad is held against the campaign over its own 60 days, nearly all of them among ads as old as itself: it stays level.
    expect(find(scoreCampaignAds(campaign, { ...options, fatigueCurve: WEAR }).ads, 'a').efficiency!.score).toBe(50);
  });

  it("scores an account's ads from the workspace's wear when given it, and its spread beyond that wear", () => {
    const account = oneCampaignAccount([steady('a', 60), steady('b', 60), steady('new', 3)]);
    const options = { spendFloor: 2_000 };
    const level = find(scoreAccountAds(account, options)[0].ads, 'new');
    const [campaign] = scoreAccountAds(account, { ...options, fatigueCurve: WEAR });
    expect(level.efficiency!.score).toBe(50);
    expect(find(campaign.ads, 'new').efficiency!.score).toBeGreaterThan(55);
    // The account's priors keep the given curve (not one of its own) and measure its spread beyond it.
    const priors = postLaunchAccountPriors(account, { fatigueCurve: WEAR });
    expect(priors.fatigueCurve).toBe(WEAR);
    expect(priors.dispersion.beyondAge).toBeDefined();
    expect(campaign.dispersion).toEqual(priors.dispersion);
  });

  it('leaves ads of the same age level with each other', () => {
    const campaign = campaignOf([steady('a', 30), steady('b', 30, { conversions: 3 })]);
    const without = scoreCampaignAds(campaign, OPTIONS).ads.map((a) => a.efficiency!.score);
    const withWear = scoreCampaignAds(campaign, { ...OPTIONS, fatigueCurve: WEAR }).ads.map((a) => a.efficiency!.score);
    expect(withWear).toEqual(without);
  });
});

describe('fatigue trend', () => {
  it('recovers a log-linear slope', () => {
    const points = Array.from({ length: 20 }, (_, x) => ({
      x,
      exposure: 10_000,
      events: 10_000 * 0.02 * Math.exp(-0.01 * x),
    }));
    const fit = poissonTrend(points)!;
    expect(fit.slope).toBeCloseTo(-0.01, 6);
    expect(fit.standardError).toBeGreaterThan(0);
  });

  it("calls a worn ad 'fatigued', a slowly sliding one 'watch' with the days left, and a steady one 'fresh'", () => {
    const worn = adSeries('worn', 60, (age) => ({
      spend: 1_000,
      impressions: 10_000,
      clicks: 10_000 * 0.02 * (0.55 + 0.45 * 0.5 ** ((59 - age) / 20)),
      conversions: 1,
    }));
    expect(adFatigue(worn, TODAY)).toMatchObject({ state: 'fatigued', daysToFatigue: 0 });

    const sliding = adSeries('sliding', 28, (age) => ({
      spend: 1_000,
      impressions: 10_000,
      clicks: 10_000 * 0.02 * Math.exp(-0.004 * (27 - age)),
      conversions: 1,
    }));
    const watch = adFatigue(sliding, TODAY)!;
    expect(watch.state).toBe('watch');
    expect(watch.ctrPerWeek.mid).toBeCloseTo(Math.expm1(-0.028), 3);
    expect(watch.ctrPerWeek.high).toBeLessThan(0);
    // The cost per click rises as the click-through falls at the same spend.
    expect(watch.cpcPerWeek.mid).toBeCloseTo(Math.expm1(0.028), 3);
    expect(watch.ctrPerImpressionDoubling.mid).toBeLessThan(0);
    expect(watch.daysToFatigue).toBeGreaterThan(10);
    expect(watch.daysToFatigue).toBeLessThan(25);
    expect(watch.explanation).toMatch(
      /^Watch: click-through falling about 3% a week; at this pace 15% below its early level in about \d+ days$/,
    );

    const flat = adSeries('flat', 28, () => ({ spend: 1_000, impressions: 10_000, clicks: 200, conversions: 1 }));
    expect(adFatigue(flat, TODAY)).toMatchObject({ state: 'fresh', daysToFatigue: null });
    expect(
      adFatigue(
        adSeries('young', 3, () => ({ spend: 1_000, impressions: 10_000, clicks: 200, conversions: 1 })),
        TODAY,
      ),
    ).toBeNull();
  });
});
