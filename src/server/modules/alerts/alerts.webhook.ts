import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';

import {
  ALERT_MESSAGES,
  type AlertWebhook,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TIMESTAMP_HEADER,
} from '@shared/api/alerts';
import { ErrorCode } from '@shared/api/errors';
import { type Platform, PLATFORM_LABELS } from '@shared/constants';

import type { AppContext } from '../../context';
import type { Tx } from '../../db/connect';
import { HttpError, notFound } from '../../lib/httpError';
import { hostReach, PRIVATE_ADDRESS_CODE, publicOnlyLookup as guardedLookupFor } from '../../lib/publicAddress';
import { createSecretBox } from '../../lib/secretBox';
import type { Principal } from '../access/principal';
import {
  deleteWebhook,
  findWebhook,
  hasWebhook,
  insertWebhook,
  recordDelivery,
  updateWebhookUrl,
  type WebhookRow,
  workspaceAlertsByIds,
} from './alertWebhooks.queries';

/** Stable id of the job that posts new alerts to the workspace's webhook. */
export const ALERT_WEBHOOK_JOB = 'alerts.webhook';
/** A receiver that has not answered by then has failed (the job retries with back-off). */
export const WEBHOOK_TIMEOUT_MS = 5_000;
/** Deliveries tried before giving up: a receiver that keeps failing is never retried in a loop. */
export const WEBHOOK_RETRIES = 5;
/** Alerts listed in one message; the rest are counted. */
const LISTED = 10;

const badRequest = (detail: string) => new HttpError(400, detail, ErrorCode.ValidationFailed);

/**
 * The connection's own lookup for webhook calls: public addresses only (the rule lives in
 * lib/publicAddress, shared with every other call to an address someone else chose).
 */
export const publicOnlyLookup = (allowHosts: readonly string[]) =>
  guardedLookupFor(allowHosts, ALERT_MESSAGES.webhookPrivate);

/** A receiver's failure, in words for the workspace (never the secret or the body). */
class DeliveryError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
  }
}

/**
 * The alert webhook: one Slack-compatible incoming webhook per workspace. New alerts are posted
 * as JSON (`text` plus Slack blocks) signed with an HMAC of the body under the workspace's
 * secret, through the job queue (retried with back-off, a bounded number of times), with a 5 s
 * timeout. A webhook may only point at the public internet: its host must not resolve to a
 * private, loopback or link-local address (checked when it is saved and again before every
 * call, since DNS can change, and by the connection's own lookup, so the address checked is the one
 * called), except hosts the operator allows (ALERT_WEBHOOK_ALLOW_HOSTS); in
 * production it must be https.
 */
export function createAlertWebhook(ctx: Pick<AppContext, 'db' | 'queue' | 'clock' | 'log' | 'config'>) {
  const { db, queue, clock, log, config } = ctx;
  const box = createSecretBox(config.encryptionKey);
  const sealContext = (workspaceId: string) => `alert-webhook:${workspaceId}`;
  const guardedLookup = publicOnlyLookup(config.webhookAllowHosts);

  /** Why the address may not be called, or null when it may. */
  async function refusal(url: string): Promise<string | null> {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return ALERT_MESSAGES.webhookNotHttps;
    }
    if (parsed.protocol !== 'https:' && !(config.env !== 'production' && parsed.protocol === 'http:'))
      return ALERT_MESSAGES.webhookNotHttps;
    const host = parsed.hostname.replace(/^\[|\]$/g, '').toLowerCase();
    if (config.webhookAllowHosts.includes(host)) return null;
    const reach = await hostReach(host);
    return reach === 'public'
      ? null
      : reach === 'unresolved'
        ? ALERT_MESSAGES.webhookUnresolved
        : ALERT_MESSAGES.webhookPrivate;
  }

  const present = (row: WebhookRow, secret?: string): AlertWebhook => ({
    url: row.url,
    created_at: row.createdAt.toISOString(),
    last_delivery_at: row.lastDeliveryAt?.toISOString() ?? null,
    last_status: row.lastStatus,
    last_error: row.lastError,
    ...(secret ? { secret } : {}),
  });

  async function rowOf(workspaceId: string): Promise<WebhookRow | undefined> {
    return findWebhook(db, workspaceId);
  }

  /** Posts a message to the webhook, signed; throws DeliveryError when the receiver does not take it. */
  async function post(row: WebhookRow, message: object): Promise<number> {
    const why = await refusal(row.url);
    if (why) throw new DeliveryError(why, null);
    const body = JSON.stringify(message);
    const timestamp = String(Math.floor(clock.now().getTime() / 1000));
    const secret = box.open(row.secretSealed, sealContext(row.workspaceId));
    const signature = `v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
    const headers = {
      'content-type': 'application/json',
      'user-agent': 'Adwise-Alerts/1',
      [WEBHOOK_TIMESTAMP_HEADER]: timestamp,
      [WEBHOOK_SIGNATURE_HEADER]: signature,
    };
    const status = await send(row.url, headers, body);
    if (status < 200 || status >= 300) throw new DeliveryError(`answered HTTP ${status}`, status);
    return status;
  }

  /**
   * One POST through node:http(s), connecting only to addresses publicOnlyLookup passed. A
   * redirect is not followed (it could lead anywhere, inside the network too: a receiver must
   * answer itself); the whole call has WEBHOOK_TIMEOUT_MS.
   */
  function send(url: string, headers: Record<string, string>, body: string): Promise<number> {
    const target = new URL(url);
    const signal = AbortSignal.timeout(WEBHOOK_TIMEOUT_MS);
    return new Promise((resolve, reject) => {
      const request = (target.protocol === 'https:' ? https : http).request(
        target,
        {
          method: 'POST',
          headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
          lookup: guardedLookup,
          signal,
        },
        (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        },
      );
      request.on('error', (error: NodeJS.ErrnoException) => {
        if (signal.aborted) reject(new DeliveryError(`no answer within ${WEBHOOK_TIMEOUT_MS / 1000} s`, null));
        else
          reject(
            new DeliveryError(
              error.code === PRIVATE_ADDRESS_CODE ? ALERT_MESSAGES.webhookPrivate : 'could not connect',
              null,
            ),
          );
      });
      request.end(body);
    });
  }

  async function record(workspaceId: string, status: number | null, error: string | null) {
    await recordDelivery(db, workspaceId, { at: clock.now(), status, error });
  }

  /** The Slack-compatible message for some alerts of a workspace. */
  async function messageFor(workspaceId: string, alertIds: string[]): Promise<object | null> {
    const rows = await workspaceAlertsByIds(db, workspaceId, alertIds);
    if (!rows.length) return null;
    const workspace = rows[0].workspace;
    const lines = rows
      .slice(0, LISTED)
      .map(
        ({ alert, account }) =>
          `${alert.severity === 'critical' ? '*Critical*' : 'Warning'} · ${alert.headline}${account ? ` (${account}, ${PLATFORM_LABELS[alert.platform as Platform] ?? alert.platform})` : ''}`,
      );
    const more = rows.length > LISTED ? [`…and ${rows.length - LISTED} more`] : [];
    return {
      text: `${rows.length === 1 ? 'A new alert' : `${rows.length} new alerts`} in ${workspace}: ${rows[0].alert.headline}`,
      blocks: [
        ...[...lines, ...more].map((text) => ({ type: 'section', text: { type: 'mrkdwn', text } })),
        {
          type: 'context',
          elements: [{ type: 'mrkdwn', text: `<${config.publicUrl}/alerts|See every alert in Adwise>` }],
        },
      ],
    };
  }

  /** Delivers new alerts; a failure is recorded and thrown, so the queue retries it with back-off. */
  async function deliver(workspaceId: string, alertIds: string[]): Promise<void> {
    const row = await rowOf(workspaceId);
    if (!row) return;
    const message = await messageFor(workspaceId, alertIds);
    if (!message) return;
    try {
      await record(workspaceId, await post(row, message), null);
    } catch (error) {
      const failure = error instanceof DeliveryError ? error : new DeliveryError('could not connect', null);
      await record(workspaceId, failure.status, failure.message);
      log.warn({ workspaceId, status: failure.status, reason: failure.message }, 'alert webhook delivery failed');
      throw failure;
    }
  }

  return {
    async get(principal: Principal): Promise<AlertWebhook> {
      const row = await rowOf(principal.workspaceId);
      if (!row) throw notFound(ALERT_MESSAGES.noWebhook);
      return present(row);
    },

    /** Sets the address; a new webhook gets its signing secret, shown in this answer only. */
    async save(principal: Principal, url: string): Promise<AlertWebhook> {
      const why = await refusal(url);
      if (why) throw badRequest(why);
      const now = clock.now();
      const existing = await rowOf(principal.workspaceId);
      if (existing) {
        return present(await updateWebhookUrl(db, principal.workspaceId, url, now));
      }
      const secret = randomBytes(32).toString('base64url');
      const row = await insertWebhook(db, {
        workspaceId: principal.workspaceId,
        url,
        secretSealed: box.seal(secret, sealContext(principal.workspaceId)),
        createdAt: now,
        updatedAt: now,
      });
      log.info({ workspaceId: principal.workspaceId }, 'alert webhook created');
      return present(row, secret);
    },

    async remove(principal: Principal): Promise<void> {
      if (!(await deleteWebhook(db, principal.workspaceId))) throw notFound(ALERT_MESSAGES.noWebhook);
    },

    /** Posts a test message now and says how the receiver answered (a 502 with its reason when it did not take it). */
    async test(principal: Principal): Promise<AlertWebhook> {
      const row = await rowOf(principal.workspaceId);
      if (!row) throw notFound(ALERT_MESSAGES.noWebhook);
      try {
        const status = await post(row, {
          text: 'Adwise test message: alerts of this workspace will arrive here.',
          blocks: [
            {
              type: 'section',
              text: { type: 'mrkdwn', text: 'Adwise test message: alerts of this workspace will arrive here.' },
            },
          ],
        });
        await record(row.workspaceId, status, null);
      } catch (error) {
        const failure = error instanceof DeliveryError ? error : new DeliveryError('could not connect', null);
        await record(row.workspaceId, failure.status, failure.message);
        throw new HttpError(502, `${ALERT_MESSAGES.webhookFailed}: ${failure.message}.`, ErrorCode.DeliveryFailed);
      }
      return present((await rowOf(principal.workspaceId))!);
    },

    /** Queues the delivery of new alerts in the transaction that stores them (only when the workspace has a webhook). */
    async queueDelivery(tx: Tx, workspaceId: string, alertIds: string[]): Promise<void> {
      if (!alertIds.length) return;
      if (await hasWebhook(tx, workspaceId)) await queue.send(ALERT_WEBHOOK_JOB, { workspaceId, alertIds }, { tx });
    },

    deliver,
  };
}
export type AlertWebhookService = ReturnType<typeof createAlertWebhook>;
