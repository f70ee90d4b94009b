import { PassThrough } from 'node:stream';

import { ACCESS_TOKEN_TTL_SECONDS } from '@shared/constants';
import type { FastifyReply, FastifyRequest } from 'fastify';

import type { AppContext } from '../../context';
import { accessChanges } from '../access/accessChanges';
import type { Principal } from '../access/principal';
import { tokenVersions } from '../auth/tokenVersions';
import type { AlertsService } from './alerts.service';

/** How often an open stream looks for alerts raised by another process (a separate worker). */
export const STREAM_POLL_MS = 2_000;
/** A comment line this often keeps proxies from closing an idle stream. */
const HEARTBEAT_MS = 25_000;
/** The browser reconnects this long after a stream ends. */
const RETRY_MS = 3_000;

/** A Last-Event-ID the stream sent: a whole number; anything else starts from now. */
function lastEventId(request: FastifyRequest): number | null {
  const header = request.headers['last-event-id'];
  const text = Array.isArray(header) ? header[0] : header;
  return text && /^\d{1,15}$/.test(text) ? Number(text) : null;
}

/**
 * GET alerts/stream/: server-sent events, one `alert` event per alert raised in the workspace,
 * its id the alert's sequence number. A reconnect with Last-Event-ID gets what was raised since,
 * nothing twice and nothing lost; a new stream starts from now. Access is checked again at every
 * look, not only at the opening: the stream ends, sending nothing more, once the caller is no
 * longer a member in a role that reads alerts, their token version moved on (logout, password
 * reset) or the access token it was opened with expires. A change made in this process ends it at
 * once; another process's, at the next look. The client reconnects with a fresh token and its last
 * id, and meets the usual checks. A caller that does not ask for an event stream (no
 * `Accept: text/event-stream`) gets what was raised since its Last-Event-ID in the same format,
 * and the response ends: one look, for scripts and health checks.
 */
export async function openAlertStream(
  ctx: Pick<AppContext, 'log' | 'db' | 'clock' | 'tokens'>,
  service: AlertsService,
  principal: Principal,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const { db, clock, tokens } = ctx;
  const access = request.accessToken;
  if (!access) throw new Error('the alert stream needs the auth guard in front of it');
  await service.assertAccess(principal);
  const openedAt = clock.now().getTime();
  // A token without an expiry (none is issued) gets the lifetime one would have had.
  const endsAt =
    (await tokens.expiresAt(access.token, clock.now()))?.getTime() ?? openedAt + ACCESS_TOKEN_TTL_SECONDS * 1000;
  const versions = tokenVersions(db);
  /** The guard's checks again, and the role's: whether the caller may still read the workspace's alerts. */
  const stillAllowed = async () =>
    clock.now().getTime() < endsAt &&
    (await versions.current(access.claims.userId)) === access.claims.version &&
    (await service.stillReads(principal));

  let cursor = lastEventId(request) ?? (await service.latestSeq(principal));
  const stream = new PassThrough();
  let closed = false;
  // One look at a time, in order: a poll and a wake-up never send the same alert twice.
  let looking: Promise<void> = Promise.resolve();
  const look = () => {
    looking = looking
      .then(async () => {
        if (closed) return;
        const raised = await service.raisedAfter(principal, cursor);
        // Checked after the read: whatever is sent, the caller could still read at a moment after it was read.
        if (!(await stillAllowed())) return close();
        // An announcement may have ended the stream while the checks ran; from here to the last write nothing waits.
        if (closed) return;
        for (const { seq, alert } of raised) {
          stream.write(`id: ${seq}\nevent: alert\ndata: ${JSON.stringify(alert)}\n\n`);
          cursor = seq;
        }
      })
      .catch((error: unknown) => ctx.log.warn({ err: error }, 'alert stream look failed'));
  };
  const onRaised = (workspaceId: string) => {
    if (workspaceId === principal.workspaceId) look();
  };
  const poll = setInterval(look, STREAM_POLL_MS);
  const heartbeat = setInterval(() => stream.write(': ping\n\n'), HEARTBEAT_MS);
  const expiry = setTimeout(() => close(), Math.max(0, endsAt - openedAt));
  // Removal, a role change, logout or the workspace's deletion in this process: ended before the change's own reply goes out.
  const unwatch = accessChanges(db).watch(principal, () => close());
  const close = () => {
    if (closed) return;
    closed = true;
    clearInterval(poll);
    clearInterval(heartbeat);
    clearTimeout(expiry);
    unwatch();
    service.events.off('raised', onRaised);
    stream.end();
  };
  service.events.on('raised', onRaised);
  request.raw.on('close', close);
  stream.on('close', close);

  // The position the stream starts from, as an event id: a client that reconnects (its token
  // expired, the network dropped) resumes from it and misses nothing raised in between, even
  // when no alert came on this stream.
  stream.write(`retry: ${RETRY_MS}\n: connected\n\nid: ${cursor}\nevent: cursor\ndata:\n\n`);
  look();
  if (!String(request.headers.accept ?? '').includes('text/event-stream')) void looking.then(close);
  void reply
    .header('content-type', 'text/event-stream; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('x-accel-buffering', 'no');
  return reply.send(stream);
}
