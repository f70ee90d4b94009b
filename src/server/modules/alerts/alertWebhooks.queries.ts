import { and, eq, inArray } from 'drizzle-orm';

import type { DbOrTx } from '../../db/connect';
import { alerts, alertWebhooks, connectedAdAccounts, workspaces } from '../../db/schema';

/** The workspace's alert webhook (one per workspace) and the alerts a delivery posts; scoped by workspace. */

export type WebhookRow = typeof alertWebhooks.$inferSelect;

export async function findWebhook(db: DbOrTx, workspaceId: string): Promise<WebhookRow | undefined> {
  const [row] = await db.select().from(alertWebhooks).where(eq(alertWebhooks.workspaceId, workspaceId));
  return row;
}

export async function hasWebhook(db: DbOrTx, workspaceId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: alertWebhooks.workspaceId })
    .from(alertWebhooks)
    .where(eq(alertWebhooks.workspaceId, workspaceId));
  return row !== undefined;
}

/** Records how the last delivery went (status null: no answer). */
export async function recordDelivery(
  db: DbOrTx,
  workspaceId: string,
  delivery: { at: Date; status: number | null; error: string | null },
): Promise<void> {
  await db
    .update(alertWebhooks)
    .set({ lastDeliveryAt: delivery.at, lastStatus: delivery.status, lastError: delivery.error })
    .where(eq(alertWebhooks.workspaceId, workspaceId));
}

/** Points the workspace's webhook at a new address, forgetting how the last delivery went. */
export async function updateWebhookUrl(db: DbOrTx, workspaceId: string, url: string, now: Date): Promise<WebhookRow> {
  const [row] = await db
    .update(alertWebhooks)
    .set({ url, updatedAt: now, lastError: null, lastStatus: null })
    .where(eq(alertWebhooks.workspaceId, workspaceId))
    .returning();
  return row;
}

export async function insertWebhook(db: DbOrTx, values: typeof alertWebhooks.$inferInsert): Promise<WebhookRow> {
  const [row] = await db.insert(alertWebhooks).values(values).returning();
  return row;
}

/** Deletes the workspace's webhook; false when it had none. */
export async function deleteWebhook(db: DbOrTx, workspaceId: string): Promise<boolean> {
  const removed = await db
    .delete(alertWebhooks)
    .where(eq(alertWebhooks.workspaceId, workspaceId))
    .returning({ id: alertWebhooks.workspaceId });
  return removed.length > 0;
}

/** Those of the alerts that are the workspace's, with their account's and workspace's names, in the order raised. */
export async function workspaceAlertsByIds(db: DbOrTx, workspaceId: string, alertIds: string[]) {
  return db
    .select({ alert: alerts, account: connectedAdAccounts.name, workspace: workspaces.name })
    .from(alerts)
    .leftJoin(connectedAdAccounts, eq(connectedAdAccounts.id, alerts.accountRef))
    .innerJoin(workspaces, eq(workspaces.id, alerts.workspaceId))
    .where(and(eq(alerts.workspaceId, workspaceId), inArray(alerts.id, alertIds)))
    .orderBy(alerts.seq);
}
