import { EventEmitter } from 'node:events';

import {
  type Alert,
  ALERT_MESSAGES,
  type AlertList,
  type AlertReadResult,
  type AlertSettings,
} from '@shared/api/alerts';
import type { AlertQueryInput, AlertReadInput, AlertSettingsInput } from '@shared/validation/alerts';

import { accountAlerts, ALERT_PARAMS, type AlertFinding, type AlertWatch } from '../../analysis/accountAlerts';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/connect';
import type { connectedAdAccounts } from '../../db/schema';
import { notFound } from '../../lib/httpError';
import { assertDashboardAccess } from '../access/entitlements';
import { can, type Principal } from '../access/principal';
import { loadAccountSeries } from '../metrics/accountSeries.queries';
import { createAlertMail } from './alerts.mail';
import { presentAlert } from './alerts.presenter';
import {
  alertPage,
  alertsRaisedAfter,
  connectionAccounts,
  countAlerts,
  countUnread,
  insertNewAlerts,
  isWorkspaceAccount,
  latestAlertSeq,
  markAlertsRead,
  prepareMemberRole,
  workspaceAlertIds,
} from './alerts.queries';
import { createAlertSensitivity } from './alerts.sensitivity';
import { createAlertWebhook } from './alerts.webhook';

/** Stable id of the job that checks a connection's accounts for alerts (queued by every successful sync). */
export const ALERTS_JOB = 'alerts.evaluate';
const PAGE_SIZE = 50;

type AccountRow = typeof connectedAdAccounts.$inferSelect;

/**
 * Alerts: after every successful sync the job judges each account's finished days (anomalies,
 * spend without conversions, delivery stopped) and stores what it finds once per entity, metric
 * and day; members read them in a feed, with a per-user read state and an unread count.
 */
export function createAlertsService(ctx: Pick<AppContext, 'db' | 'queue' | 'clock' | 'log' | 'mailer' | 'config'>) {
  const { db, queue, clock, log } = ctx;
  const mail = createAlertMail(ctx);
  const webhook = createAlertWebhook(ctx);
  const sensitivity = createAlertSensitivity(ctx);
  /** 'raised' (workspaceId) when this process stores new alerts: open streams look at once instead of at their next poll. */
  const events = new EventEmitter();
  events.setMaxListeners(0);
  // Read by every open stream at every look: built once, a prepared statement on PostgreSQL (the primary key's index).
  const roleOf = prepareMemberRole(db);

  /** Judges one account (at its workspace's sensitivity, read unless given) and stores new alerts; returns how many were new. */
  async function evaluateAccount(account: AccountRow, watch?: AlertWatch): Promise<number> {
    const [{ series, lag }, judgedAt] = await Promise.all([
      loadAccountSeries(db, account, clock.now()),
      watch ?? sensitivity.watchOf(account.workspaceId),
    ]);
    return raise(account, accountAlerts(series, lag, ALERT_PARAMS, judgedAt));
  }

  /** Stores findings about one account as alerts (once per key) and delivers the new ones; returns how many were new. */
  async function raise(account: AccountRow, found: AlertFinding[]): Promise<number> {
    return store(account.workspaceId, account, found);
  }

  /** The same for findings about no single account (a budget of the whole workspace or of a platform). */
  async function raiseUnattached(workspaceId: string, found: AlertFinding[]): Promise<number> {
    return store(workspaceId, null, found);
  }

  async function store(workspaceId: string, account: AccountRow | null, found: AlertFinding[]): Promise<number> {
    const now = clock.now();
    if (!found.length) return 0;
    // The alerts, their critical mails and their webhook delivery commit together.
    const inserted = await db.transaction(async (tx) => {
      // An alert already raised stays as first raised (its read state with it): once per key
      // per account, or per workspace for alerts about no single account.
      const rows = await insertNewAlerts(
        tx,
        found.map((f: AlertFinding) => ({
          workspaceId,
          accountRef: account?.id ?? null,
          platform: account?.platform ?? null,
          key: f.key,
          kind: f.kind,
          severity: f.severity,
          metric: f.metric,
          direction: f.direction,
          level: f.level,
          entityId: f.entityId,
          entityName: f.entityName,
          day: f.day,
          headline: f.headline,
          observed: f.observed,
          expected: f.expected,
          low: f.low,
          high: f.high,
          createdAt: now,
        })),
      );
      await mail.mailCritical(tx, workspaceId, account, rows);
      await webhook.queueDelivery(
        tx,
        workspaceId,
        rows.map((row) => row.id),
      );
      return rows;
    });
    if (inserted.length) events.emit('raised', workspaceId);
    return inserted.length;
  }

  async function evaluateConnection(connectionId: string): Promise<number> {
    const list = await connectionAccounts(db, connectionId);
    if (!list.length) return 0;
    // A connection's accounts share one workspace: its sensitivity and series count are read once.
    const watch = await sensitivity.watchOf(list[0].workspaceId);
    let raised = 0;
    for (const account of list) raised += await evaluateAccount(account, watch);
    return raised;
  }

  async function unreadCount(principal: Principal): Promise<number> {
    return countUnread(db, principal.workspaceId, principal.userId);
  }

  return {
    evaluateAccount,
    evaluateConnection,
    raise,
    raiseUnattached,
    events,
    mail,
    webhook,
    sensitivity,

    async settings(principal: Principal): Promise<AlertSettings> {
      return mail.settingsOf(principal.userId);
    },

    async updateSettings(principal: Principal, input: AlertSettingsInput): Promise<AlertSettings> {
      return mail.updateSettings(principal.userId, input);
    },

    /** Checks the caller may read alerts now (before a stream opens). */
    async assertAccess(principal: Principal): Promise<void> {
      await assertDashboardAccess(db, principal.workspaceId, clock.now());
    },

    /** Whether the caller is still a member of the workspace in a role that reads alerts (an open stream asks at every look). */
    async stillReads(principal: Principal): Promise<boolean> {
      const [row] = await roleOf.execute({ workspaceId: principal.workspaceId, userId: principal.userId });
      return row !== undefined && can(row, 'alerts:read');
    },

    /** The last alert raised in the workspace so far: a new stream starts after it. */
    async latestSeq(principal: Principal): Promise<number> {
      return latestAlertSeq(db, principal.workspaceId);
    },

    /** Alerts raised in the workspace after `seq`, in order (at most 100 at a time). */
    async raisedAfter(principal: Principal, seq: number): Promise<{ seq: number; alert: Alert }[]> {
      const rows = await alertsRaisedAfter(db, principal.workspaceId, principal.userId, seq, 100);
      return rows.map((row) => ({
        seq: row.alert.seq,
        alert: presentAlert(row.alert, row.account, row.readAt !== null),
      }));
    },

    /** Queues the alert checks of a connection inside the sync's final transaction. */
    async afterSync(tx: Tx, synced: { connectionId: string }): Promise<void> {
      await queue.send(ALERTS_JOB, { connectionId: synced.connectionId }, { tx });
    },

    /** GET alerts/: newest first, filtered, with the user's read state and unread count. */
    async list(principal: Principal, query: AlertQueryInput): Promise<AlertList> {
      await assertDashboardAccess(db, principal.workspaceId, clock.now());
      if (query.account) {
        if (!(await isWorkspaceAccount(db, principal.workspaceId, query.account))) throw notFound('Account not found.');
      }
      const { workspaceId, userId } = principal;
      const [rows, total, unread] = await Promise.all([
        alertPage(db, workspaceId, userId, query, { limit: query.limit ?? PAGE_SIZE, offset: query.offset ?? 0 }),
        countAlerts(db, workspaceId, userId, query),
        unreadCount(principal),
      ]);
      return {
        alerts: rows.map((row): Alert => presentAlert(row.alert, row.account, row.readAt !== null)),
        total,
        unread,
      };
    },

    /** GET alerts/unread/: the bell's count. */
    async unread(principal: Principal): Promise<{ count: number }> {
      await assertDashboardAccess(db, principal.workspaceId, clock.now());
      return { count: await unreadCount(principal) };
    },

    /** POST alerts/read/: marks the named alerts (or all) read for the caller; other workspaces' ids are ignored. */
    async markRead(principal: Principal, input: AlertReadInput): Promise<AlertReadResult> {
      await assertDashboardAccess(db, principal.workspaceId, clock.now());
      const now = clock.now();
      const targets = await workspaceAlertIds(db, principal.workspaceId, input.all ? undefined : (input.ids ?? []));
      if (!input.all && targets.length < new Set(input.ids).size) throw notFound(ALERT_MESSAGES.notFound);
      const marked = targets.length
        ? await markAlertsRead(
            db,
            targets.map((t) => t.id),
            principal.userId,
            now,
          )
        : [];
      log.info({ marked: marked.length }, 'alerts marked read');
      return { marked: marked.length, unread: await unreadCount(principal) };
    },
  };
}
export type AlertsService = ReturnType<typeof createAlertsService>;
