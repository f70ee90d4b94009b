import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import { platformError } from '../test/platforms';
import {
  createRuntime,
  doublingDelayMs,
  type HttpResponse,
  kindForStatus,
  retryAfterHeaderMs,
  send,
  sendChecked,
  TIMEOUT_CODE,
  withRetry,
} from './http';
import { type ClientRuntime, type PlatformCallEvent, type PlatformCallObserver, PlatformError } from './types';

/**
 * Timeouts, the call deadline and observation, against a real local HTTP server so the real
 * fetch path (connect, headers, body) is what times out.
 */

/** For servers that stall: the tests wait this long per request. */
const TINY_TIMEOUT_MS = 50;
/** For servers that answer: generous, so a busy test machine never turns an answer into a timeout. */
const ANSWER_TIMEOUT_MS = 5_000;

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

interface LocalServer {
  url: string;
  close(): Promise<void>;
}

async function listen(handler: Handler): Promise<LocalServer> {
  const server: Server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    close: () =>
      new Promise<void>((resolve) => {
        // Stalled requests keep their sockets open; without this close() would wait for them.
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Accepts the request and never answers. */
const stall: Handler = () => {};

/** Sends the headers and the start of a body, then stalls. */
const stallAfterHeaders: Handler = (_request, response) => {
  response.writeHead(200, { 'content-type': 'application/json' });
  response.write('{"data":');
};

/** Answers `statuses` in turn (then the last one for good), with Retry-After when given. */
function answering(statuses: number[], retryAfterSeconds?: number): Handler {
  let index = 0;
  return (_request, response) => {
    const status = statuses[Math.min(index, statuses.length - 1)];
    index += 1;
    response.writeHead(status, {
      'content-type': 'application/json',
      ...(retryAfterSeconds === undefined ? {} : { 'retry-after': String(retryAfterSeconds) }),
    });
    response.end(JSON.stringify({ status }));
  };
}

/** The test's runtime: real fetch, recorded waits, recorded observations. */
function observedRuntime(overrides: Partial<ClientRuntime> = {}) {
  const sleeps: number[] = [];
  const calls: PlatformCallEvent[] = [];
  const retries: Parameters<PlatformCallObserver['retry']>[0][] = [];
  const runtime: ClientRuntime = {
    ...createRuntime({ timeoutMs: ANSWER_TIMEOUT_MS }),
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    observe: { call: (event) => calls.push(event), retry: (event) => retries.push(event) },
    ...overrides,
  };
  return { runtime, sleeps, calls, retries };
}

/** Status-mapped errors, the way most clients judge an answer. */
function statusError(response: HttpResponse, now: Date): PlatformError | undefined {
  if (response.status < 400) return undefined;
  const kind = kindForStatus(response.status);
  return new PlatformError({
    platform: 'google',
    kind,
    message: `answered ${response.status}`,
    status: response.status,
    retryAfterMs: kind === 'rate_limited' ? retryAfterHeaderMs(response.headers.get('retry-after'), now) : undefined,
  });
}

describe('outbound platform calls', () => {
  const servers: LocalServer[] = [];
  const serve = async (handler: Handler) => {
    const server = await listen(handler);
    servers.push(server);
    return server;
  };
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => server.close()));
  });

  it('gives up on a platform that never answers with a retryable timeout error', async () => {
    const server = await serve(stall);
    const error = await platformError(
      send(createRuntime({ timeoutMs: TINY_TIMEOUT_MS }), 'tiktok', { method: 'GET', url: server.url }),
    );
    expect(error).toMatchObject({ platform: 'tiktok', kind: 'unavailable', code: TIMEOUT_CODE, retryable: true });
    expect(error.message).toBe('tiktok did not answer within 0.05 s');
  });

  it('also times out a body that stalls after the headers', async () => {
    const server = await serve(stallAfterHeaders);
    const error = await platformError(
      send(createRuntime({ timeoutMs: TINY_TIMEOUT_MS }), 'meta', { method: 'GET', url: server.url }),
    );
    expect(error).toMatchObject({ kind: 'unavailable', code: TIMEOUT_CODE });
  });

  it('reports a platform it cannot reach as unavailable, not as a timeout', async () => {
    const closed = await listen(stall);
    await closed.close();
    const { runtime, calls } = observedRuntime();
    const error = await platformError(send(runtime, 'x', { method: 'GET', url: closed.url }));
    expect(error.kind).toBe('unavailable');
    expect(error.code).toBeUndefined();
    expect(calls).toEqual([expect.objectContaining({ platform: 'x', outcome: 'error', kind: 'unavailable' })]);
  });

  it('retries timeouts under the retry policy and tells the observer about each call and retry', async () => {
    const server = await serve(stall);
    const { runtime, calls, retries, sleeps } = observedRuntime({ timeoutMs: TINY_TIMEOUT_MS, maxAttempts: 2 });
    const error = await platformError(
      withRetry(runtime, () => send(runtime, 'linkedin', { method: 'GET', url: server.url })),
    );
    expect(error.code).toBe(TIMEOUT_CODE);
    expect(sleeps).toHaveLength(1);
    expect(calls.map((call) => [call.platform, call.outcome, call.kind, call.status])).toEqual([
      ['linkedin', 'error', 'unavailable', undefined],
      ['linkedin', 'error', 'unavailable', undefined],
    ]);
    expect(retries).toEqual([{ platform: 'linkedin', kind: 'unavailable' }]);
  });

  it('reports the error the client made of an answer, with its status, and the answer that worked', async () => {
    const server = await serve(answering([503, 429, 200]));
    const { runtime, calls, retries } = observedRuntime();
    const response = await withRetry(runtime, () =>
      sendChecked(runtime, 'google', { method: 'GET', url: server.url }, statusError),
    );
    expect(response.json).toEqual({ status: 200 });
    expect(calls.map((call) => [call.outcome, call.kind, call.status])).toEqual([
      ['error', 'unavailable', 503],
      ['error', 'rate_limited', 429],
      ['ok', undefined, 200],
    ]);
    expect(calls.every((call) => call.durationMs >= 0)).toBe(true);
    expect(retries.map((retry) => retry.kind)).toEqual(['unavailable', 'rate_limited']);
  });

  it('reports the retry after an expired token too', async () => {
    const server = await serve(answering([401, 200]));
    const { runtime, retries } = observedRuntime();
    let refreshes = 0;
    await withRetry(
      runtime,
      () => sendChecked(runtime, 'google', { method: 'GET', url: server.url }, statusError),
      async () => {
        refreshes += 1;
      },
    );
    expect(refreshes).toBe(1);
    expect(retries).toEqual([{ platform: 'google', kind: 'auth_expired' }]);
  });

  it('never lets a failing observer break a call', async () => {
    const server = await serve(answering([503, 200]));
    const broken = () => {
      throw new Error('metrics are down');
    };
    const { runtime } = observedRuntime({ observe: { call: broken, retry: broken } });
    const response = await withRetry(runtime, () =>
      sendChecked(runtime, 'google', { method: 'GET', url: server.url }, statusError),
    );
    expect(response.status).toBe(200);

    const stalled = await serve(stall);
    const error = await platformError(
      send({ ...runtime, timeoutMs: TINY_TIMEOUT_MS }, 'google', { method: 'GET', url: stalled.url }),
    );
    expect(error.code).toBe(TIMEOUT_CODE);
  });

  it('stops retrying when the next try could not finish inside the deadline', async () => {
    // Retry-After: 1 s each time, 1 s timeout: the second try must fit in 0 + 1 + 1 s, the third in
    // 1 + 1 + 1 s, a fourth would need 2 + 1 + 1 s.
    const server = await serve(answering([429], 1));
    const { runtime, sleeps, calls } = observedRuntime({ timeoutMs: 1_000, maxAttempts: 10, deadlineMs: 3_500 });
    const error = await platformError(
      withRetry(runtime, () => sendChecked(runtime, 'google', { method: 'GET', url: server.url }, statusError)),
    );
    expect(error.kind).toBe('rate_limited');
    expect(calls).toHaveLength(3);
    expect(sleeps).toEqual([1000, 1000]);
  });

  it('does not start a retry against a stalled platform that the deadline has no room for', async () => {
    const server = await serve(stall);
    const { runtime, sleeps, calls } = observedRuntime({ timeoutMs: TINY_TIMEOUT_MS, deadlineMs: 2 * TINY_TIMEOUT_MS });
    const error = await platformError(
      withRetry(runtime, () => send(runtime, 'meta', { method: 'GET', url: server.url })),
    );
    expect(error.code).toBe(TIMEOUT_CODE);
    expect(calls).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it('keeps the default deadline wide enough for a wait the runtime allows', async () => {
    const server = await serve(answering([429, 200], 120));
    const { runtime, sleeps } = observedRuntime({ maxWaitMs: 10 * 60_000 });
    await withRetry(runtime, () => sendChecked(runtime, 'google', { method: 'GET', url: server.url }, statusError));
    expect(sleeps).toEqual([120_000]);
  });
});

describe('the wait before each status check of a report job', () => {
  it('starts short and doubles up to the cap, so a small job is read within a second and a long one costs a check per cap', () => {
    const schedule = { firstMs: 250, capMs: 2_000 };
    expect([1, 2, 3, 4, 5, 150].map((poll) => doublingDelayMs(poll, schedule))).toEqual([
      250, 500, 1000, 2000, 2000, 2000,
    ]);
  });
});
