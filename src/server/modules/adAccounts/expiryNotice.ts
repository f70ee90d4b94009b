import { and, eq, inArray } from 'drizzle-orm';
import { PLATFORM_LABELS, type Platform } from '@shared/constants';
import type { AppContext } from '../../context';
import { outbox, platformConnections, users, workspaceMembers, workspaces } from '../../db/schema';
import type { TokenSet } from '../../platforms/types';
import { connectionExpiry } from './expiry';

/**
 * Tells a workspace, ahead of time, that a connection is about to stop working (expiry.ts), by
 * the same e-mail and to the same people (owners and managers: the roles that may reconnect) as
 * the notice for a connection that already needs reconnecting. Run by the daily connection check.
 *
 * Once per person and expiry date: the notice's subject names the date and workspace, and a
 * notice with that subject already in the person's outbox is not sent again. The outbox keeps
 * sent mail, so no column is needed for it; a reconnect gives a new date and so a new notice
 * when that one nears.
 */

/** The date the way the notice shows it (UTC day; the notice is a week early, so the hour does not matter). */
export function expiryDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

export function expiryNoticeSubject(platform: Platform, expiresAt: Date, workspace: string): string {
  return `Reconnect ${PLATFORM_LABELS[platform]} before ${expiryDay(expiresAt)} to keep data flowing in ${workspace}`;
}

export function createExpiryNotices(
  ctx: Pick<AppContext, 'db' | 'config' | 'clock' | 'mailer'>,
  open: (connectionId: string, sealedTokens: string) => TokenSet,
) {
  const { db, config, clock, mailer } = ctx;

  /** Sends the notices due now; returns how many were sent. */
  return async function sendExpiryNotices(): Promise<number> {
    const now = clock.now();
    const connections = await db
      .select({
        id: platformConnections.id,
        workspaceId: platformConnections.workspaceId,
        platform: platformConnections.platform,
        sealedTokens: platformConnections.sealedTokens,
        accessExpiresAt: platformConnections.accessExpiresAt,
      })
      .from(platformConnections)
      .where(eq(platformConnections.status, 'active'));
    let sent = 0;
    for (const connection of connections) {
      const { expiresAt, expiring } = connectionExpiry({ accessExpiresAt: connection.accessExpiresAt, tokens: open(connection.id, connection.sealedTokens) }, now);
      if (!expiring || !expiresAt) continue;
      const platform = connection.platform as Platform;
      const label = PLATFORM_LABELS[platform];
      await db.transaction(async (tx) => {
        const people = await tx
          .select({ userId: users.id, email: users.email, fullName: users.fullName, workspace: workspaces.name })
          .from(workspaceMembers)
          .innerJoin(users, eq(users.id, workspaceMembers.userId))
          .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
          .where(and(eq(workspaceMembers.workspaceId, connection.workspaceId), inArray(workspaceMembers.role, ['owner', 'manager'])));
        for (const person of people) {
          const subject = expiryNoticeSubject(platform, expiresAt, person.workspace);
          const [already] = await tx
            .select({ id: outbox.id })
            .from(outbox)
            .where(and(eq(outbox.userId, person.userId), eq(outbox.subject, subject)))
            .limit(1);
          if (already) continue;
          await mailer.send(
            {
              to: person.email,
              userId: person.userId,
              subject,
              text: `Hi ${person.fullName},\n\nAdwise's access to ${label} in ${person.workspace} ends on ${expiryDay(expiresAt)}, and ${label} does not let us renew it ourselves. Reconnect ${label} before then to keep data flowing; your data in Adwise is kept either way.\nReconnect here: ${config.publicUrl}/connected-accounts\n`,
            },
            tx,
          );
          sent += 1;
        }
      });
    }
    return sent;
  };
}
