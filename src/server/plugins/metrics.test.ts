import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import pino from 'pino';
import { object, string } from 'yup';

import { connectDatabase, type Database } from '../db/connect';
import { createJobQueue, defineJob, type JobQueue } from '../jobs/queue';
import { createRuntime, sendChecked, withRetry } from '../platforms/http';
import { type ClientRuntime, PlatformError } from '../platforms/types';
import { createScratchDatabase, eventually, testConfig } from '../test/buildTestApp';
import { migratedPgliteTemplate } from '../test/pgliteTemplate';
import { registerApiDocs } from './docs';
import { registerErrorHandler } from './errors';
import { createMetrics, type Metrics, registerRequestMetrics } from './metrics';
import { prometheusRoutes } from './prometheus';
import { registerSecurity } from './security';

const TOKEN = 'metrics-token-0123456789abcdef';

/** One sample of the exposition text: a metric name and its labels, as parsed back from a line. */
interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

function parseSamples(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) continue;
    const labels = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map(([, key, value]) => [key, value]),
    );
    samples.push({ name: match[1], labels, value: Number(match[3]) });
  }
  return samples;
}

/** The value of the sample with exactly these labels (le excepted), or undefined. */
function valueOf(text: string, name: string, labels: Record<string, string>): number | undefined {
  const wanted = Object.entries(labels);
  return parseSamples(text).find(
    (sample) =>
      sample.name === name &&
      Object.keys(sample.labels).length === wanted.length &&
      wanted.every(([key, value]) => sample.labels[key] === value),
  )?.value;
}

/** The app's API shape in small: the error handler, rate limit, docs and a route with a path parameter under /api. */
async function buildMetricsApp(
  token: string | undefined,
  metrics: Metrics = createMetrics(),
): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  registerRequestMetrics(app, metrics);
  const config = testConfig({ rateLimitPerMinute: 3, metricsToken: token });
  await registerSecurity(app, config);
  registerErrorHandler(app);
  await registerApiDocs(app, config);
  await app.register(
    async (api) => {
      api.setSerializerCompiler(() => (data) => JSON.stringify(data));
      api.get<{ Params: { id: string } }>(
        '/dashboard/campaigns/:id/ads/',
        { config: { rateLimit: false } },
        async (request) => ({ id: request.params.id }),
      );
      api.get('/limited', async () => ({ ok: true }));
      await api.register(prometheusRoutes, { metrics, token: config.metricsToken });
    },
    { prefix: config.apiBase },
  );
  await app.ready();
  return app;
}

const scrape = (app: FastifyInstance, authorization = `Bearer ${TOKEN}`) =>
  app.inject({ method: 'GET', url: '/api/metrics', headers: { authorization } });

describe('GET /api/metrics', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildMetricsApp(TOKEN);
  });
  afterAll(() => app.close());

  it('refuses a scrape without a token, with a detail', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/metrics' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: expect.stringContaining('Authorization: Bearer'), code: 'unauthorized' });
    expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
    expect(res.body).not.toContain('adwise_');
  });

  it('refuses a wrong token, one of another length and another scheme', async () => {
    for (const authorization of [
      `Bearer ${TOKEN.slice(0, -1)}x`,
      `Bearer ${TOKEN}extra`,
      'Bearer x',
      `Basic ${TOKEN}`,
      TOKEN,
    ]) {
      const res = await scrape(app, authorization);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ detail: expect.any(String), code: 'unauthorized' });
    }
  });

  it('answers the right token with every metric in the Prometheus text format, never cached', async () => {
    const res = await scrape(app);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers['cache-control']).toBe('no-store');
    for (const name of [
      'adwise_http_requests_total',
      'adwise_http_request_duration_seconds',
      'adwise_jobs_total',
      'adwise_job_duration_seconds',
      'adwise_platform_calls_total',
      'adwise_platform_call_duration_seconds',
      'adwise_platform_retries_total',
      'process_cpu_seconds_total',
      'nodejs_eventloop_lag_seconds',
    ]) {
      expect(res.body).toContain(`# TYPE ${name} `);
    }
    // The token is accepted case-insensitively as to the scheme, as HTTP says.
    expect((await scrape(app, `bearer ${TOKEN}`)).statusCode).toBe(200);
  });

  it('is not rate limited (scrapers poll), unlike the rest of the API', async () => {
    for (let i = 0; i < 6; i += 1) expect((await scrape(app)).statusCode).toBe(200);
    const codes: number[] = [];
    for (let i = 0; i < 5; i += 1) codes.push((await app.inject({ method: 'GET', url: '/api/limited' })).statusCode);
    expect(codes).toContain(429);
  });

  it('appears in the OpenAPI document under Operations, with bearer security', async () => {
    const document = (
      app as unknown as {
        swagger(): {
          paths: Record<
            string,
            Record<string, { tags: string[]; security: unknown; responses: Record<string, { content?: object }> }>
          >;
        };
      }
    ).swagger();
    const operation = document.paths['/api/metrics'].get;
    expect(operation.tags).toEqual(['Operations']);
    expect(operation.security).toEqual([{ bearer: [] }]);
    expect(operation.responses['200'].content).toHaveProperty(['text/plain']);
    expect(operation.responses).toHaveProperty('401');
  });
});

describe('without METRICS_TOKEN', () => {
  it('has no metrics endpoint: a plain 404, whatever the token', async () => {
    for (const token of [undefined, '']) {
      const app = await buildMetricsApp(token);
      try {
        expect((await scrape(app)).statusCode).toBe(404);
        expect((await app.inject({ method: 'GET', url: '/api/metrics' })).statusCode).toBe(404);
      } finally {
        await app.close();
      }
    }
  });
});

describe('request metrics', () => {
  it('count each request under its route pattern and status, never the raw URL', async () => {
    const metrics = createMetrics();
    const app = await buildMetricsApp(TOKEN, metrics);
    try {
      for (const id of ['123', '456', '789']) {
        expect(
          (await app.inject({ method: 'GET', url: `/api/dashboard/campaigns/${id}/ads/?from=2026-01-01` })).statusCode,
        ).toBe(200);
      }
      expect((await app.inject({ method: 'GET', url: '/api/no-such/42' })).statusCode).toBe(404);
      expect((await scrape(app, 'Bearer wrong')).statusCode).toBe(401);

      const text = (await scrape(app)).body;
      const route = { method: 'GET', route: '/api/dashboard/campaigns/:id/ads/', status: '200' };
      expect(valueOf(text, 'adwise_http_requests_total', route)).toBe(3);
      expect(valueOf(text, 'adwise_http_request_duration_seconds_count', route)).toBe(3);
      expect(valueOf(text, 'adwise_http_requests_total', { method: 'GET', route: 'not_found', status: '404' })).toBe(1);
      expect(valueOf(text, 'adwise_http_requests_total', { method: 'GET', route: '/api/metrics', status: '401' })).toBe(
        1,
      );
      const routes = new Set(
        parseSamples(text)
          .filter((sample) => sample.name.startsWith('adwise_http_'))
          .map((sample) => sample.labels.route),
      );
      expect([...routes].sort()).toEqual(['/api/dashboard/campaigns/:id/ads/', '/api/metrics', 'not_found']);
      expect(text).not.toContain('campaigns/123');

      // Each app counts on its own registry: another app in the same process starts from nothing.
      const other = await buildMetricsApp(TOKEN);
      try {
        expect(valueOf((await scrape(other)).body, 'adwise_http_requests_total', route)).toBeUndefined();
      } finally {
        await other.close();
      }
    } finally {
      await app.close();
    }
  });
});

describe('platform call metrics', () => {
  it('count calls by platform, outcome and kind, and retries by platform and kind', async () => {
    const metrics = createMetrics();
    const statuses = [429, 200];
    const runtime: ClientRuntime = {
      ...createRuntime({ observe: metrics.platformObserver }),
      fetch: async () =>
        new Response('{}', { status: statuses.shift() ?? 200, headers: { 'content-type': 'application/json' } }),
      sleep: async () => {},
    };
    const toError = (response: { status: number }) =>
      response.status === 429
        ? new PlatformError({ platform: 'meta', kind: 'rate_limited', message: 'slow down', retryAfterMs: 1 })
        : undefined;
    await withRetry(runtime, () =>
      sendChecked(runtime, 'meta', { method: 'GET', url: 'https://graph.example/act_1/campaigns' }, toError),
    );
    metrics.platformObserver.call({ platform: 'google', outcome: 'error', kind: 'unavailable', durationMs: 30_000 });

    const text = await metrics.render();
    expect(
      valueOf(text, 'adwise_platform_calls_total', { platform: 'meta', outcome: 'error', kind: 'rate_limited' }),
    ).toBe(1);
    expect(valueOf(text, 'adwise_platform_calls_total', { platform: 'meta', outcome: 'ok', kind: 'none' })).toBe(1);
    expect(valueOf(text, 'adwise_platform_retries_total', { platform: 'meta', kind: 'rate_limited' })).toBe(1);
    expect(valueOf(text, 'adwise_platform_call_duration_seconds_count', { platform: 'meta', outcome: 'ok' })).toBe(1);
    expect(
      valueOf(text, 'adwise_platform_calls_total', { platform: 'google', outcome: 'error', kind: 'unavailable' }),
    ).toBe(1);
    expect(valueOf(text, 'adwise_platform_call_duration_seconds_sum', { platform: 'google', outcome: 'error' })).toBe(
      30,
    );
    expect(
      valueOf(text, 'adwise_platform_call_duration_seconds_bucket', { platform: 'google', outcome: 'error', le: '30' }),
    ).toBe(1);
    expect(
      valueOf(text, 'adwise_platform_call_duration_seconds_bucket', { platform: 'google', outcome: 'error', le: '20' }),
    ).toBe(0);
  });
});

describe('job metrics', () => {
  let database: Database;
  let queue: JobQueue;
  let drop: (() => Promise<void>) | undefined;
  const metrics = createMetrics();
  const handled: string[] = [];

  beforeAll(async () => {
    const scratch = process.env.DATABASE_URL ? await createScratchDatabase(process.env.DATABASE_URL) : undefined;
    drop = scratch?.drop;
    database = await connectDatabase({
      databaseUrl: scratch?.url,
      pgliteDataDir: 'memory://',
      pgliteTemplate: scratch ? undefined : await migratedPgliteTemplate(),
    });
    queue = createJobQueue({
      database,
      log: pino({ level: 'silent' }) as FastifyBaseLogger,
      schedule: false,
      pollingIntervalSeconds: 0.5,
      observeJob: (name, outcome, seconds) => {
        if (name === 'test.observer-breaks') throw new Error('observer broke');
        metrics.jobs.observe(name, outcome, seconds);
      },
    });
    const payload = object({ note: string().required() });
    await queue.start(
      [
        defineJob({ id: 'test.works', payload, handler: async () => {} }),
        defineJob({
          id: 'test.observer-breaks',
          payload: object({}),
          retryLimit: 0,
          handler: async () => void handled.push('test.observer-breaks'),
        }),
        defineJob({
          id: 'test.breaks',
          payload,
          retryLimit: 0,
          handler: async () => {
            throw new Error('broken on purpose');
          },
        }),
      ],
      { work: true },
    );
  });
  afterAll(async () => {
    await queue.stop();
    await database.close();
    await drop?.();
  });

  it('observes each run of a job by queue and outcome, from the worker loop', async () => {
    await queue.send('test.works', { note: 'a' });
    await queue.send('test.works', { note: 'b' });
    await queue.send('test.breaks', { note: 'c' });
    const text = await eventually(async () => {
      const current = await metrics.render();
      const done =
        valueOf(current, 'adwise_jobs_total', { queue: 'test.works', outcome: 'completed' }) === 2 &&
        valueOf(current, 'adwise_jobs_total', { queue: 'test.breaks', outcome: 'failed' }) === 1;
      return done ? current : undefined;
    });
    expect(valueOf(text, 'adwise_job_duration_seconds_count', { queue: 'test.works', outcome: 'completed' })).toBe(2);
    expect(valueOf(text, 'adwise_job_duration_seconds_count', { queue: 'test.breaks', outcome: 'failed' })).toBe(1);
    expect(valueOf(text, 'adwise_jobs_total', { queue: 'test.works', outcome: 'failed' })).toBeUndefined();
    expect(valueOf(text, 'adwise_jobs_total', { queue: 'test.breaks', outcome: 'completed' })).toBeUndefined();
  });

  it('never lets a failing observer fail the job', async () => {
    const id = await queue.send('test.observer-breaks', {});
    const state = await eventually(async () => {
      const job = await queue.boss.getJobById('test.observer-breaks', id!);
      return job && ['completed', 'failed'].includes(job.state) ? job.state : undefined;
    });
    expect(state).toBe('completed');
    expect(handled).toEqual(['test.observer-breaks']);
  });
});
