import type { Platform } from '@shared/constants';
import { and, asc, eq, ilike, inArray } from 'drizzle-orm';

import type { DbOrTx } from '../../db/connect';
import { ads, campaigns, connectedAdAccounts, users } from '../../db/schema';
import { containsPattern } from '../../lib/likePattern';

/** What the dashboard reads besides the metrics seam: the caller's profile, the workspace's accounts, campaigns and ads. */

export type DashboardAccountRow = typeof connectedAdAccounts.$inferSelect;
export type DashboardCampaignRow = typeof campaigns.$inferSelect;

/** The user's time zone and display currency; undefined for a user who is gone. */
export async function userProfile(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ timeZone: users.timeZone, displayCurrency: users.displayCurrency })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

export async function setDisplayCurrency(db: DbOrTx, userId: string, currency: string): Promise<void> {
  await db.update(users).set({ displayCurrency: currency }).where(eq(users.id, userId));
}

/** The workspace's connected accounts, oldest connected first. */
export async function workspaceAccounts(db: DbOrTx, workspaceId: string) {
  const rows = await db
    .select({
      id: connectedAdAccounts.id,
      platform: connectedAdAccounts.platform,
      account_id: connectedAdAccounts.accountId,
      name: connectedAdAccounts.name,
      currency: connectedAdAccounts.currency,
      connectionId: connectedAdAccounts.connectionId,
    })
    .from(connectedAdAccounts)
    .where(eq(connectedAdAccounts.workspaceId, workspaceId))
    .orderBy(connectedAdAccounts.createdAt, connectedAdAccounts.accountId);
  return rows.map((row) => ({ ...row, platform: row.platform as Platform }));
}

/** The conversion windows the accounts (ids already scoped to the caller's workspace) last reported, oldest connected first. */
export async function accountAttributions(db: DbOrTx, accountIds: string[]) {
  return db
    .select({
      platform: connectedAdAccounts.platform,
      account_id: connectedAdAccounts.accountId,
      attribution: connectedAdAccounts.attribution,
      attributionUpdatedAt: connectedAdAccounts.attributionUpdatedAt,
    })
    .from(connectedAdAccounts)
    .where(inArray(connectedAdAccounts.id, accountIds))
    .orderBy(connectedAdAccounts.createdAt, connectedAdAccounts.accountId);
}

/** A campaign of the workspace's with its account; undefined for another workspace's or an unknown id. */
export async function findWorkspaceCampaign(db: DbOrTx, workspaceId: string, id: string) {
  const [row] = await db
    .select({ campaign: campaigns, account: connectedAdAccounts })
    .from(campaigns)
    .innerJoin(connectedAdAccounts, eq(connectedAdAccounts.id, campaigns.accountRef))
    .where(and(eq(campaigns.id, id), eq(campaigns.workspaceId, workspaceId)));
  return row;
}

/** The workspace's ads whose name contains `q` (all of them without one), by name, each with its campaign. */
export async function searchWorkspaceAds(db: DbOrTx, workspaceId: string, q: string | undefined, limit: number) {
  return db
    .select({ ad_id: ads.adId, name: ads.name, campaignId: campaigns.id, campaignName: campaigns.name })
    .from(ads)
    .innerJoin(campaigns, and(eq(campaigns.accountRef, ads.accountRef), eq(campaigns.campaignId, ads.campaignId)))
    .where(and(eq(campaigns.workspaceId, workspaceId), q ? ilike(ads.name, containsPattern(q)) : undefined))
    .orderBy(asc(ads.name), asc(ads.adId))
    .limit(limit);
}
