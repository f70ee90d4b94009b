import { and, asc, eq } from 'drizzle-orm';

import type { DbOrTx } from '../../db/connect';
import { ads, connectedAdAccounts } from '../../db/schema';

/** What the Live ads tab reads besides the metrics seam: the workspace's accounts and their ads' creatives as last synced. */

/** The workspace's connected accounts by platform, then name. */
export async function workspaceAccountsByName(db: DbOrTx, workspaceId: string) {
  return db
    .select()
    .from(connectedAdAccounts)
    .where(eq(connectedAdAccounts.workspaceId, workspaceId))
    .orderBy(asc(connectedAdAccounts.platform), asc(connectedAdAccounts.name), asc(connectedAdAccounts.id));
}

/** The creative of each of the account's synced ads (null where the platform listed none). */
export async function accountAdCreatives(db: DbOrTx, accountRef: string) {
  return db.select({ adId: ads.adId, creative: ads.creative }).from(ads).where(eq(ads.accountRef, accountRef));
}

/** The creative of one of the account's ads; undefined when the account has no such ad. */
export async function adCreative(db: DbOrTx, accountRef: string, adId: string) {
  const [row] = await db
    .select({ creative: ads.creative })
    .from(ads)
    .where(and(eq(ads.accountRef, accountRef), eq(ads.adId, adId)));
  return row;
}
