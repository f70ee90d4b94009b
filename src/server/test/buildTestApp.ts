import { randomBytes } from 'node:crypto';
import path from 'node:path';

import type { FastifyInstance } from 'fastify';
import pg from 'pg';

import { buildApp, type BuildOptions } from '../app';
import { type AppConfig, DEFAULT_SERVER_TIMEOUTS } from '../config';
import { sandboxSettings } from '../platforms/settings';
import { migratedPgliteTemplate } from './pgliteTemplate';
import { PG_TEMPLATE_ENV } from './postgresTemplate';

/** A config for tests: in-memory PGlite unless DATABASE_URL is set, random secrets, no SPA. */
export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    env: 'test',
    port: 0,
    host: '127.0.0.1',
    publicUrl: 'http://localhost:3000',
    apiBase: '/api',
    databaseUrl: undefined,
    dataDir: path.join(__dirname, 'no-data'),
    pgliteDataDir: 'memory://',
    smtpUrl: undefined,
    mailFrom: 'Adwise <no-reply@adwise.test>',
    appSecret: randomBytes(48).toString('base64url'),
    encryptionKey: randomBytes(32),
    logLevel: process.env.LOG_LEVEL ?? 'silent',
    corsOrigins: [],
    staticDir: path.join(__dirname, 'no-spa'),
    rateLimitPerMinute: 10_000,
    trustProxy: false,
    platformTimeoutMs: 30_000,
    serverTimeouts: DEFAULT_SERVER_TIMEOUTS,
    // Tests run webhook receivers on this machine.
    webhookAllowHosts: ['127.0.0.1', 'localhost'],
    workers: true,
    // Nothing listens on port 9: tests that talk to platforms start a sandbox and pass its settings.
    platforms: sandboxSettings('http://127.0.0.1:9/sandbox'),
    sandbox: { mode: 'off', url: 'http://127.0.0.1:9/sandbox' },
    ...overrides,
  };
}

/**
 * On PostgreSQL, every test file gets a database of its own (created from DATABASE_URL,
 * dropped on close), so files run in parallel without seeing each other's rows.
 */
export async function createScratchDatabase(
  baseUrl: string,
  prefix = 'adwise_t',
  /** A database to copy (an already migrated one, postgresTemplate.ts); empty otherwise. */
  template?: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl, connectionTimeoutMillis: 3000 });
  await admin.connect();
  await admin.query(template ? `create database "${name}" template "${template}"` : `create database "${name}"`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      await client.query(`drop database if exists "${name}" with (force)`);
      await client.end();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  config: AppConfig;
  close: () => Promise<void>;
}

/** Builds the real app on a real, empty database; call `close` in afterAll. */
export async function buildTestApp(options: BuildOptions & { config?: Partial<AppConfig> } = {}): Promise<TestApp> {
  const { config: overrides, ...buildOptions } = options;
  // On PostgreSQL, a copy of the migrated template when jest's globalSetup made one.
  const scratch = process.env.DATABASE_URL
    ? await createScratchDatabase(process.env.DATABASE_URL, undefined, process.env[PG_TEMPLATE_ENV])
    : undefined;
  const config = testConfig({ databaseUrl: scratch?.url, ...overrides });
  // An in-memory PGlite starts from the migrated template (pgliteTemplate.ts) rather than from initdb.
  const pgliteTemplate =
    !config.databaseUrl && config.pgliteDataDir === 'memory://' ? await migratedPgliteTemplate() : undefined;
  const app = await buildApp(config, {
    schedules: false,
    pollingIntervalSeconds: 0.5,
    mailTransport: null,
    pgliteTemplate,
    // A platform client's waits (Meta's report polls every 2 s, a backoff before a retry) pass at
    // once: the sandbox counts polls and faults, not seconds, so a real wait adds nothing a test
    // checks. A test that asserts the waits passes its own runtime (test/platforms.ts).
    platformSleep: () => new Promise((resolve) => setImmediate(resolve)),
    ...buildOptions,
  });
  await app.ready();
  return {
    app,
    config,
    close: async () => {
      await app.close();
      await scratch?.drop();
    },
  };
}

/** Resolves once `check` returns a value other than undefined; for work a job does in the background. */
export async function eventually<T>(check: () => Promise<T | undefined>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
