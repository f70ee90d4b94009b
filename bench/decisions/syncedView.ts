import { type Platform, PLATFORMS } from '@shared/constants';
import { addDays } from '@shared/days';

import { type SandboxAccount, type World } from '../../src/sandbox/world';
import type { LagObservation } from '../../src/server/analysis/lag';
import type { AccountSeries, DayCounts } from '../../src/server/analysis/types';
import { ageOf, sumByDate } from '../../src/server/analysis/window';

/**
 * What the product knows of a sandbox world, kept the way sync keeps it: a 90-day backfill on
 * connect, then a daily re-read of the last days (which restates late conversions), with what
 * each read saw of each day's conversions at each age (the lag observations). Statuses and
 * budgets are read from the platform as listCampaigns and listAds would.
 */

const BACKFILL_DAYS = 90;
const RESTATEMENT_DAYS = 8;

interface KnownAccount {
  platform: Platform;
  account: SandboxAccount;
  /** campaign id → ad id → date → counts */
  ads: Map<string, Map<string, Map<string, DayCounts>>>;
  observations: LagObservation[];
}

export class SyncedView {
  private readonly known: KnownAccount[] = [];

  constructor(private readonly world: World) {
    for (const platform of PLATFORMS) {
      for (const account of world.accounts(platform))
        this.known.push({ platform, account, ads: new Map(), observations: [] });
    }
  }

  /** Reads the last days of every account (all of the backfill on the first call). */
  sync(): void {
    for (const known of this.known) {
      const today = this.world.today(known.account);
      const first = known.ads.size === 0;
      const since = addDays(today, -((first ? BACKFILL_DAYS : RESTATEMENT_DAYS) - 1));
      const perDay = new Map<string, number>();
      for (const row of this.world.rows(known.platform, known.account.id, since, today, 'ad')) {
        const byAd = known.ads.get(row.campaign.id) ?? new Map<string, Map<string, DayCounts>>();
        known.ads.set(row.campaign.id, byAd);
        const days = byAd.get(row.ad!.id) ?? new Map<string, DayCounts>();
        byAd.set(row.ad!.id, days);
        const m = row.metrics;
        days.set(row.date, {
          date: row.date,
          spend: m.spendMinor,
          impressions: m.impressions,
          clicks: m.clicks,
          conversions: m.conversions,
          value: m.conversionValueMinor,
        });
        perDay.set(row.date, (perDay.get(row.date) ?? 0) + m.conversions);
      }
      for (const [date, conversions] of perDay) {
        known.observations.push({ date, age: ageOf(date, today), conversions });
      }
    }
  }

  accounts(): { platform: Platform; account: SandboxAccount; series: AccountSeries; observations: LagObservation[] }[] {
    return this.known.map((known) => ({
      platform: known.platform,
      account: known.account,
      series: this.series(known),
      observations: known.observations,
    }));
  }

  private series(known: KnownAccount): AccountSeries {
    const { world } = this;
    const byDate = (map: Map<string, DayCounts> | undefined) =>
      [...(map?.values() ?? [])].sort((a, b) => a.date.localeCompare(b.date));
    return {
      platform: known.platform,
      accountRef: known.account.id,
      currency: known.account.currency,
      today: world.today(known.account),
      campaigns: known.account.campaigns.map((campaign) => {
        const byAd = known.ads.get(campaign.id);
        const ads = campaign.ads
          .filter((ad) => byAd?.has(ad.id))
          .map((ad) => ({
            id: ad.id,
            name: ad.name,
            status: world.adStatus(known.platform, ad.id),
            days: byDate(byAd?.get(ad.id)),
          }));
        return {
          id: campaign.id,
          name: campaign.name,
          status: world.status(known.platform, campaign.id),
          dailyBudget: world.dailyBudgetMinor(known.platform, campaign.id),
          days: sumByDate(ads.flatMap((ad) => ad.days)),
          ads,
        };
      }),
    };
  }
}
