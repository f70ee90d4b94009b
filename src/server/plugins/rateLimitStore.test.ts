import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';

import { type Db, executeRows } from '../db/connect';
import { buildTestApp, type TestApp, testConfig } from '../test/buildTestApp';
import { registerErrorHandler } from './errors';
import { rateLimitStore, sweepRateLimitHits } from './rateLimitStore';
import { registerSecurity } from './security';

/**
 * "Replicas" here are bare Fastify instances with the app's security plugins on one shared
 * database: what they count in the database they share, what they count in memory they do not.
 */
describe('route rate limits in the database', () => {
  let t: TestApp;
  const replicas: FastifyInstance[] = [];

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    for (const replica of replicas) await replica.close();
    await t.close();
  });

  async function replica(db: Db = t.app.ctx.db, rateLimitPerMinute = 10_000): Promise<FastifyInstance> {
    const app = Fastify();
    replicas.push(app);
    registerErrorHandler(app);
    await registerSecurity(app, testConfig({ rateLimitPerMinute }), { database: db });
    app.get('/limited', { config: { rateLimit: { max: 3, timeWindow: '1 minute' } } }, async () => ({ ok: true }));
    app.get('/other', { config: { rateLimit: { max: 3, timeWindow: '1 minute' } } }, async () => ({ ok: true }));
    app.get('/short', { config: { rateLimit: { max: 1, timeWindow: 1000 } } }, async () => ({ ok: true }));
    app.get('/global', async () => ({ ok: true }));
    await app.ready();
    return app;
  }
  const get = (app: FastifyInstance, url: string, ip: string) => app.inject({ method: 'GET', url, remoteAddress: ip });
  const rows = (like: string) =>
    executeRows<{ key: string; hits: number }>(
      t.app.ctx.db,
      sql`select key, hits from rate_limit_hits where key like ${like} order by key`,
    );

  it('shares a route budget between replicas', async () => {
    const [a, b] = [await replica(), await replica()];
    const ip = '10.60.0.1';
    const statuses = [];
    for (const app of [a, a, b, b]) statuses.push((await get(app, '/limited', ip)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const limited = await get(a, '/limited', ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({
      code: 'rate_limited',
      detail: expect.stringMatching(/^Too many requests\. Please try again in \d+ (second|minute)/),
    });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
    // Another client has a budget of its own.
    expect((await get(b, '/limited', '10.60.0.2')).statusCode).toBe(200);
    expect(await rows('%/limited|10.60.0.1')).toEqual([{ key: 'GET /limited|10.60.0.1', hits: 5 }]);
  });

  it('lets exactly the budget through a parallel burst on two replicas, first come first served', async () => {
    const [a, b] = [await replica(), await replica()];
    const ip = '10.65.0.1';
    const responses = await Promise.all(Array.from({ length: 12 }, (_, i) => get(i % 2 ? b : a, '/limited', ip)));
    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(3);
    expect(responses.filter((r) => r.statusCode === 429)).toHaveLength(9);
    // One replica's own burst is counted in the order it arrived.
    const burst = await Promise.all(Array.from({ length: 8 }, () => get(a, '/limited', '10.65.0.2')));
    expect(burst.map((r) => r.statusCode)).toEqual([200, 200, 200, 429, 429, 429, 429, 429]);
  });

  it('keeps the budgets of different routes apart', async () => {
    const a = await replica();
    const ip = '10.61.0.1';
    for (let i = 0; i < 3; i++) expect((await get(a, '/limited', ip)).statusCode).toBe(200);
    expect((await get(a, '/limited', ip)).statusCode).toBe(429);
    expect((await get(a, '/other', ip)).statusCode).toBe(200);
  });

  it('starts a new window once the old one has ended', async () => {
    const [a, b] = [await replica(), await replica()];
    const ip = '10.62.0.1';
    expect((await get(a, '/short', ip)).statusCode).toBe(200);
    expect((await get(b, '/short', ip)).statusCode).toBe(429);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await get(b, '/short', ip)).statusCode).toBe(200);
    expect(await rows('%/short|10.62.0.1')).toEqual([{ key: 'GET /short|10.62.0.1', hits: 1 }]);
  });

  it('keeps the global budget in each process memory', async () => {
    const [a, b] = [await replica(t.app.ctx.db, 2), await replica(t.app.ctx.db, 2)];
    const ip = '10.63.0.1';
    const statuses = [];
    for (const app of [a, a, a, b, b, b]) statuses.push((await get(app, '/global', ip)).statusCode);
    expect(statuses).toEqual([200, 200, 429, 200, 200, 429]);
    expect(await rows('%10.63.0.1')).toEqual([]);
  });

  it('counts in memory, without failing the request, while the database does not answer', async () => {
    const broken = { execute: () => Promise.reject(new Error('connection refused')) } as unknown as Db;
    const a = await replica(broken);
    const warn = jest.spyOn(a.log, 'warn');
    const ip = '10.64.0.1';
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await get(a, '/limited', ip)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
    // One warning when the trouble starts, not one per request.
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0][1]).toMatch(/rate limit database unavailable/);
  });

  it('sweeps ended rows and keeps live ones', async () => {
    const db = t.app.ctx.db;
    await db.execute(sql`insert into rate_limit_hits (key, hits, window_ends_at)
      values ('GET /x|ended', 4, now() - interval '1 second'), ('GET /x|live', 2, now() + interval '1 minute')`);
    expect(await sweepRateLimitHits(db)).toBeGreaterThanOrEqual(1);
    expect(await rows('GET /x|%')).toEqual([{ key: 'GET /x|live', hits: 2 }]);

    // The store sweeps every `sweepEvery`-th hit, in the background.
    await db.execute(
      sql`insert into rate_limit_hits (key, hits, window_ends_at) values ('GET /x|ended', 4, now() - interval '1 second')`,
    );
    const Store = rateLimitStore({ db, log: t.app.log, sweepEvery: 1 });
    const store = new Store({}).child({ routeInfo: { method: 'GET', url: '/y' } } as never);
    await new Promise((resolve, reject) =>
      store.incr('client', (error, result) => (error ? reject(error) : resolve(result)), 60_000, 5),
    );
    for (let i = 0; i < 50 && (await rows('GET /x|ended')).length > 0; i++)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await rows('GET /x|%')).toEqual([{ key: 'GET /x|live', hits: 2 }]);
  });
});
