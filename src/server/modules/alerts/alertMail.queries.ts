import type { Role } from '@shared/access/policy';
import { and, asc, eq, gt, inArray, isNull, lte } from 'drizzle-orm';

import type { DbOrTx } from '../../db/connect';
import {
  alertPreferences,
  alertReads,
  alerts,
  connectedAdAccounts,
  users,
  workspaceMembers,
  workspaces,
} from '../../db/schema';

/** Who is mailed which alerts: each user's alert e-mail preferences, the recipients, and a digest's unread alerts. */

export type AlertPreferenceRow = typeof alertPreferences.$inferSelect;
type AlertPreferenceChanges = Partial<Pick<AlertPreferenceRow, 'emailCritical' | 'emailDigest' | 'digestSentAt'>>;

export async function findAlertPreferences(db: DbOrTx, userId: string): Promise<AlertPreferenceRow | undefined> {
  const [row] = await db.select().from(alertPreferences).where(eq(alertPreferences.userId, userId));
  return row;
}

/** Creates the user's preferences with `values`, or sets `changes` on the existing ones. */
export async function upsertAlertPreferences(
  db: DbOrTx,
  userId: string,
  values: AlertPreferenceChanges & { updatedAt: Date },
  changes: AlertPreferenceChanges & { updatedAt?: Date },
): Promise<void> {
  await db
    .insert(alertPreferences)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: alertPreferences.userId, set: changes });
}

export async function userExists(db: DbOrTx, userId: string): Promise<boolean> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  return user !== undefined;
}

/** Every user who holds one of `roles` in some workspace, once, with their digest preference and last digest time. */
export async function digestRecipients(db: DbOrTx, roles: Role[]) {
  return db
    .selectDistinct({
      userId: users.id,
      email: users.email,
      fullName: users.fullName,
      wants: alertPreferences.emailDigest,
      since: alertPreferences.digestSentAt,
    })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .leftJoin(alertPreferences, eq(alertPreferences.userId, users.id))
    .where(inArray(workspaceMembers.role, roles));
}

/**
 * The warnings raised in (since, until] in the workspaces where the user holds one of `roles`,
 * that the user has not read, by workspace name then age; with account and workspace names.
 */
export async function unreadWarningsFor(db: DbOrTx, userId: string, roles: Role[], since: Date, until: Date) {
  return db
    .select({ alert: alerts, account: connectedAdAccounts.name, workspace: workspaces.name })
    .from(alerts)
    .innerJoin(
      workspaceMembers,
      and(
        eq(workspaceMembers.workspaceId, alerts.workspaceId),
        eq(workspaceMembers.userId, userId),
        inArray(workspaceMembers.role, roles),
      ),
    )
    .innerJoin(workspaces, eq(workspaces.id, alerts.workspaceId))
    .leftJoin(connectedAdAccounts, eq(connectedAdAccounts.id, alerts.accountRef))
    .leftJoin(alertReads, and(eq(alertReads.alertId, alerts.id), eq(alertReads.userId, userId)))
    .where(
      and(
        eq(alerts.severity, 'warning'),
        gt(alerts.createdAt, since),
        lte(alerts.createdAt, until),
        isNull(alertReads.alertId),
      ),
    )
    .orderBy(asc(workspaces.name), asc(alerts.createdAt));
}

/** The workspace's members in one of `roles`, with the workspace's name and their critical-mail preference. */
export async function criticalRecipients(db: DbOrTx, workspaceId: string, roles: Role[]) {
  return db
    .select({
      userId: users.id,
      email: users.email,
      fullName: users.fullName,
      workspace: workspaces.name,
      wants: alertPreferences.emailCritical,
    })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .leftJoin(alertPreferences, eq(alertPreferences.userId, users.id))
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), inArray(workspaceMembers.role, roles)));
}
