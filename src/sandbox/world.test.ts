import { type Platform, PLATFORMS } from '@shared/constants';
import { addDays } from '@shared/days';

import { CALLS_TO_ACTION, IMAGE_SIZES } from './creatives';
import { accountTruth } from './truth';
import { CONVERSION_LAG, REPETITION_WEAR, World } from './world';

const NOW = new Date('2026-11-21T12:00:00Z');

describe('sandbox world', () => {
  it('is the same world for the same seed, and another for another seed', () => {
    const a = new World({ seed: 1, now: () => NOW });
    const b = new World({ seed: 1, now: () => NOW });
    const c = new World({ seed: 2, now: () => NOW });
    expect(a.accounts('meta').map((x) => x.id)).toEqual(b.accounts('meta').map((x) => x.id));
    expect(a.accounts('meta').map((x) => x.id)).not.toEqual(c.accounts('meta').map((x) => x.id));
    const account = a.accounts('google')[0];
    expect(a.totals('google', account.id, '2026-09-01', '2026-11-20')).toEqual(
      b.totals('google', account.id, '2026-09-01', '2026-11-20'),
    );
  });

  it('gives every platform several accounts with platform-shaped ids and unique campaign ids', () => {
    const world = new World({ now: () => NOW });
    for (const platform of PLATFORMS) {
      const accounts = world.accounts(platform);
      expect(accounts.length).toBeGreaterThanOrEqual(3);
      const campaignIds = accounts.flatMap((a) => a.campaigns.map((c) => c.id));
      expect(new Set(campaignIds).size).toBe(campaignIds.length);
    }
    expect(world.accounts('google')[0].id).toMatch(/^\d{10}$/);
    expect(world.accounts('meta')[0].id).toMatch(/^act_\d+$/);
    expect(world.accounts('linkedin')[0].id).toMatch(/^\d{9}$/);
    expect(world.accounts('x')[0].id).toMatch(/^[0-9a-z]{11}$/);
    expect(world.accounts('tiktok')[0].id).toMatch(/^\d{19}$/);
  });

  it('makes campaign days the exact sum of their ads, and nothing after today', () => {
    const world = new World({ now: () => NOW });
    const account = world.accounts('meta')[0];
    const campaign = account.campaigns[0];
    const day = '2026-11-10';
    const total = campaign.ads.map((ad) => world.adDay('meta', ad.id, day)).reduce((s, d) => s + d.spendMinor, 0);
    expect(world.campaignDay('meta', campaign.id, day).spendMinor).toBe(total);
    expect(world.campaignDay('meta', campaign.id, addDays(world.today(account), 1)).impressions).toBe(0);
  });

  it('shows diminishing returns: doubling the budget less than doubles conversions', () => {
    const world = new World({ now: () => NOW });
    const { campaign } = world.campaign('google', world.accounts('google')[0].campaigns[0].id)!;
    const { maxConversionsPerDay: max, halfSaturationSpendMinor: half } = campaign.truth;
    const at = (s: number) => (max * s) / (half + s);
    expect(at(2 * half) / at(half)).toBeLessThan(2);
  });

  it('applies pauses and budget changes from the account’s current day on', () => {
    let now = NOW;
    const world = new World({ now: () => now });
    const account = world.accounts('tiktok')[0];
    const campaign = account.campaigns.find((c) => world.status('tiktok', c.id) === 'ACTIVE')!;
    const today = world.today(account);
    const before = world.campaignDay('tiktok', campaign.id, addDays(today, -1));
    world.setStatus('tiktok', campaign.id, 'PAUSED');
    expect(world.campaignDay('tiktok', campaign.id, today).spendMinor).toBe(0);
    expect(world.campaignDay('tiktok', campaign.id, addDays(today, -1))).toEqual(before);
    world.setStatus('tiktok', campaign.id, 'ACTIVE');
    world.setDailyBudget('tiktok', campaign.id, campaign.initialDailyBudgetMinor * 3);
    now = new Date(NOW.getTime() + 86_400_000);
    const tomorrow = world.today(account);
    expect(world.dailyBudgetMinor('tiktok', campaign.id, tomorrow)).toBe(campaign.initialDailyBudgetMinor * 3);
    expect(world.campaignDay('tiktok', campaign.id, tomorrow).spendMinor).toBeGreaterThan(
      campaign.initialDailyBudgetMinor,
    );
  });

  it('keeps each budget change from the day it was made on: past days untouched, the last change of a day wins', () => {
    let now = NOW;
    const world = new World({ now: () => now });
    const account = world.accounts('google')[0];
    const campaign = account.campaigns.find((c) => world.status('google', c.id) === 'ACTIVE')!;
    const today = world.today(account);
    const yesterday = addDays(today, -1);
    const pastBudget = world.dailyBudgetMinor('google', campaign.id, yesterday);
    const pastDay = world.campaignDay('google', campaign.id, yesterday);

    world.setDailyBudget('google', campaign.id, 1_000);
    world.setDailyBudget('google', campaign.id, 2_000);
    expect(world.dailyBudgetMinor('google', campaign.id)).toBe(2_000);
    expect(world.dailyBudgetMinor('google', campaign.id, yesterday)).toBe(pastBudget);
    expect(world.campaignDay('google', campaign.id, yesterday)).toEqual(pastDay);

    now = new Date(NOW.getTime() + 86_400_000);
    const tomorrow = world.today(account);
    world.setDailyBudget('google', campaign.id, 3_000);
    expect(world.dailyBudgetMinor('google', campaign.id, today)).toBe(2_000);
    expect(world.dailyBudgetMinor('google', campaign.id, tomorrow)).toBe(3_000);

    // The same changes on another world of the same seed give the same days (read on the same day).
    let againNow = NOW;
    const again = new World({ now: () => againNow });
    again.setDailyBudget('google', campaign.id, 1_000);
    again.setDailyBudget('google', campaign.id, 2_000);
    againNow = now;
    expect(again.campaignDay('google', campaign.id, today)).toEqual(world.campaignDay('google', campaign.id, today));

    for (const bad of [0, -1, 12.5, Number.NaN])
      expect(() => world.setDailyBudget('google', campaign.id, bad)).toThrow('positive whole number');
    expect(() => world.setDailyBudget('google', 'no-such-campaign', 1_000)).toThrow('No campaign');
    expect(world.dailyBudgetMinor('google', campaign.id)).toBe(3_000);
  });

  it('has weekly seasonality: weekdays outspend weekends over a quarter', () => {
    const world = new World({ now: () => NOW });
    const account = world.accounts('linkedin')[0];
    const rows = world.rows('linkedin', account.id, '2026-08-23', '2026-11-20', 'campaign');
    const byWeekday = [0, 0, 0, 0, 0, 0, 0];
    for (const row of rows) byWeekday[new Date(`${row.date}T00:00:00Z`).getUTCDay()] += row.metrics.spendMinor;
    expect(byWeekday[2]).toBeGreaterThan(byWeekday[6]);
    expect(byWeekday[3]).toBeGreaterThan(byWeekday[0]);
  });
});

describe('sandbox world truths', () => {
  const day = 86_400_000;

  it('gives each ad a true click-through and a true conversion rate: clickbait clicks but does not convert, quiet winners the reverse', () => {
    const world = new World({ now: () => NOW });
    const ads = PLATFORMS.flatMap((p) =>
      world.accounts(p).flatMap((a) => a.campaigns.flatMap((c) => c.ads.map((ad) => ({ ad, c })))),
    );
    const clickbait = ads.filter(({ ad }) => ad.kind === 'clickbait');
    const quiet = ads.filter(({ ad }) => ad.kind === 'quiet_winner');
    expect(clickbait.length).toBeGreaterThan(10);
    expect(quiet.length).toBeGreaterThan(10);
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
    const relative = (list: typeof ads, pick: (ad: (typeof ads)[number]['ad']) => number) =>
      median(list.map(({ ad, c }) => pick(ad) / median(c.ads.map(pick))));
    expect(relative(clickbait, (ad) => ad.quality)).toBeGreaterThan(1);
    expect(relative(clickbait, (ad) => ad.conversionRate)).toBeLessThan(1);
    expect(relative(quiet, (ad) => ad.quality)).toBeLessThan(1);
    expect(relative(quiet, (ad) => ad.conversionRate)).toBeGreaterThan(1);
  });

  it('makes campaign conversions depend on which ads deliver: pausing a clear loser raises them, pausing one about as good as the rest costs more in repetition than it wins', () => {
    const paused = new World({ now: () => NOW });
    const untouched = new World({ now: () => NOW });
    let raised = 0;
    let clearLosers = 0;
    let close = 0;
    let fell = 0;
    for (const platform of PLATFORMS) {
      for (const account of paused.accounts(platform)) {
        for (const campaign of account.campaigns) {
          const today = paused.today(account);
          const live = paused.liveAds(platform, campaign, today);
          if (paused.status(platform, campaign.id) !== 'ACTIVE' || live.filter(Boolean).length < 3) continue;
          const candidates = campaign.ads.filter((_, i) => live[i]);
          const rate = (ad: (typeof candidates)[number]) =>
            ad.quality * paused.fatigue(campaign, ad, today) * ad.conversionRate;
          // Each ad against the average of the others: the clearest loser, and the one closest to the others.
          const relative = (ad: (typeof candidates)[number]) => {
            const others = candidates.filter((o) => o !== ad).map(rate);
            return rate(ad) / (others.reduce((a, b) => a + b, 0) / others.length);
          };
          const worst = candidates.reduce((a, b) => (relative(a) < relative(b) ? a : b));
          const average = candidates.reduce((a, b) => (Math.abs(relative(a) - 1) < Math.abs(relative(b) - 1) ? a : b));
          const target = relative(worst) < 0.7 ? worst : Math.abs(relative(average) - 1) < 0.1 ? average : null;
          if (!target) continue;
          paused.setAdStatus(platform, target.id, 'PAUSED');
          expect(paused.adDay(platform, target.id, today).spendMinor).toBe(0);
          const expectedAfter = (w: World) =>
            w.expectedAdDays(platform, account, campaign, today)!.reduce((s, e) => s + e.conversions, 0);
          if (target === worst) {
            clearLosers += 1;
            if (expectedAfter(paused) > expectedAfter(untouched)) raised += 1;
          } else {
            close += 1;
            if (expectedAfter(paused) < expectedAfter(untouched)) fell += 1;
          }
        }
      }
    }
    expect(clearLosers).toBeGreaterThan(3);
    expect(raised).toBe(clearLosers);
    expect(close).toBeGreaterThan(0);
    expect(fell).toBe(close);
  });

  it('wears an ad faster the more of its campaign it takes: its click-through falls when others are paused, not when they are refreshed', () => {
    const world = new World({ now: () => NOW });
    const account = world.accounts('meta')[0];
    const today = world.today(account);
    const campaign = account.campaigns.find(
      (c) => world.status('meta', c.id) === 'ACTIVE' && world.liveAds('meta', c, today).filter(Boolean).length >= 2,
    )!;
    const [kept, other] = campaign.ads.filter((_, i) => world.liveAds('meta', campaign, today)[i]);
    const clickThrough = () => {
      const e = world.expectedAdDays('meta', account, campaign, today)!;
      const i = campaign.ads.indexOf(kept);
      return e[i].clicks / e[i].impressions;
    };
    const before = clickThrough();
    world.refreshCreative('meta', other.id);
    expect(clickThrough()).toBeCloseTo(before, 10);
    const fresh = campaign.ads.at(-1)!;
    world.setAdStatus('meta', fresh.id, 'PAUSED');
    const shares = (w: number[]) => w.map((x) => x / w.reduce((a, b) => a + b, 0));
    const live = world.liveAds('meta', campaign, today);
    const rotation = shares(
      campaign.ads.map((ad, i) => (ad.id === other.id ? 0 : ad.id === fresh.id || live[i] ? ad.weight : 0)),
    );
    const now = shares(campaign.ads.map((ad, i) => (live[i] ? ad.weight : 0)));
    const i = campaign.ads.indexOf(kept);
    // Spend is split in whole minor units: the shares are the weights' to within a rounding.
    expect(clickThrough() / before).toBeCloseTo((now[i] / rotation[i]) ** -REPETITION_WEAR, 4);
    expect(clickThrough()).toBeLessThan(before);
  });

  it('refreshes a worn creative as advertisers do: a fresh execution of its concept as a new ad from today, the worn one paused, the past untouched', () => {
    const world = new World({ now: () => NOW });
    const account = world.accounts('meta')[0];
    const campaign = account.campaigns.find(
      (c) => world.status('meta', c.id) === 'ACTIVE' && world.liveAds('meta', c, world.today(account)).some(Boolean),
    )!;
    const today = world.today(account);
    const worn = campaign.ads.find(
      (ad, i) => world.liveAds('meta', campaign, today)[i] && world.fatigue(campaign, ad, today) < 0.85,
    )!;
    const yesterday = addDays(today, -1);
    const pastBefore = world.totals('meta', account.id, addDays(today, -30), yesterday);

    const fresh = world.refreshCreative('meta', worn.id);
    expect(fresh.name).toBe(`${worn.name} (refresh 2)`);
    expect(fresh.conversionRate).toBe(worn.conversionRate);
    expect(fresh.quality / worn.quality).toBeGreaterThanOrEqual(0.85);
    expect(fresh.quality / worn.quality).toBeLessThanOrEqual(1.15);
    expect(world.fatigue(campaign, fresh, today)).toBe(1);
    expect(world.adStatus('meta', worn.id)).toBe('PAUSED');
    expect(world.adStatus('meta', worn.id, yesterday)).toBe('ACTIVE');
    expect(world.adDay('meta', fresh.id, today).spendMinor).toBeGreaterThan(0);
    expect(world.adDay('meta', fresh.id, yesterday).spendMinor).toBe(0);
    expect(world.totals('meta', account.id, addDays(today, -30), yesterday)).toEqual(pastBefore);
    // The same refresh in the same world of the same seed is the same ad.
    const again = new World({ now: () => NOW });
    expect(again.refreshCreative('meta', worn.id)).toEqual(fresh);
    expect(world.refreshCreative('meta', fresh.id).name).toBe(`${worn.name} (refresh 3)`);
  });

  it('writes every ad a creative from the seed, within each platform’s limits, in its own CTA set, never naming the truth', () => {
    const world = new World({ now: () => NOW });
    const again = new World({ now: () => NOW });
    const adsOf = (w: World, platform: Platform) =>
      w.accounts(platform).flatMap((a) => a.campaigns.flatMap((c) => c.ads));
    for (const platform of PLATFORMS) {
      const ads = adsOf(world, platform);
      expect(ads.map((ad) => ad.copy)).toEqual(adsOf(again, platform).map((ad) => ad.copy));
      for (const { copy } of ads) {
        expect(copy.landingUrl).toMatch(/^https:\/\/www\.acme-[a-z]+\.example\/[a-z0-9-]+\?utm_source=/);
        if (copy.callToAction) expect(CALLS_TO_ACTION[platform]).toContain(copy.callToAction);
        const text = [...copy.headlines, ...copy.descriptions, copy.primaryText ?? '', copy.description ?? '']
          .join(' ')
          .toLowerCase();
        for (const truth of ['clickbait', 'quiet', 'winner', 'quality', 'conversion rate', 'ordinary'])
          expect(text).not.toContain(truth);
        expect(copy.image === null ? null : [copy.image.width, copy.image.height]).toEqual(
          IMAGE_SIZES[platform] && [IMAGE_SIZES[platform]!.width, IMAGE_SIZES[platform]!.height],
        );
      }
      // Copy differs from ad to ad.
      expect(new Set(ads.map((ad) => JSON.stringify([ad.copy.headlines, ad.copy.primaryText]))).size).toBeGreaterThan(
        ads.length / 2,
      );
    }
    for (const { copy } of adsOf(world, 'google')) {
      // Google refuses over-long RSA text: always within 3-15 × 30 and 2-4 × 90.
      expect(copy.headlines.length).toBeGreaterThanOrEqual(3);
      expect(copy.headlines.length).toBeLessThanOrEqual(15);
      expect(copy.headlines.every((h) => h.length <= 30)).toBe(true);
      expect(new Set(copy.headlines).size).toBe(copy.headlines.length);
      expect(copy.descriptions.length).toBeGreaterThanOrEqual(2);
      expect(copy.descriptions.length).toBeLessThanOrEqual(4);
      expect(copy.descriptions.every((d) => d.length <= 90)).toBe(true);
      expect([copy.primaryText, copy.callToAction, copy.image]).toEqual([null, null, null]);
    }
    for (const { copy } of adsOf(world, 'tiktok')) {
      expect(copy.primaryText!.length).toBeGreaterThanOrEqual(12);
      expect(copy.primaryText!.length).toBeLessThanOrEqual(100);
      expect(copy.primaryText).not.toMatch(/[#{}]/);
      expect(copy.headlines).toEqual([]);
    }
    for (const { copy } of adsOf(world, 'x')) {
      expect(copy.primaryText!.length).toBeLessThanOrEqual(280);
      expect(copy.headlines[0].length).toBeLessThanOrEqual(70);
      expect(copy.callToAction).toBeNull();
    }
    // Meta cuts rather than refuses: most copy fits what the feed shows, a few run past it.
    const meta = adsOf(world, 'meta').map((ad) => ad.copy);
    const overrun = meta.filter((copy) => copy.primaryText!.length > 125 || copy.headlines[0].length > 27).length;
    expect(overrun).toBeGreaterThan(0);
    expect(overrun).toBeLessThan(meta.length / 2);
    expect(meta.every((copy) => copy.headlines[0].length <= 40 && copy.description !== null)).toBe(true);
  });

  it('gives refreshed and launched ads a creative: a refresh keeps the landing page and button, with new lines and image', () => {
    const world = new World({ now: () => NOW });
    const campaign = world.accounts('meta')[0].campaigns[0];
    const [worn] = campaign.ads;
    const fresh = world.refreshCreative('meta', worn.id);
    expect(fresh.copy.landingUrl).toBe(worn.copy.landingUrl);
    expect(fresh.copy.callToAction).toBe(worn.copy.callToAction);
    expect(fresh.copy.image!.key).not.toBe(worn.copy.image!.key);
    expect(world.image('meta', fresh.copy.image!.key)).toEqual(fresh.copy.image);
    const launched = world.launchAd('tiktok', world.accounts('tiktok')[0].campaigns[0].id, 'new', 'New ad', {
      quality: worn.quality,
      conversionRate: worn.conversionRate,
      kind: worn.kind,
      fatigueHalfLifeDays: 30,
      weight: 1,
    });
    expect(launched.copy.primaryText!.length).toBeGreaterThanOrEqual(12);
    expect(launched.copy.image).toMatchObject({ width: 1080, height: 1920 });
  });

  it('reports conversions late and restates past days as they fill in, by the platform’s lag profile', () => {
    let now = NOW;
    const world = new World({ now: () => now });
    const account = world.accounts('linkedin')[0];
    const yesterday = addDays(world.today(account), -1);
    const days = Array.from({ length: 20 }, (_, i) => addDays(yesterday, -i));
    const reportedEarly = days.map((d) => world.totals('linkedin', account.id, d, d).conversions);
    now = new Date(NOW.getTime() + 10 * day);
    const reportedLate = days.map((d) => world.totals('linkedin', account.id, d, d).conversions);
    const early = reportedEarly.slice(0, 3).reduce((a, b) => a + b, 0);
    const late = reportedLate.slice(0, 3).reduce((a, b) => a + b, 0);
    expect(early).toBeLessThan(late);
    // Days older than the lag window do not move.
    expect(reportedEarly.slice(10)).toEqual(reportedLate.slice(10));
    // Each conversion arrives on its own day: no day's count ever goes down, and none is over its final count.
    for (const [i, d] of days.entries()) {
      expect(reportedLate[i]).toBeGreaterThanOrEqual(reportedEarly[i]);
      expect(reportedLate[i]).toBeLessThanOrEqual(
        account.campaigns.reduce(
          (s, c) => s + c.ads.reduce((t, ad) => t + world.finalAdDay('linkedin', ad.id, d).conversions, 0),
          0,
        ),
      );
    }
    expect(CONVERSION_LAG.linkedin.at(-1)).toBe(1);
    for (const platform of PLATFORMS) expect(CONVERSION_LAG[platform][0]).toBeLessThan(0.7);
  });

  it('gives campaigns their own day-of-week efficiency, averaging 1', () => {
    const world = new World({ now: () => NOW });
    const profiles = PLATFORMS.flatMap((p) =>
      world.accounts(p).flatMap((a) => a.campaigns.map((c) => c.weekdayEfficiency)),
    );
    for (const profile of profiles) expect(profile.reduce((a, b) => a + b, 0) / 7).toBeCloseTo(1, 6);
    const peaks = new Set(profiles.map((p) => p.indexOf(Math.max(...p))));
    expect(peaks.size).toBeGreaterThan(1);
    expect(profiles.filter((p) => Math.max(...p) / Math.min(...p) > 1.2).length).toBeGreaterThan(profiles.length / 3);
  });

  it('moved budgets in the past, and leaves most accounts measurably off the best allocation of their spend', () => {
    for (const seed of [42, 7, 1234]) {
      const world = new World({ seed, now: () => NOW });
      const accounts = PLATFORMS.flatMap((p) => world.accounts(p).map((a) => ({ p, a })));
      const campaigns = accounts.flatMap(({ a }) => a.campaigns);
      expect(campaigns.filter((c) => c.budgetHistory.length > 0).length).toBeGreaterThan(campaigns.length / 2);
      const gains = accounts.map(({ p, a }) => accountTruth(world, p, a.id)!.allocation.gainPct);
      expect(gains.filter((g) => g >= 5).length).toBeGreaterThan(accounts.length / 2);
    }
  });

  it('tells where each planted anomaly is', () => {
    const world = new World({ now: () => NOW });
    const account = world.accounts('google')[0];
    const truth = accountTruth(world, 'google', account.id, { since: '2026-08-23', until: '2026-11-20' })!;
    expect(truth.anomalies.length).toBeGreaterThan(0);
    for (const anomaly of truth.anomalies)
      expect(world.anomaly('google', anomaly.campaignId, anomaly.date)).toBe(anomaly.kind);
  });
});
