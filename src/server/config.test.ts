import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'adwise-config-'));
  });
  afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  /** The environment `npm start` gives: development on this machine. */
  const dev = (env: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => ({
    DATA_DIR: dataDir,
    NODE_ENV: 'development',
    ...env,
  });
  const problemsOf = (env: NodeJS.ProcessEnv): string[] => {
    try {
      loadConfig(dev(env));
    } catch (error) {
      if (error instanceof ConfigError) return error.problems;
      throw error;
    }
    return [];
  };

  it('starts on the embedded defaults with generated secrets that persist', () => {
    const first = loadConfig(dev());
    expect(first).toMatchObject({
      env: 'development',
      port: 3000,
      host: '127.0.0.1',
      apiBase: '/api',
      databaseUrl: undefined,
      smtpUrl: undefined,
    });
    expect(first.pgliteDataDir).toBe(path.join(dataDir, 'pglite'));
    expect(first.appSecret.length).toBeGreaterThanOrEqual(32);
    expect(first.encryptionKey).toHaveLength(32);
    const file = path.join(dataDir, 'secrets.json');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const second = loadConfig(dev());
    expect(second.appSecret).toBe(first.appSecret);
    expect(second.encryptionKey.equals(first.encryptionKey)).toBe(true);
  });

  it('names every bad variable with a clear message', () => {
    const problems = problemsOf({
      PORT: 'eighty',
      DATABASE_URL: 'mysql://x',
      SMTP_URL: 'http://mail',
      PUBLIC_URL: 'not a url',
      LOG_LEVEL: 'loud',
      WORKERS: 'maybe',
    });
    expect(problems).toEqual(
      expect.arrayContaining([
        'PORT must be a whole number from 0 to 65535 (got "eighty")',
        'DATABASE_URL must be a postgres:// connection string (leave it unset for the embedded database)',
        'SMTP_URL must be an smtp:// or smtps:// URL (leave it unset to keep mail in the outbox)',
        'PUBLIC_URL must be an http(s) URL such as https://app.example.com (got "not a url")',
        'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent',
        'WORKERS must be true or false (got "maybe")',
      ]),
    );
  });

  it('refuses to start in production without real secrets, and never generates them there', () => {
    const problems = problemsOf({ NODE_ENV: 'production' });
    expect(problems).toContain('APP_SECRET is required in production (a random string of 32+ characters)');
    expect(problems).toContain('ENCRYPTION_KEY is required in production (32 random bytes, base64)');
    expect(fs.existsSync(path.join(dataDir, 'secrets.json'))).toBe(false);
  });

  it('treats a missing NODE_ENV as production: no generated secrets, no development surfaces, a clear way out', () => {
    const problems = (() => {
      try {
        loadConfig({ DATA_DIR: dataDir });
      } catch (error) {
        if (error instanceof ConfigError) return error.problems;
        throw error;
      }
      return [];
    })();
    expect(problems).toContain('APP_SECRET is required in production (a random string of 32+ characters)');
    expect(problems).toContain(
      'NODE_ENV is not set, which means production; to try Adwise on this machine run `npm start` (it sets NODE_ENV=development)',
    );
    expect(fs.existsSync(path.join(dataDir, 'secrets.json'))).toBe(false);
    const secrets = { APP_SECRET: 'x'.repeat(40), ENCRYPTION_KEY: Buffer.alloc(32).toString('base64') };
    const config = loadConfig({ DATA_DIR: dataDir, ...secrets });
    expect(config).toMatchObject({ env: 'production', host: '0.0.0.0' });
    expect(config.sandbox.mode).toBe('off');
    expect(loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'test', ...secrets }).sandbox.mode).toBe('off');
  });

  it('keeps the in-process sandbox to development', () => {
    expect(loadConfig(dev()).sandbox.mode).toBe('inprocess');
    expect(
      problemsOf({
        NODE_ENV: 'production',
        SANDBOX: 'inprocess',
        APP_SECRET: 'x'.repeat(40),
        ENCRYPTION_KEY: Buffer.alloc(32).toString('base64'),
      }),
    ).toEqual(['SANDBOX=inprocess is for development only (NODE_ENV=development)']);
  });

  it('reads TRUST_PROXY as off, a hop count, or proxy addresses', () => {
    expect(loadConfig(dev()).trustProxy).toBe(false);
    expect(loadConfig(dev({ TRUST_PROXY: 'false' })).trustProxy).toBe(false);
    expect(loadConfig(dev({ TRUST_PROXY: '1' })).trustProxy).toBe(1);
    expect(loadConfig(dev({ TRUST_PROXY: '2' })).trustProxy).toBe(2);
    expect(loadConfig(dev({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.7,fd00::/8' })).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.168.1.7',
      'fd00::/8',
    ]);
    expect(loadConfig(dev({ TRUST_PROXY: 'true' })).trustProxy).toBe(true);
    for (const bad of ['10.0.0.0/33', 'load-balancer', '10.0.0.1/8/8', '-1']) {
      expect(problemsOf({ TRUST_PROXY: bad })).toContain(
        `TRUST_PROXY must be false, a number of proxy hops (1), or proxy addresses/CIDRs such as 10.0.0.0/8,fd00::/8 (got "${bad}")`,
      );
    }
  });

  it('reads the platform timeout and the metrics token', () => {
    expect(loadConfig(dev()).platformTimeoutMs).toBe(30_000);
    expect(loadConfig(dev({ PLATFORM_TIMEOUT_MS: '5000' })).platformTimeoutMs).toBe(5000);
    expect(problemsOf({ PLATFORM_TIMEOUT_MS: '10' })[0]).toMatch(
      /^PLATFORM_TIMEOUT_MS must be a whole number of milliseconds, at least 1000/,
    );
    expect(loadConfig(dev()).metricsToken).toBeUndefined();
    expect(loadConfig(dev({ METRICS_TOKEN: 'm'.repeat(32) })).metricsToken).toBe('m'.repeat(32));
    expect(problemsOf({ METRICS_TOKEN: 'short' })).toContain(
      'METRICS_TOKEN must be at least 16 characters long (or unset to turn /api/metrics off)',
    );
  });

  it('reads how long the HTTP server waits on clients, with defaults that leave room for slow uploads', () => {
    expect(loadConfig(dev()).serverTimeouts).toEqual({
      headersMs: 15_000,
      requestMs: 60_000,
      keepAliveMs: 72_000,
      idleMs: 300_000,
    });
    expect(
      loadConfig(
        dev({
          HTTP_HEADERS_TIMEOUT_MS: '5000',
          HTTP_REQUEST_TIMEOUT_MS: '20000',
          HTTP_KEEP_ALIVE_TIMEOUT_MS: '65000',
          HTTP_IDLE_TIMEOUT_MS: '0',
        }),
      ).serverTimeouts,
    ).toEqual({ headersMs: 5000, requestMs: 20_000, keepAliveMs: 65_000, idleMs: 0 });
    expect(
      problemsOf({
        HTTP_HEADERS_TIMEOUT_MS: '0',
        HTTP_REQUEST_TIMEOUT_MS: '30s',
        HTTP_KEEP_ALIVE_TIMEOUT_MS: '500',
        HTTP_IDLE_TIMEOUT_MS: '-1',
      }),
    ).toEqual([
      'HTTP_HEADERS_TIMEOUT_MS must be a whole number of milliseconds, at least 1000 (got "0")',
      'HTTP_REQUEST_TIMEOUT_MS must be a whole number of milliseconds, at least 1000 (got "30s")',
      'HTTP_KEEP_ALIVE_TIMEOUT_MS must be a whole number of milliseconds, at least 1000 (got "500")',
      'HTTP_IDLE_TIMEOUT_MS must be a whole number of milliseconds, at least 1000 (or 0 for none) (got "-1")',
    ]);
    expect(problemsOf({ HTTP_HEADERS_TIMEOUT_MS: '40000', HTTP_REQUEST_TIMEOUT_MS: '30000' })).toEqual([
      'HTTP_HEADERS_TIMEOUT_MS (40000) must not be longer than HTTP_REQUEST_TIMEOUT_MS (30000)',
    ]);
  });

  it('checks secret strength', () => {
    const problems = problemsOf({ APP_SECRET: 'short', ENCRYPTION_KEY: Buffer.alloc(8).toString('base64') });
    expect(problems).toContain('APP_SECRET must be at least 32 characters long');
    expect(problems).toContain('ENCRYPTION_KEY must be 32 bytes encoded as base64 (openssl rand -base64 32)');
  });

  it('reads PostgreSQL, SMTP, the API base and CORS origins', () => {
    const config = loadConfig({
      ...dev(),
      DATABASE_URL: 'postgres://u@db:5432/adwise',
      SMTP_URL: 'smtps://u:p@mail:465',
      API_BASE: '/v1/',
      CORS_ORIGINS: 'https://app.example.com, https://admin.example.com',
      PUBLIC_URL: 'https://app.example.com/',
    });
    expect(config).toMatchObject({
      databaseUrl: 'postgres://u@db:5432/adwise',
      smtpUrl: 'smtps://u:p@mail:465',
      apiBase: '/v1',
      corsOrigins: ['https://app.example.com', 'https://admin.example.com'],
      publicUrl: 'https://app.example.com',
    });
  });

  it('mails contact messages to CONTACT_INBOX, the support address by default', () => {
    expect(loadConfig(dev()).contactInbox).toBe('support@adwise.app');
    expect(loadConfig(dev({ CONTACT_INBOX: 'team@example.com' })).contactInbox).toBe('team@example.com');
    expect(problemsOf({ CONTACT_INBOX: 'team at example' })).toContain(
      'CONTACT_INBOX must be an e-mail address such as team@example.com (got "team at example")',
    );
  });

  it('points platforms without credentials at the in-process sandbox, and the others at the real APIs', () => {
    const config = loadConfig({
      ...dev(),
      PUBLIC_URL: 'http://127.0.0.1:4000',
      META_APP_ID: '1234',
      META_APP_SECRET: 'shh',
      GOOGLE_ADS_CLIENT_ID: 'gid',
      GOOGLE_ADS_CLIENT_SECRET: 'gsecret',
      GOOGLE_ADS_DEVELOPER_TOKEN: 'dev-token',
    });
    expect(config.sandbox).toEqual({ mode: 'inprocess', url: 'http://127.0.0.1:4000/sandbox' });
    expect(config.platforms.meta).toMatchObject({
      mode: 'live',
      clientId: '1234',
      apiBaseUrl: 'https://graph.facebook.com/v25.0',
    });
    expect(config.platforms.google).toMatchObject({ mode: 'live', extra: { developerToken: 'dev-token' } });
    expect(config.platforms.tiktok).toMatchObject({
      mode: 'sandbox',
      clientId: 'sandbox-tiktok-client',
      apiBaseUrl: 'http://127.0.0.1:4000/sandbox/tiktok/open_api/v1.3',
    });
    expect(
      loadConfig({
        DATA_DIR: dataDir,
        NODE_ENV: 'production',
        APP_SECRET: 'x'.repeat(40),
        ENCRYPTION_KEY: Buffer.alloc(32).toString('base64'),
      }).sandbox.mode,
    ).toBe('off');
  });

  it('names half-configured platforms and bad sandbox settings', () => {
    expect(problemsOf({ LINKEDIN_CLIENT_ID: 'only-id' })).toContain(
      'LINKEDIN_CLIENT_ID and LINKEDIN_CLIENT_SECRET must be set together (leave both unset to use the sandbox)',
    );
    expect(problemsOf({ GOOGLE_ADS_CLIENT_ID: 'a', GOOGLE_ADS_CLIENT_SECRET: 'b' })).toContain(
      'GOOGLE_ADS_DEVELOPER_TOKEN is required when GOOGLE_ADS_CLIENT_ID is set',
    );
    expect(problemsOf({ X_CLIENT_ID: 'a', X_CLIENT_SECRET: 'b', X_AUTH_MODE: 'oauth1' })).toContain(
      'X_CONSUMER_KEY and X_CONSUMER_SECRET are required when X_AUTH_MODE is oauth1',
    );
    expect(problemsOf({ SANDBOX: 'cloud' })).toContain('SANDBOX must be inprocess, external or off (got "cloud")');
  });
});
