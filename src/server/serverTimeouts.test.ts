import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

import type { FastifyPluginAsync } from 'fastify';

import type { ServerTimeouts } from './config';
import { buildTestApp, type TestApp } from './test/buildTestApp';
import { signUp } from './test/factories';

/**
 * The HTTP server's timeouts, on a listening server (inject never meets them). They are short
 * here so that the tests take seconds; a client that sends its request too slowly is cut off,
 * while a response, however long it takes or streams, is not.
 */
const TIMEOUTS: ServerTimeouts = { headersMs: 500, requestMs: 1_000, keepAliveMs: 500, idleMs: 10_000 };
/** Room for a loaded machine: node looks for late requests every 50 ms here. */
const SLACK_MS = 1_500;
/** Longer than every timeout above but the idle one. */
const PAST_THE_TIMEOUTS_MS = 2_500;

/** A response that takes its time, and one that streams slowly: nothing to do with how long the request took to arrive. */
const slowRoutes: FastifyPluginAsync = async (app) => {
  app.get('/slow/', async () => {
    await sleep(PAST_THE_TIMEOUTS_MS);
    return { done: true };
  });
  app.get('/trickle/', async (_request, reply) => {
    reply.hijack();
    reply.raw.writeHead(200, { 'content-type': 'text/plain' });
    for (let i = 0; i < 10; i++) {
      reply.raw.write(`${i}\n`);
      await sleep(PAST_THE_TIMEOUTS_MS / 10);
    }
    reply.raw.end('end\n');
  });
  app.post('/echo/', async (request) => request.body);
};

/** A socket of our own: what came back, and after how long the server closed it (null: still open at the limit). */
function rawClient(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  const started = Date.now();
  let reply = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => (reply += chunk));
  socket.on('error', () => undefined);
  const closed = new Promise<number>((resolve) => socket.on('close', () => resolve(Date.now() - started)));
  return {
    socket,
    connected: new Promise<void>((resolve) => socket.once('connect', () => resolve())),
    write: (text: string) => socket.writable && socket.write(text),
    statusLine: () => reply.split('\r\n')[0],
    reply: () => reply,
    closedWithin: (ms: number) => Promise.race([closed, sleep(ms).then(() => null)]),
  };
}

describe('the HTTP server’s timeouts', () => {
  let t: TestApp;
  let port: number;
  const clients: ReturnType<typeof rawClient>[] = [];
  const connect = async () => {
    const client = rawClient(port);
    clients.push(client);
    await client.connected;
    return client;
  };

  beforeAll(async () => {
    t = await buildTestApp({
      workers: false,
      config: { serverTimeouts: TIMEOUTS },
      mounts: [{ prefix: '/test', plugin: slowRoutes }],
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterEach(() => {
    for (const client of clients.splice(0)) client.socket.destroy();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('sets node’s timeouts from the config', () => {
    const { headersTimeout, requestTimeout, keepAliveTimeout, timeout } = t.app.server;
    expect({ headersTimeout, requestTimeout, keepAliveTimeout, timeout }).toEqual({
      headersTimeout: 500,
      requestTimeout: 1_000,
      keepAliveTimeout: 500,
      timeout: 10_000,
    });
  });

  it('cuts off a client that drips its headers a line at a time, with a 408', async () => {
    const client = await connect();
    client.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\n');
    let line = 0;
    const drip = setInterval(() => client.write(`X-Drip-${line++}: still coming\r\n`), 100);
    try {
      const closedAfter = await client.closedWithin(TIMEOUTS.headersMs + SLACK_MS);
      expect({ status: client.statusLine(), closed: closedAfter !== null }).toEqual({
        status: 'HTTP/1.1 408 Request Timeout',
        closed: true,
      });
      expect(client.reply()).toContain('The request took too long to arrive.');
    } finally {
      clearInterval(drip);
    }
  });

  it('cuts off a client that connects and sends nothing', async () => {
    const client = await connect();
    const closedAfter = await client.closedWithin(TIMEOUTS.headersMs + SLACK_MS);
    expect({ status: client.statusLine(), closed: closedAfter !== null }).toEqual({
      status: 'HTTP/1.1 408 Request Timeout',
      closed: true,
    });
  });

  it('cuts off a client that sends half its body and then drips the rest', async () => {
    const client = await connect();
    const body = JSON.stringify({ text: 'x'.repeat(200) });
    client.write(
      `POST /test/echo/ HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 100)}`,
    );
    let sent = 100;
    const drip = setInterval(() => sent < body.length - 1 && client.write(body[sent++]), 100);
    try {
      const closedAfter = await client.closedWithin(TIMEOUTS.requestMs + SLACK_MS);
      expect({ status: client.statusLine(), closed: closedAfter !== null }).toEqual({
        status: 'HTTP/1.1 408 Request Timeout',
        closed: true,
      });
    } finally {
      clearInterval(drip);
    }
  });

  it('closes a kept-alive connection left idle after its response', async () => {
    const client = await connect();
    client.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n');
    // Node keeps the socket its keepAliveTimeoutBuffer longer than it tells the client (Keep-Alive: timeout=…).
    const closedAfter = await client.closedWithin(
      TIMEOUTS.keepAliveMs + t.app.server.keepAliveTimeoutBuffer + SLACK_MS,
    );
    expect({ status: client.statusLine(), closed: closedAfter !== null }).toEqual({
      status: 'HTTP/1.1 200 OK',
      closed: true,
    });
  });

  it('answers a request sent at once, one whose body arrives in pieces in time, a slow response and a slowly streamed one in full', async () => {
    const base = `http://127.0.0.1:${port}`;
    const health = await fetch(`${base}/api/health`);
    expect({ status: health.status, body: await health.json() }).toEqual({ status: 200, body: { status: 'ok' } });

    const client = await connect();
    const body = JSON.stringify({ text: 'in pieces' });
    client.write(
      `POST /test/echo/ HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
    );
    await sleep(TIMEOUTS.headersMs / 2);
    client.write(body.slice(0, 5));
    await sleep(TIMEOUTS.headersMs / 2);
    client.write(body.slice(5));
    await client.closedWithin(SLACK_MS);
    expect({ status: client.statusLine(), body: client.reply().split('\r\n\r\n')[1] }).toEqual({
      status: 'HTTP/1.1 200 OK',
      body,
    });

    const started = Date.now();
    const [slow, trickle] = await Promise.all([fetch(`${base}/test/slow/`), fetch(`${base}/test/trickle/`)]);
    expect({ status: slow.status, body: await slow.json() }).toEqual({ status: 200, body: { done: true } });
    expect({ status: trickle.status, body: await trickle.text() }).toEqual({
      status: 200,
      body: `${[...Array(10).keys()].join('\n')}\nend\n`,
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(PAST_THE_TIMEOUTS_MS);
  });

  it('keeps the alert stream open past every timeout but the idle one', async () => {
    const user = await signUp(t.app);
    // Alerts are Pro; a trial counts.
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/start-trial/', headers: user.auth, payload: {} })).statusCode,
    ).toBe(200);
    const stream = await new Promise<http.IncomingMessage>((resolve, reject) =>
      http
        .get(
          `http://127.0.0.1:${port}/api/alerts/stream/`,
          { agent: false, headers: { ...user.auth, accept: 'text/event-stream' } },
          resolve,
        )
        .on('error', reject),
    );
    let received = '';
    let closed = false;
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => (received += chunk));
    stream.on('close', () => (closed = true));
    try {
      expect({ status: stream.statusCode, type: stream.headers['content-type'] }).toEqual({
        status: 200,
        type: 'text/event-stream; charset=utf-8',
      });
      await sleep(PAST_THE_TIMEOUTS_MS);
      expect({ closed, received }).toEqual({ closed: false, received: expect.stringContaining(': connected') });
    } finally {
      stream.destroy();
    }
  });
});
