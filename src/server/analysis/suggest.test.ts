import { findAll, SUGGEST_DEFAULTS } from './suggest';
import type { AccountSeries, AdSeries, CampaignSeries } from './types';

const TODAY = '2026-03-31';
const date = (age: number) => new Date(Date.parse(`${TODAY}T00:00:00Z`) - age * 86_400_000).toISOString().slice(0, 10);

/** An ad with `days` days ending today: 2,000 impressions a day, clicks at `ctrAt(age)`, `conversions` a day. */
function ad(id: string, days: number, ctrAt: (age: number) => number, conversions: number): AdSeries {
  return {
    id,
    name: `Ad ${id}`,
    status: 'ACTIVE',
    days: Array.from({ length: days }, (_, i) => days - 1 - i).map((age) => ({
      date: date(age),
      spend: 1500,
      impressions: 2000,
      clicks: Math.round(2000 * ctrAt(age)),
      conversions,
      value: 0,
    })),
  };
}

/** A campaign whose own days are the sum of its ads'. */
function campaign(id: string, ads: AdSeries[]): CampaignSeries {
  const byDate = new Map<string, CampaignSeries['days'][number]>();
  for (const a of ads) {
    for (const d of a.days) {
      const t = byDate.get(d.date) ?? { date: d.date, spend: 0, impressions: 0, clicks: 0, conversions: 0, value: 0 };
      byDate.set(d.date, {
        ...t,
        spend: t.spend + d.spend,
        impressions: t.impressions + d.impressions,
        clicks: t.clicks + d.clicks,
        conversions: t.conversions + d.conversions,
      });
    }
  }
  return {
    id,
    name: `Campaign ${id}`,
    status: 'ACTIVE',
    dailyBudget: 10_000,
    days: [...byDate.values()].sort((a, b) => a.date.localeCompare(b.date)),
    ads,
  };
}

const steady = () => 0.02;
/** Click-through down 40% over the last two weeks. */
const worn = (age: number) => (age < 14 ? 0.012 : 0.02);

describe('all suggestions of an account', () => {
  it('combines every type in one call; an ad to pause gets no refresh advice; learning lists each entity once', () => {
    const account: AccountSeries = {
      platform: 'meta',
      accountRef: 'acc',
      currency: 'USD',
      today: TODAY,
      campaigns: [
        campaign('c1', [ad('a', 60, steady, 4), ad('b', 60, steady, 4), ad('loser', 60, worn, 1)]),
        campaign('c2', [ad('tired', 60, worn, 3), ad('fresh', 60, steady, 3), ad('new', 3, steady, 3)]),
      ],
    };
    const { findings, learning } = findAll(account, [1]);
    expect(findings.map((f) => f.key).sort()).toEqual(['creative_fatigue:tired', 'pause_ad:loser']);
    expect(learning).toEqual([{ level: 'ad', entityId: 'new', reason: 'too_new' }]);
  });

  it('gives an ad one piece of advice at most: one people do not click gets new calls to action before it is boosted', () => {
    const account: AccountSeries = {
      platform: 'meta',
      accountRef: 'acc',
      currency: 'USD',
      today: TODAY,
      campaigns: [
        // Half the click-through of its peers and four times their conversions per click: ahead on both rates too. All
        // three launched within the history read (it starts with c2's ads), together: the gap is the creatives', not wear.
        campaign('c1', [ad('a', 40, steady, 2), ad('b', 40, steady, 2), ad('quiet', 40, () => 0.01, 4)]),
        campaign('c2', [ad('c', 60, steady, 2), ad('d', 60, steady, 2), ad('star', 60, steady, 4)]),
      ],
    };
    const { findings } = findAll(account, [1]);
    expect(findings.map((f) => f.key).sort()).toEqual(['boost_creative:star', 'test_cta:quiet']);
    // Each on its own would have advised boosting "quiet" too.
    expect(
      findAll(account, [1], { ...SUGGEST_DEFAULTS, ctaTest: { ...SUGGEST_DEFAULTS.ctaTest, probability: 1.01 } })
        .findings.map((f) => f.key)
        .sort(),
    ).toEqual(['boost_creative:quiet', 'boost_creative:star']);
  });
});
