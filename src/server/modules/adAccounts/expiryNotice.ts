import { type Platform, PLATFORM_LABELS } from '@shared/constants';

import type { AppContext } from '../../context';
import type { TokenSet } from '../../platforms/types';
import { reconnectRecipients } from './adAccounts.queries';
import { activeConnectionExpiries, claimExpiryNotice } from './connections.queries';
import { connectionExpiry } from './expiry';

/**
 * Tells a workspace, ahead of time, that a connection is about to stop working (expiry.ts), by
 * the same e-mail and to the same people (owners and managers: the roles that may reconnect) as
 * the notice for a connection that already needs reconnecting. Run by the daily connection check.
 *
 * Once per connection and expiry date: the connection keeps the expiry it last gave notice of
 * (`expiry_notice_for`), set in the same transaction as the mail; a reconnect gives a new date
 * and so a new notice when that one nears.
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
    const connections = await activeConnectionExpiries(db);
    let sent = 0;
    for (const connection of connections) {
      const { expiresAt, expiring } = connectionExpiry(
        { accessExpiresAt: connection.accessExpiresAt, tokens: open(connection.id, connection.sealedTokens) },
        now,
      );
      if (!expiring || !expiresAt) continue;
      const platform = connection.platform as Platform;
      const label = PLATFORM_LABELS[platform];
      if (connection.noticed && expiryDay(connection.noticed) === expiryDay(expiresAt)) continue;
      await db.transaction(async (tx) => {
        // Claimed first, so two checks running at once cannot both send it.
        if (!(await claimExpiryNotice(tx, connection.id, connection.noticed, expiresAt))) return;
        for (const person of await reconnectRecipients(tx, connection.workspaceId)) {
          await mailer.send(
            {
              to: person.email,
              userId: person.userId,
              subject: expiryNoticeSubject(platform, expiresAt, person.workspace),
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
