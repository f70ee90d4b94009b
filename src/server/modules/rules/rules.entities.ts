import { and, eq, inArray } from 'drizzle-orm';
import { addDays } from '@shared/api/dashboard';
import { MAX_WINDOW_DAYS } from '@shared/api/rules';
import { dayNumber, type RuleEntity } from '../../analysis/rules';
import { sumByDate } from '../../analysis/window';
import type { DbOrTx } from '../../db/connect';
import { ads, campaigns, connectedAdAccounts } from '../../db/schema';
import { localDay } from '../gamification/localDay';
import { accountEntityDays } from '../metrics/series.queries';

type AccountRow = typeof connectedAdAccounts.$inferSelect;

/** Days of history a rule can read: its longest window, the span of an average, and the dry run's 30 days before them. */
export const RULE_HISTORY_DAYS = 2 * MAX_WINDOW_DAYS + 30;

export interface WorkspaceEntities {
  accounts: Map<string, AccountRow>;
  entities: RuleEntity[];
  /** Each account's day number today, in its own time zone. */
  todayOf: Map<string, number>;
}

/**
 * Every account, campaign and ad of a workspace as rules judge them: their days (from the
 * metrics seam, in each account's currency), and their status and budget as last synced (or as
 * changed from here since).
 */
export async function loadWorkspaceEntities(db: DbOrTx, workspaceId: string, now: Date): Promise<WorkspaceEntities> {
  const accountRows = await db.select().from(connectedAdAccounts).where(eq(connectedAdAccounts.workspaceId, workspaceId));
  const accounts = new Map(accountRows.map((account) => [account.id, account]));
  const todayOf = new Map<string, number>();
  const entities: RuleEntity[] = [];
  if (!accountRows.length) return { accounts, entities, todayOf };
  const ids = accountRows.map((account) => account.id);
  const [campaignRows, adRows] = await Promise.all([
    db.select().from(campaigns).where(and(eq(campaigns.workspaceId, workspaceId), inArray(campaigns.accountRef, ids))),
    db.select().from(ads).where(inArray(ads.accountRef, ids)),
  ]);
  for (const account of accountRows) {
    const today = localDay(now, account.timeZone);
    todayOf.set(account.id, dayNumber(today));
    const series = await accountEntityDays(db, { workspaceId, accountRef: account.id }, { from: addDays(today, -RULE_HISTORY_DAYS), to: today });
    const daysOf = new Map(series.map((entity) => [`${entity.level}:${entity.entityId}`, entity.days]));
    const base = { accountRef: account.id, platform: account.platform, currency: account.currency };
    const accountCampaigns = campaignRows.filter((c) => c.accountRef === account.id);
    const campaignName = new Map(accountCampaigns.map((c) => [c.campaignId, c.name]));
    entities.push({
      ...base,
      key: `${account.id}:account:${account.accountId}`,
      level: 'account',
      entityId: account.accountId,
      entityName: account.name,
      campaignId: null,
      campaignName: null,
      status: 'ACTIVE',
      budgetMinor: null,
      days: sumByDate(series.filter((entity) => entity.level === 'campaign').flatMap((entity) => entity.days)),
    });
    for (const campaign of accountCampaigns) {
      entities.push({
        ...base,
        key: `${account.id}:campaign:${campaign.campaignId}`,
        level: 'campaign',
        entityId: campaign.campaignId,
        entityName: campaign.name,
        campaignId: campaign.campaignId,
        campaignName: campaign.name,
        status: campaign.status,
        budgetMinor: campaign.dailyBudgetMinor,
        days: daysOf.get(`campaign:${campaign.campaignId}`) ?? [],
      });
    }
    for (const ad of adRows.filter((a) => a.accountRef === account.id)) {
      entities.push({
        ...base,
        key: `${account.id}:ad:${ad.adId}`,
        level: 'ad',
        entityId: ad.adId,
        entityName: ad.name,
        campaignId: ad.campaignId,
        campaignName: campaignName.get(ad.campaignId) ?? null,
        status: ad.status,
        budgetMinor: null,
        days: daysOf.get(`ad:${ad.adId}`) ?? [],
      });
    }
  }
  return { accounts, entities, todayOf };
}
