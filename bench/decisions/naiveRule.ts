import type { Finding } from '../../src/server/analysis/findings';
import type { AccountSeries, DayCounts } from '../../src/server/analysis/types';
import { ageOf as age } from '../../src/server/analysis/window';

/**
 * The naive rule anchors ship (Bïrch's "Wise Cut" shape): pause an ad whose cost per conversion
 * over the last 7 days is more than 25% behind its campaign's 30-day average, or that spent a
 * whole average conversion's cost without converting, on the numbers as reported (no intervals,
 * no peers' spread, no late conversions).
 */

const RECENT_DAYS = 7;
const BASELINE_DAYS = 30;
const BEHIND = 1.25;

const total = (days: DayCounts[], today: string, within: number) =>
  days
    .filter((d) => age(d.date, today) < within)
    .reduce(
      (s, d) => ({
        spend: s.spend + d.spend,
        conversions: s.conversions + d.conversions,
        active: s.active + (d.impressions > 0 ? 1 : 0),
      }),
      { spend: 0, conversions: 0, active: 0 },
    );

export function naiveWiseCut(account: AccountSeries): Finding[] {
  const findings: Finding[] = [];
  for (const campaign of account.campaigns) {
    if (campaign.status !== 'ACTIVE') continue;
    const live = campaign.ads.filter(
      (ad) => ad.status === 'ACTIVE' && ad.days.some((d) => d.impressions > 0 && age(d.date, account.today) < 3),
    );
    if (live.length < 2) continue;
    const baseline = total(campaign.days, account.today, BASELINE_DAYS);
    if (baseline.conversions === 0) continue;
    const campaignCpa = baseline.spend / baseline.conversions;
    let remaining = live.length;
    for (const ad of live) {
      if (remaining < 2) break;
      const recent = total(ad.days, account.today, RECENT_DAYS);
      if (recent.active < 3) continue;
      const behind =
        recent.conversions === 0
          ? recent.spend >= campaignCpa
          : recent.spend / recent.conversions > BEHIND * campaignCpa;
      if (!behind) continue;
      remaining -= 1;
      findings.push({
        type: 'pause_ad',
        key: `pause_ad:${ad.id}`,
        level: 'ad',
        entityId: ad.id,
        entityName: ad.name,
        campaignId: campaign.id,
        headline: `Pause ${ad.name}`,
        confidence: 1,
        evidence: [],
        impact: {
          conversionsPerWeek: { mid: recent.spend / campaignCpa, low: 0, high: 0 },
          spendPerWeek: { mid: 0, low: 0, high: 0 },
        },
        change: { kind: 'ad_status', adId: ad.id, campaignId: campaign.id, from: 'ACTIVE', to: 'PAUSED' },
      });
    }
  }
  return findings;
}
