import { PassThrough } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ACCESS_TOKEN_TTL_SECONDS } from '@shared/constants';
import type { AppContext } from '../../context';
import type { Principal } from '../access/principal';
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
 * nothing twice and nothing lost; a new stream starts from now. The stream ends when the access
 * token it was opened with would have expired, so a revoked session does not keep listening; the
 * client reconnects with a fresh token and its last id. A caller that does not ask for an event
 * stream (no `Accept: text/event-stream`) gets what was raised since its Last-Event-ID in the same
 * format, and the response ends: one look, for scripts and health checks.
 */
export async function openAlertStream(ctx: Pick<AppContext, 'log'>, service: AlertsService, principal: Principal, request: FastifyRequest, reply: FastifyReply) {
  await service.assertAccess(principal);
  let cursor = lastEventId(request) ?? (await service.latestSeq(principal));
  const stream = new PassThrough();
  let closed = false;
  // One look at a time, in order: a poll and a wake-up never send the same alert twice.
  let looking: Promise<void> = Promise.resolve();
  const look = () => {
    looking = looking
      .then(async () => {
        if (closed) return;
        for (const { seq, alert } of await service.raisedAfter(principal, cursor)) {
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
  const expiry = setTimeout(() => stream.end(), ACCESS_TOKEN_TTL_SECONDS * 1000);
  const close = () => {
    if (closed) return;
    closed = true;
    clearInterval(poll);
    clearInterval(heartbeat);
    clearTimeout(expiry);
    service.events.off('raised', onRaised);
    stream.end();
  };
  service.events.on('raised', onRaised);
  request.raw.on('close', close);
  stream.on('close', close);

  stream.write(`retry: ${RETRY_MS}\n: connected\n\n`);
  look();
  if (!String(request.headers.accept ?? '').includes('text/event-stream')) void looking.then(close);
  void reply
    .header('content-type', 'text/event-stream; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('x-accel-buffering', 'no');
  return reply.send(stream);
}
