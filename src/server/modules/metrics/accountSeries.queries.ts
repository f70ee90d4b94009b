import type { Platform } from '@shared/constants';
import { addDays, localDay } from '@shared/days';
import { eq } from 'drizzle-orm';

import { estimateLagProfile, LAG_HORIZON_DAYS } from '../../analysis/lag';
import type { AccountSeries, AdSeries, CampaignSeries, DayCounts } from '../../analysis/types';
import type { DbOrTx } from '../../db/connect';
import { ads, campaigns, connectedAdAccounts } from '../../db/schema';
import { accountEntityDays, conversionObservationsOf } from './series.queries';

/** History the suggestions and alert checks read (rules read longer: their dry run looks back 30 days more). */
export const HISTORY_DAYS = 90;
/** Days of restatements the lag profile is learnt from. */
const LAG_LEARNING_DAYS = 60;

type AccountRow = typeof connectedAdAccounts.$inferSelect;

/**
 * One account as the analysis reads it: its campaigns and ads as last synced (or as changed from
 * here), each with its days in the account's currency, and the lag profile its syncs' restatements
 * teach.
 */
export async function loadAccountSeries(
  db: DbOrTx,
  account: AccountRow,
  now: Date,
  historyDays = HISTORY_DAYS,
): Promise<{ series: AccountSeries; lag: (number | null)[] }> {
  const today = localDay(now, account.timeZone);
  const scope = { workspaceId: account.workspaceId, accountRef: account.id };
  const [campaignRows, adRows, entityDays, observations] = await Promise.all([
    db.select().from(campaigns).where(eq(campaigns.accountRef, account.id)),
    db.select().from(ads).where(eq(ads.accountRef, account.id)),
    accountEntityDays(db, scope, { from: addDays(today, -(historyDays - 1)), to: today }),
    conversionObservationsOf(db, scope, addDays(today, -(LAG_LEARNING_DAYS + LAG_HORIZON_DAYS))),
  ]);
  const daysOf = new Map<string, DayCounts[]>();
  for (const entity of entityDays) daysOf.set(`${entity.level}:${entity.entityId}`, entity.days);
  const adsByCampaign = new Map<string, AdSeries[]>();
  for (const ad of adRows) {
    const list = adsByCampaign.get(ad.campaignId) ?? [];
    list.push({ id: ad.adId, name: ad.name, status: ad.status, days: daysOf.get(`ad:${ad.adId}`) ?? [] });
    adsByCampaign.set(ad.campaignId, list);
  }
  const campaignSeries: CampaignSeries[] = campaignRows.map((campaign) => ({
    id: campaign.campaignId,
    name: campaign.name,
    status: campaign.status,
    dailyBudget: campaign.dailyBudgetMinor,
    days: daysOf.get(`campaign:${campaign.campaignId}`) ?? [],
    ads: adsByCampaign.get(campaign.campaignId) ?? [],
  }));
  return {
    series: {
      platform: account.platform as Platform,
      accountRef: account.id,
      currency: account.currency,
      today,
      campaigns: campaignSeries,
    },
    lag: estimateLagProfile(observations),
  };
}
