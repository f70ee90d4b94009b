import { addDays } from '@shared/days';

import { accountAlerts, ALERT_PARAMS, rarityWords } from './accountAlerts';
import type { AccountSeries, CampaignSeries, DayCounts } from './types';

const TODAY = '2026-11-26';
/** Every conversion is in on its day: the tests are about the checks, not the lag. */
const NO_LAG = [1];

/** A steady campaign: 60 days to yesterday, weekdays 1,000.00 spend, weekends 700.00, about 10 conversions. */
function steady(
  id: string,
  edit: (day: DayCounts, daysAgo: number) => DayCounts | null = (d) => d,
  length = 60,
): CampaignSeries {
  const days: DayCounts[] = [];
  for (let ago = length; ago >= 1; ago -= 1) {
    const date = addDays(TODAY, -ago);
    const weekend = [0, 6].includes(new Date(`${date}T00:00:00Z`).getUTCDay());
    const wobble = 1 + 0.04 * Math.sin(ago * 2.3);
    const day = edit(
      {
        date,
        spend: Math.round((weekend ? 70_000 : 100_000) * wobble),
        impressions: Math.round(50_000 * wobble),
        clicks: Math.round(600 * wobble),
        conversions: 10 + (ago % 3) - 1,
        value: 0,
      },
      ago,
    );
    if (day) days.push(day);
  }
  return { id, name: `Campaign ${id}`, status: 'ACTIVE', dailyBudget: 100_000, days, ads: [] };
}

const account = (campaigns: CampaignSeries[]): AccountSeries => ({
  platform: 'meta',
  accountRef: 'acct',
  currency: 'USD',
  today: TODAY,
  campaigns,
});

describe('account alerts', () => {
  it('raise nothing on steady campaigns', () => {
    expect(accountAlerts(account([steady('a'), steady('b')]), NO_LAG)).toEqual([]);
  });

  it('flag yesterday’s spend spike on the campaign, once, with its normal range in words', () => {
    const found = accountAlerts(
      account([steady('a', (d, ago) => (ago === 1 ? { ...d, spend: d.spend * 3 } : d)), steady('b')]),
      NO_LAG,
    );
    const spend = found.filter((f) => f.metric === 'spend' && f.level === 'campaign');
    expect(spend).toHaveLength(1);
    expect(spend[0]).toMatchObject({
      kind: 'anomaly',
      direction: 'high',
      entityId: 'a',
      day: addDays(TODAY, -1),
      key: `anomaly:spend:campaign:a:${addDays(TODAY, -1)}`,
    });
    expect(spend[0].headline).toMatch(/^Spend in Campaign a was [\d,.]+ USD on 2026-11-25, above its normal range \(/);
    // How unusual, from the calibrated tail: a tripled spend is far rarer than the alarm rate (one in 90 days).
    expect(spend[0].headline).toMatch(
      /would give a day like it (about once in [\d,]+ days|less than once in ten years)$/,
    );
    // The campaign's cost per conversion jumped with it.
    expect(found.some((f) => f.metric === 'cpa' && f.entityId === 'a' && f.direction === 'high')).toBe(true);
  });

  it('put how unusual an anomaly is in words, from how often the metric’s own noise would give it', () => {
    expect(rarityWords(91.4)).toBe('this metric’s usual ups and downs would give a day like it about once in 91 days');
    expect(rarityWords(1234)).toBe(
      'this metric’s usual ups and downs would give a day like it about once in 1,200 days',
    );
    expect(rarityWords(40_000)).toBe(
      'this metric’s usual ups and downs would give a day like it less than once in ten years',
    );
  });

  it('name a record as one: a cost per conversion higher than on any earlier day, by a clear margin, once the past is long', () => {
    // 200 days; spend climbs 1.5% a day over the last 40 with conversions flat, so the cost per
    // conversion climbs too: never far from last week, but past its whole range.
    const climbing = steady(
      'a',
      (d, ago) => (ago <= 40 ? { ...d, spend: Math.round(d.spend * (1 + 0.015 * (41 - ago))) } : d),
      200,
    );
    const found = accountAlerts(account([climbing]), NO_LAG, { ...ALERT_PARAMS, recentDays: 40 });
    const records = found.filter(
      (f) =>
        f.kind === 'anomaly' &&
        f.metric === 'cpa' &&
        f.level === 'campaign' &&
        /than on any earlier day/.test(f.headline),
    );
    expect(records.length).toBeGreaterThan(0);
    expect(records[0].headline).toMatch(
      /^Cost per conversion in Campaign a was [\d,.]+ USD on 2026-\d\d-\d\d, higher than on any earlier day watched \([\d,.]+ USD–[\d,.]+ USD\), by a clear margin; a new high comes about once in 1\d\d days$/,
    );
  });

  it('say when a campaign set to run stopped delivering, and not when it is paused', () => {
    const stops = (d: DayCounts, ago: number) => (ago <= 2 ? null : d);
    const found = accountAlerts(account([steady('a', stops), steady('b')]), NO_LAG);
    expect(found.filter((f) => f.kind === 'delivery_stopped')).toEqual([
      expect.objectContaining({
        entityId: 'a',
        day: addDays(TODAY, -2),
        severity: 'critical',
        key: `delivery_stopped:campaign:a:${addDays(TODAY, -2)}`,
      }),
    ]);
    const paused = { ...steady('a', stops), status: 'PAUSED' as const };
    expect(accountAlerts(account([paused, steady('b')]), NO_LAG).filter((f) => f.kind === 'delivery_stopped')).toEqual(
      [],
    );
  });

  it('say when a campaign spends with no conversion where its own cost says several were due', () => {
    const found = accountAlerts(
      account([steady('a', (d, ago) => (ago <= 2 ? { ...d, conversions: 0 } : d)), steady('b')]),
      NO_LAG,
    );
    const zero = found.filter((f) => f.kind === 'zero_conversions');
    expect(zero).toHaveLength(1);
    expect(zero[0]).toMatchObject({ entityId: 'a', severity: 'critical', observed: 0 });
    expect(zero[0].expected).toBeGreaterThan(15);
  });

  it('wait for late conversions: yesterday’s conversions half in are not a drop', () => {
    // Half of a day's conversions are known on the day after it, all from the second day on.
    const lag = [0.3, 0.5, 1];
    const found = accountAlerts(
      account([steady('a', (d, ago) => (ago === 1 ? { ...d, conversions: Math.round(d.conversions / 2) } : d))]),
      lag,
    );
    expect(
      found.filter((f) => f.metric === 'conversions' || f.metric === 'cpa' || f.kind === 'zero_conversions'),
    ).toEqual([]);
  });
});
