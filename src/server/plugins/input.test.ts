import type { AddressInfo } from 'node:net';
import net from 'node:net';

import Fastify from 'fastify';

import type { AppConfig } from '../config';
import { buildTestApp, type TestApp } from '../test/buildTestApp';
import { inspectJson, JSON_BODY_MESSAGES, JSON_MAX_DEPTH } from './jsonBody';
import { QUERY_MESSAGES } from './queryGuard';
import { trustProxyOption } from './security';

const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

describe('inspectJson', () => {
  it('allows the nesting our forms send and refuses deeper or prototype-polluting bodies', () => {
    expect(inspectJson(JSON.parse(nested(JSON_MAX_DEPTH)))).toBeUndefined();
    expect(inspectJson(JSON.parse(nested(JSON_MAX_DEPTH + 1)))).toBe(JSON_BODY_MESSAGES.tooDeep);
    expect(inspectJson(JSON.parse(nested(100_000)))).toBe(JSON_BODY_MESSAGES.tooDeep);
    expect(inspectJson(JSON.parse('{"a":{"__proto__":{"x":1}}}'))).toBe(JSON_BODY_MESSAGES.forbiddenKey('__proto__'));
    expect(inspectJson(JSON.parse('{"constructor":{"prototype":{}}}'))).toBe(
      JSON_BODY_MESSAGES.forbiddenKey('constructor'),
    );
    expect(inspectJson({ list: [{ prototype: 1 }] })).toBe(JSON_BODY_MESSAGES.forbiddenKey('prototype'));
    expect(inspectJson({ name: 'constructor', list: ['__proto__'] })).toBeUndefined();
  });
});

describe('bad input gets a 4xx with a detail (audit §6)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const postJson = (url: string, payload: string) =>
    t.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload });

  it.each([
    ['a string field given an array', '{"username":["a@b.co"],"password":"x"}', '"username" must be text.'],
    ['a string field given an object', '{"username":{"$gt":""},"password":"x"}', '"username" must be text.'],
    [
      'a constructor key',
      '{"username":"a@b.co","password":"x","constructor":{"prototype":{"admin":true}}}',
      JSON_BODY_MESSAGES.forbiddenKey('constructor'),
    ],
    [
      'a __proto__ key',
      '{"__proto__":{"admin":true},"username":"a@b.co","password":"x"}',
      JSON_BODY_MESSAGES.forbiddenKey('__proto__'),
    ],
    ['5,000-deep nesting', nested(5000), JSON_BODY_MESSAGES.tooDeep],
    ['a NUL character', '{"username":"a\\u0000@b.co","password":"x"}', '"username" must not contain NUL characters.'],
    ['a JSON array instead of an object', '[1,2,3]', 'The request must be a JSON object.'],
    ['a JSON string', '"hello"', 'The request must be a JSON object.'],
    ['malformed JSON', '{"username":', JSON_BODY_MESSAGES.malformed],
  ])('%s → 400', async (_name, payload, detail) => {
    const res = await postJson('/api/login/', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ detail, code: 'validation_failed' });
  });

  it('refuses bodies over the size limit with 413 and a detail', async () => {
    const res = await postJson(
      '/api/get-in-touch/',
      JSON.stringify({ fullName: 'A', email: 'a@b.co', message: 'x'.repeat(200_000) }),
    );
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ detail: 'The request body is too large.', code: 'validation_failed' });
  });

  it('refuses other media types with 415 and a detail', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login/',
      headers: { 'content-type': 'text/plain' },
      payload: 'username=a',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().detail).toBe('Please send the request body as JSON (Content-Type: application/json).');
  });

  it('refuses repeated and NUL-carrying query parameters', async () => {
    const repeated = await t.app.inject({ method: 'GET', url: '/api/search/?q=a&q=b' });
    expect(repeated.statusCode).toBe(400);
    expect(repeated.json()).toMatchObject({ detail: QUERY_MESSAGES.repeated('q'), field: 'q' });
    const nul = await t.app.inject({ method: 'GET', url: '/api/search/?q=%00' });
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toMatchObject({ detail: QUERY_MESSAGES.nulCharacter('q'), field: 'q' });
  });

  it('answers router-level errors (bad URL encoding, an over-long path parameter) with a detail', async () => {
    const badUrl = await t.app.inject({ method: 'GET', url: '/api/analytics/%c0%ae%c0%ae' });
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.json()).toEqual({ detail: 'The address of this request is not valid.', code: 'validation_failed' });
    const long = await t.app.inject({ method: 'POST', url: `/api/analytics/${'x'.repeat(3000)}`, payload: { ts: 1 } });
    expect(long.statusCode).toBe(414);
    expect(long.json()).toEqual({ detail: 'The address of this request is too long.', code: 'validation_failed' });
  });
});

describe('requests Node refuses before Fastify sees them', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await buildTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  /** Sends raw bytes and returns the whole answer (the server closes the connection after it). */
  const raw = (request: string) =>
    new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => socket.end(request));
      let answer = '';
      socket.on('data', (chunk) => (answer += chunk));
      socket.on('close', () => resolve(answer));
      socket.on('error', reject);
    });

  const bodyOf = (answer: string) => JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4));

  it('answers headers that are too large with 431 and a detail', async () => {
    const answer = await raw(`GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(answer).toMatch(/^HTTP\/1\.1 431 /);
    expect(bodyOf(answer)).toEqual({ detail: 'The request headers are too large.', code: 'validation_failed' });
  });

  it('answers malformed HTTP with 400 and a detail', async () => {
    const answer = await raw('GET /api/health HTTP/9.9\r\nHost: x\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(bodyOf(answer)).toEqual({ detail: 'The request is not valid HTTP.', code: 'validation_failed' });
  });
});

describe('TRUST_PROXY', () => {
  /** The address a route sees, with the app's trustProxy setting for this TRUST_PROXY value. */
  const ipSeen = async (
    trustProxy: AppConfig['trustProxy'],
    headers: Record<string, string>,
    remoteAddress: string,
  ) => {
    const app = Fastify({ trustProxy: trustProxyOption(trustProxy) });
    app.get('/whoami', async (request) => ({ ip: request.ip }));
    try {
      return (await app.inject({ method: 'GET', url: '/whoami', headers, remoteAddress })).json().ip as string;
    } finally {
      await app.close();
    }
  };
  // The attacker sends X-Forwarded-For: 6.6.6.6; the load balancer (10.0.0.5) appends the real client.
  const spoofed = { 'x-forwarded-for': '6.6.6.6, 203.0.113.9' };

  it('believes no forwarded header by default', async () => {
    expect(await ipSeen(false, spoofed, '10.0.0.5')).toBe('10.0.0.5');
  });

  it('with one trusted hop, takes the address the load balancer saw, not the one the client wrote', async () => {
    expect(await ipSeen(1, spoofed, '10.0.0.5')).toBe('203.0.113.9');
  });

  it('with two trusted hops, skips both proxies', async () => {
    expect(await ipSeen(2, { 'x-forwarded-for': '6.6.6.6, 203.0.113.9, 10.0.0.9' }, '10.0.0.5')).toBe('203.0.113.9');
  });

  it('with the proxies listed by address, skips only those', async () => {
    expect(await ipSeen(['10.0.0.0/8'], spoofed, '10.0.0.5')).toBe('203.0.113.9');
    expect(await ipSeen(['10.0.0.0/8'], spoofed, '192.0.2.1')).toBe('192.0.2.1');
  });
});
