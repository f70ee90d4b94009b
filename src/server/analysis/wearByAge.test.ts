import { adSeries, oneCampaignAccount } from './series.fixtures';
import type { AdSeries } from './types';
import { accountWear, findWornByAge } from './wearByAge';

/** An ad of `days` days ending today: 4,000 impressions a day, click-through `ctrAt(running days)`, 3 conversions a day. */
const ad = (id: string, days: number, ctrAt: (running: number) => number): AdSeries =>
  adSeries(id, days, (age) => ({
    spend: 5_000,
    impressions: 4_000,
    clicks: Math.round(4_000 * ctrAt(days - 1 - age)),
    conversions: 3,
  }));

/** Loses 40% of its click-through over its first six weeks. */
const wearing = (running: number) => 0.02 * (running < 42 ? 1 - (0.4 * running) / 42 : 0.6);
const flat = () => 0.012;

describe('creative fatigue measured on the account’s launched ads', () => {
  it('advises refreshing each live ad older than the history when the ads launched within it credibly wear', () => {
    // Two ads ran before the 90 days read; two launched 70 and 60 days ago and wore down.
    const account = oneCampaignAccount([
      ad('old1', 90, flat),
      ad('old2', 90, flat),
      ad('new1', 70, wearing),
      ad('new2', 60, wearing),
    ]);
    const wear = accountWear(account)!;
    expect(wear.ads).toBe(2);
    // After six weeks, 60% of the fresh click-through, against the first two weeks' (already a little worn): about 0.65.
    expect(Math.exp(wear.logRatio)).toBeCloseTo(0.65, 1);
    const findings = findWornByAge(account, [1]);
    expect(findings.map((f) => f.key)).toEqual(['creative_fatigue:old1', 'creative_fatigue:old2']);
    const [finding] = findings;
    expect(finding).toMatchObject({
      type: 'creative_fatigue',
      level: 'ad',
      campaignId: 'c1',
      change: { kind: 'task' },
    });
    expect(finding.confidence).toBeGreaterThanOrEqual(0.99);
    expect(finding.headline).toMatch(
      /^Refresh “Ad old1” in Prospecting: it has run for more than 90 days, and this account’s ads lose 3\d% of their click-through by their 6th week$/,
    );
    const [ctr] = finding.evidence;
    expect(ctr.entity.high).toBeLessThan(ctr.peers.low);
    expect(ctr.label).toMatch(/measured on 2 ads launched since/);
    expect(finding.impact.conversionsPerWeek.low).toBeGreaterThan(0);
    expect(finding.impact.conversionsPerWeek.low).toBeLessThanOrEqual(finding.impact.conversionsPerWeek.mid);
  });

  it('says nothing when no ad was launched within the history, or the launched ones do not wear', () => {
    expect(findWornByAge(oneCampaignAccount([ad('old1', 90, flat), ad('old2', 90, flat)]), [1])).toEqual([]);
    expect(
      findWornByAge(oneCampaignAccount([ad('old1', 90, flat), ad('new1', 70, flat), ad('new2', 60, flat)]), [1]),
    ).toEqual([]);
  });

  it('does not count an ad launched too recently to have worn, and needs a history longer than the wear age', () => {
    expect(accountWear(oneCampaignAccount([ad('old1', 90, flat), ad('new1', 30, wearing)]))).toBeNull();
    expect(findWornByAge(oneCampaignAccount([ad('old1', 40, flat), ad('new1', 30, wearing)]), [1])).toEqual([]);
  });
});
