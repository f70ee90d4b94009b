import { createHmac, timingSafeEqual } from 'node:crypto';

import { roleCan, ROLES } from '@shared/access/policy';
import type { AlertSettings } from '@shared/api/alerts';
import { type Platform, PLATFORM_LABELS } from '@shared/constants';
import type { AlertSettingsInput } from '@shared/validation/alerts';

import type { AppContext } from '../../context';
import type { Tx } from '../../db/connect';
import type { alerts } from '../../db/schema';
import {
  criticalRecipients,
  digestRecipients,
  findAlertPreferences,
  unreadWarningsFor,
  upsertAlertPreferences,
  userExists,
} from './alertMail.queries';

/** Stable id of the daily job that mails each user the alerts they have not read. */
export const ALERT_DIGEST_JOB = 'alerts.digest';
/** Every day at 07:00 UTC. */
export const ALERT_DIGEST_CRON = '0 7 * * *';
/** A first digest looks back this far. */
const DIGEST_FIRST_HOURS = 24;
/** Alerts listed in one mail; the rest are counted. */
const LISTED = 20;

/** The roles that read alerts: only they are mailed. */
const READERS = ROLES.filter((role) => roleCan(role, 'alerts:read'));

export const ALERTS_UNSUBSCRIBE_PATH = '/api/alerts/unsubscribe/';

type AlertRow = typeof alerts.$inferSelect;

/**
 * Alert e-mail: critical alerts are mailed at once to every member who reads alerts (written to
 * the outbox in the transaction that stores them, so a mail goes out exactly when the alert
 * exists), the rest in a daily digest of what each user has not read. Each user turns either off;
 * every mail carries a one-click unsubscribe link (an HMAC of the user's id under APP_SECRET, so
 * it needs no stored token and works after any number of mails).
 */
export function createAlertMail(ctx: Pick<AppContext, 'db' | 'mailer' | 'clock' | 'log' | 'config'>) {
  const { db, mailer, clock, log, config } = ctx;

  const unsubscribeToken = (userId: string) =>
    createHmac('sha256', config.appSecret).update(`alerts-unsubscribe:${userId}`).digest('base64url');
  const unsubscribeLink = (userId: string) =>
    `${config.publicUrl}${ALERTS_UNSUBSCRIBE_PATH}?user=${userId}&token=${unsubscribeToken(userId)}`;
  const footer = (userId: string) =>
    `\nSee every alert: ${config.publicUrl}/alerts\nChange which alert e-mails you get under Alerts in Adwise, or stop them all: ${unsubscribeLink(userId)}\n`;
  /** One alert in a mail; one about no single account (a workspace's budget) names none. */
  const line = (row: AlertRow, account: string | null, platform: string | null) =>
    `- [${row.severity}] ${row.headline}${account ? ` (${account}, ${PLATFORM_LABELS[platform as Platform] ?? platform})` : ''}`;

  async function settingsOf(userId: string): Promise<AlertSettings> {
    const row = await findAlertPreferences(db, userId);
    return { email_critical: row?.emailCritical ?? true, email_digest: row?.emailDigest ?? true };
  }

  /** Mails each user who wants one the warnings raised since their last digest that they have not read. */
  async function sendDigests(): Promise<number> {
    const now = clock.now();
    const people = await digestRecipients(db, READERS);
    let sent = 0;
    for (const person of people.filter((p) => p.wants !== false)) {
      const since = person.since ?? new Date(now.getTime() - DIGEST_FIRST_HOURS * 3_600_000);
      const rows = await unreadWarningsFor(db, person.userId, READERS, since, now);
      await db.transaction(async (tx) => {
        await upsertAlertPreferences(tx, person.userId, { digestSentAt: now, updatedAt: now }, { digestSentAt: now });
        if (!rows.length) return;
        const listed = rows
          .slice(0, LISTED)
          .map((r) => `${line(r.alert, r.account, r.alert.platform)} in ${r.workspace}`)
          .join('\n');
        const more = rows.length > LISTED ? `\n…and ${rows.length - LISTED} more.` : '';
        await mailer.send(
          {
            to: person.email,
            userId: person.userId,
            subject: `Your Adwise alerts: ${rows.length} you have not read`,
            text: `Hi ${person.fullName},\n\nSince your last digest Adwise raised ${rows.length} alert${rows.length === 1 ? '' : 's'} you have not read:\n\n${listed}${more}\n${footer(person.userId)}`,
          },
          tx,
        );
        sent += 1;
      });
    }
    return sent;
  }

  return {
    settingsOf,

    async updateSettings(userId: string, input: AlertSettingsInput): Promise<AlertSettings> {
      const now = clock.now();
      const current = await settingsOf(userId);
      const next = {
        emailCritical: input.email_critical ?? current.email_critical,
        emailDigest: input.email_digest ?? current.email_digest,
      };
      await upsertAlertPreferences(db, userId, { ...next, updatedAt: now }, { ...next, updatedAt: now });
      return { email_critical: next.emailCritical, email_digest: next.emailDigest };
    },

    /** One-click unsubscribe from the mail's link: both kinds off. False when the link is not one we made. */
    async unsubscribe(userId: string, token: string): Promise<boolean> {
      const expected = Buffer.from(unsubscribeToken(userId));
      const given = Buffer.from(token);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return false;
      if (!(await userExists(db, userId))) return false;
      const now = clock.now();
      const off = { emailCritical: false, emailDigest: false, updatedAt: now };
      await upsertAlertPreferences(db, userId, off, off);
      log.info({ userId }, 'alert e-mails unsubscribed');
      return true;
    },

    /** Mails the critical alerts just stored in `tx` to the workspace's readers who want them. */
    async mailCritical(
      tx: Tx,
      workspaceId: string,
      account: { name: string; platform: string } | null,
      raised: AlertRow[],
    ): Promise<void> {
      const critical = raised.filter((row) => row.severity === 'critical');
      if (!critical.length) return;
      const people = await criticalRecipients(tx, workspaceId, READERS);
      for (const person of people.filter((p) => p.wants !== false)) {
        const subject =
          critical.length === 1
            ? `Critical alert in ${person.workspace}: ${critical[0].headline}`
            : `${critical.length} critical alerts in ${person.workspace}`;
        await mailer.send(
          {
            to: person.email,
            userId: person.userId,
            subject: subject.length > 180 ? `${subject.slice(0, 177)}…` : subject,
            text: `Hi ${person.fullName},\n\nAdwise found ${critical.length === 1 ? 'a critical alert' : `${critical.length} critical alerts`} in ${person.workspace}:\n\n${critical.map((row) => line(row, account?.name ?? null, account?.platform ?? null)).join('\n')}\n${footer(person.userId)}`,
          },
          tx,
        );
      }
    },

    sendDigests,
  };
}

export type AlertMail = ReturnType<typeof createAlertMail>;
