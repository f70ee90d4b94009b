import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

import { type Platform, SUPPORT_EMAIL } from '@shared/constants';

import { loadPlatformSettings } from './platforms/settings';
import type { PlatformSettings } from './platforms/types';

/** Where the process runs; production refuses generated secrets. */
export type AppEnv = 'development' | 'production' | 'test';

/** The validated, typed configuration every part of the server reads. */
export interface AppConfig {
  env: AppEnv;
  port: number;
  host: string;
  /** The address users reach the product at; used in e-mail links and OAuth redirects. */
  publicUrl: string;
  /** Prefix of every API route, without a trailing slash ("/api"). */
  apiBase: string;
  /** PostgreSQL connection string; absent means the embedded PGlite database. */
  databaseUrl?: string;
  /** Folder for the embedded database and generated development secrets. */
  dataDir: string;
  /** PGlite data location: a folder, or "memory://" for a throw-away database. */
  pgliteDataDir: string;
  /** SMTP connection string; absent means mail stays in the outbox table. */
  smtpUrl?: string;
  mailFrom: string;
  /** Where contact-form messages are mailed (CONTACT_INBOX); unset: the support address. */
  contactInbox?: string;
  /** Signs access tokens (HMAC-SHA-256). */
  appSecret: string;
  /** AES-256-GCM key (32 bytes) for third-party tokens at rest. */
  encryptionKey: Buffer;
  logLevel: string;
  /** Origins allowed to call the API from another host (CORS). */
  corsOrigins: string[];
  /** Folder with the built SPA; served with history fallback when it exists. */
  staticDir: string;
  /** Requests per minute per client IP across the API. */
  rateLimitPerMinute: number;
  /**
   * Which X-Forwarded-* hops to believe (Fastify's trustProxy): false (none: the client is the
   * socket's peer), a number of proxy hops in front of the app, or the proxies' addresses/CIDRs.
   * true believes whatever the client sends and is only safe behind a proxy that overwrites it.
   */
  trustProxy: boolean | number | string[];
  /** Longest one call to an ad platform may take before it counts as failed, in ms. */
  platformTimeoutMs: number;
  /** How long the HTTP server waits on a client (HTTP_*_TIMEOUT_MS). */
  serverTimeouts: ServerTimeouts;
  /** Bearer token that opens GET /api/metrics (Prometheus); unset: no metrics endpoint. */
  metricsToken?: string;
  /**
   * Hosts an alert webhook may name even though they resolve to a private or loopback address
   * (ALERT_WEBHOOK_ALLOW_HOSTS, comma-separated; for tests and an in-house receiver). Nothing
   * else reaches inside the network; in production a webhook must also be https.
   */
  webhookAllowHosts: string[];
  /** Run job workers in this process; replicas that only serve HTTP turn it off. */
  workers: boolean;
  /** Each ad platform: live (credentials configured) or the sandbox. */
  platforms: Record<Platform, PlatformSettings>;
  sandbox: SandboxConfig;
}

/**
 * The HTTP server's patience with clients, in ms. A client that sends its request slowly holds a
 * socket (and a file descriptor) for as long as the server waits: these bound it. They are about
 * receiving requests and idle sockets; a response may take as long as its handler needs.
 */
export interface ServerTimeouts {
  /** From a request's first byte to the end of its headers (node's headersTimeout). */
  headersMs: number;
  /** From a request's first byte to the end of its body (node's requestTimeout); at least headersMs. */
  requestMs: number;
  /** How long a kept-alive socket may sit idle between requests (keepAliveTimeout). */
  keepAliveMs: number;
  /** How long a socket may see no traffic either way, even mid-response (Fastify's connectionTimeout); 0: never. */
  idleMs: number;
}

/**
 * The defaults, and why. Headers: a real client sends them in one packet; 15 s is room for a bad
 * mobile link. Request: the largest body is the Creative Analyzer's 10 MB image as base64 (about
 * 14 MB), which takes a minute on a 2 Mbit/s uplink. Keep-alive: longer than the idle timeout of
 * the proxies usually in front (60 s at AWS's load balancers and nginx), so that the proxy, not
 * the app, closes an idle connection and never reuses one the app has just closed (a 502). Idle:
 * well past the longest quiet stretch of a response (a second Apply waits up to 120 s for the
 * first, a platform write with its retries about 90 s, the alert stream pings every 25 s), to end
 * sockets whose peer stopped reading or vanished.
 */
export const DEFAULT_SERVER_TIMEOUTS: ServerTimeouts = {
  headersMs: 15_000,
  requestMs: 60_000,
  keepAliveMs: 72_000,
  idleMs: 300_000,
};
const MIN_SERVER_TIMEOUT_MS = 1_000;

/** Where main.ts mounts the in-process sandbox. */
export const SANDBOX_PREFIX = '/sandbox';

/**
 * The ad-platform sandbox: mounted in this process under /sandbox, reached at a URL, or not used.
 * Its own settings (seed, faults, admin token) are the sandbox's business: SANDBOX_* in src/sandbox/env.ts.
 */
export interface SandboxConfig {
  /** 'inprocess': served by this server under /sandbox; 'external': SANDBOX_URL; 'off': no sandbox. */
  mode: 'inprocess' | 'external' | 'off';
  /** Root URL of the sandbox as browsers and this server reach it. */
  url: string;
}

/** Thrown when the environment is invalid; lists one message per bad variable. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
const SECRETS_FILE = 'secrets.json';
const MIN_SECRET_LENGTH = 32;
const ENCRYPTION_KEY_BYTES = 32;
const DEFAULT_PORT = 3000;
const DEFAULT_RATE_LIMIT_PER_MINUTE = 600;
const DEFAULT_PLATFORM_TIMEOUT_MS = 30_000;
const MIN_PLATFORM_TIMEOUT_MS = 1_000;
const MIN_METRICS_TOKEN_LENGTH = 16;

/** True for an IPv4/IPv6 address, optionally with a /prefix (CIDR). */
function isAddressOrCidr(value: string): boolean {
  const [address, prefix, extra] = value.split('/');
  const family = net.isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d+$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
}

/** TRUST_PROXY: false/true, a hop count, or a comma-separated list of proxy addresses and CIDRs. */
function parseTrustProxy(raw: string | undefined, problems: string[]): AppConfig['trustProxy'] {
  if (raw === undefined) return false;
  const lower = raw.toLowerCase();
  if (['0', 'false', 'no', 'off'].includes(lower)) return false;
  if (['true', 'yes', 'on'].includes(lower)) return true;
  if (/^\d+$/.test(raw)) return Number(raw);
  const entries = raw
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const bad = entries.filter((entry) => !isAddressOrCidr(entry));
  if (entries.length === 0 || bad.length > 0) {
    problems.push(
      `TRUST_PROXY must be false, a number of proxy hops (1), or proxy addresses/CIDRs such as 10.0.0.0/8,fd00::/8 (got "${raw}")`,
    );
    return false;
  }
  return entries;
}

interface GeneratedSecrets {
  appSecret: string;
  encryptionKey: string;
}

/**
 * Reads the development secrets saved under the data folder, creating them once.
 * The file is private to the owner; its contents are never logged.
 */
function devSecrets(dataDir: string): GeneratedSecrets {
  const file = path.join(dataDir, SECRETS_FILE);
  if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8')) as GeneratedSecrets;
  const secrets: GeneratedSecrets = {
    appSecret: randomBytes(48).toString('base64url'),
    encryptionKey: randomBytes(ENCRYPTION_KEY_BYTES).toString('base64'),
  };
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(file, JSON.stringify(secrets), { mode: 0o600 });
  return secrets;
}

function isUrl(value: string, protocols: string[]): boolean {
  try {
    return protocols.includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

/**
 * Turns the environment into a validated config, failing fast with a clear message for
 * every bad variable. Secrets absent outside production are generated once under DATA_DIR.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const problems: string[] = [];
  const value = (name: string) => {
    const raw = env[name]?.trim();
    return raw ? raw : undefined;
  };

  // Unset means production: the development conveniences (outbox mailbox, demo login, sandbox
  // controls) are only ever on when someone asked for them (npm start and npm run dev do).
  const nodeEnvSet = value('NODE_ENV') !== undefined;
  const nodeEnv = value('NODE_ENV') ?? 'production';
  if (!['development', 'production', 'test'].includes(nodeEnv)) {
    problems.push(`NODE_ENV must be development, production or test (got "${nodeEnv}")`);
  }
  const appEnv = nodeEnv as AppEnv;

  const port = Number(value('PORT') ?? DEFAULT_PORT);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    problems.push(`PORT must be a whole number from 0 to 65535 (got "${value('PORT')}")`);
  }
  const host = value('HOST') ?? (appEnv === 'production' ? '0.0.0.0' : '127.0.0.1');

  const publicUrl = (value('PUBLIC_URL') ?? `http://localhost:${port}`).replace(/\/+$/, '');
  if (!isUrl(publicUrl, ['http:', 'https:'])) {
    problems.push(`PUBLIC_URL must be an http(s) URL such as https://app.example.com (got "${value('PUBLIC_URL')}")`);
  }

  const apiBase = `/${(value('API_BASE') ?? '/api').replace(/^\/+|\/+$/g, '')}`;
  if (apiBase === '/' || !/^\/[a-z0-9/_-]+$/i.test(apiBase)) {
    problems.push(`API_BASE must be a path prefix such as /api (got "${value('API_BASE')}")`);
  }

  const databaseUrl = value('DATABASE_URL');
  if (databaseUrl && !isUrl(databaseUrl, ['postgres:', 'postgresql:'])) {
    problems.push('DATABASE_URL must be a postgres:// connection string (leave it unset for the embedded database)');
  }
  const dataDir = path.resolve(value('DATA_DIR') ?? 'data');
  const pgliteDataDir = value('PGLITE_DATA_DIR') ?? path.join(dataDir, 'pglite');

  const smtpUrl = value('SMTP_URL');
  if (smtpUrl && !isUrl(smtpUrl, ['smtp:', 'smtps:'])) {
    problems.push('SMTP_URL must be an smtp:// or smtps:// URL (leave it unset to keep mail in the outbox)');
  }
  const mailFrom = value('MAIL_FROM') ?? 'Adwise <no-reply@adwise.app>';
  const contactInbox = value('CONTACT_INBOX') ?? SUPPORT_EMAIL;
  if (!/^[^\s@<>",;]+@[^\s@<>",;]+\.[^\s@<>",;]+$/.test(contactInbox)) {
    problems.push(`CONTACT_INBOX must be an e-mail address such as team@example.com (got "${contactInbox}")`);
  }

  const logLevel = value('LOG_LEVEL') ?? (appEnv === 'test' ? 'silent' : 'info');
  if (!LOG_LEVELS.includes(logLevel)) problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);

  const corsOrigins = (value('CORS_ORIGINS') ?? '')
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean);
  for (const origin of corsOrigins) {
    if (!isUrl(origin, ['http:', 'https:']))
      problems.push(`CORS_ORIGINS has an entry that is not an origin URL: "${origin}"`);
  }

  const rateLimitPerMinute = Number(value('RATE_LIMIT_PER_MINUTE') ?? DEFAULT_RATE_LIMIT_PER_MINUTE);
  if (!Number.isInteger(rateLimitPerMinute) || rateLimitPerMinute < 1) {
    problems.push('RATE_LIMIT_PER_MINUTE must be a whole number of 1 or more');
  }

  const flag = (name: string, fallback: boolean) => {
    const raw = value(name)?.toLowerCase();
    if (raw === undefined) return fallback;
    if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
    if (['0', 'false', 'no', 'off'].includes(raw)) return false;
    problems.push(`${name} must be true or false (got "${value(name)}")`);
    return fallback;
  };
  const trustProxy = parseTrustProxy(value('TRUST_PROXY'), problems);
  const workers = flag('WORKERS', true);

  const platformTimeoutMs = Number(value('PLATFORM_TIMEOUT_MS') ?? DEFAULT_PLATFORM_TIMEOUT_MS);
  if (!Number.isInteger(platformTimeoutMs) || platformTimeoutMs < MIN_PLATFORM_TIMEOUT_MS) {
    problems.push(
      `PLATFORM_TIMEOUT_MS must be a whole number of milliseconds, at least ${MIN_PLATFORM_TIMEOUT_MS} (got "${value('PLATFORM_TIMEOUT_MS')}")`,
    );
  }
  const timeout = (name: string, fallback: number, { off = false } = {}) => {
    const raw = value(name);
    const ms = Number(raw ?? fallback);
    if (Number.isInteger(ms) && (ms >= MIN_SERVER_TIMEOUT_MS || (off && ms === 0))) return ms;
    problems.push(
      `${name} must be a whole number of milliseconds, at least ${MIN_SERVER_TIMEOUT_MS}${off ? ' (or 0 for none)' : ''} (got "${raw}")`,
    );
    return fallback;
  };
  const serverTimeouts: ServerTimeouts = {
    headersMs: timeout('HTTP_HEADERS_TIMEOUT_MS', DEFAULT_SERVER_TIMEOUTS.headersMs),
    requestMs: timeout('HTTP_REQUEST_TIMEOUT_MS', DEFAULT_SERVER_TIMEOUTS.requestMs),
    keepAliveMs: timeout('HTTP_KEEP_ALIVE_TIMEOUT_MS', DEFAULT_SERVER_TIMEOUTS.keepAliveMs),
    idleMs: timeout('HTTP_IDLE_TIMEOUT_MS', DEFAULT_SERVER_TIMEOUTS.idleMs, { off: true }),
  };
  // Node refuses to start a server whose headers may take longer than the whole request.
  if (serverTimeouts.headersMs > serverTimeouts.requestMs) {
    problems.push(
      `HTTP_HEADERS_TIMEOUT_MS (${serverTimeouts.headersMs}) must not be longer than HTTP_REQUEST_TIMEOUT_MS (${serverTimeouts.requestMs})`,
    );
  }
  const metricsToken = value('METRICS_TOKEN');
  if (metricsToken !== undefined && metricsToken.length < MIN_METRICS_TOKEN_LENGTH) {
    problems.push(
      `METRICS_TOKEN must be at least ${MIN_METRICS_TOKEN_LENGTH} characters long (or unset to turn /api/metrics off)`,
    );
  }

  let appSecret = value('APP_SECRET');
  let encryptionKeyText = value('ENCRYPTION_KEY');
  if ((!appSecret || !encryptionKeyText) && appEnv === 'production') {
    if (!appSecret)
      problems.push(`APP_SECRET is required in production (a random string of ${MIN_SECRET_LENGTH}+ characters)`);
    if (!encryptionKeyText)
      problems.push(`ENCRYPTION_KEY is required in production (${ENCRYPTION_KEY_BYTES} random bytes, base64)`);
    if (!nodeEnvSet)
      problems.push(
        'NODE_ENV is not set, which means production; to try Adwise on this machine run `npm start` (it sets NODE_ENV=development)',
      );
  } else if (!appSecret || !encryptionKeyText) {
    const generated = devSecrets(dataDir);
    appSecret ??= generated.appSecret;
    encryptionKeyText ??= generated.encryptionKey;
  }
  if (appSecret && appSecret.length < MIN_SECRET_LENGTH) {
    problems.push(`APP_SECRET must be at least ${MIN_SECRET_LENGTH} characters long`);
  }
  const encryptionKey = Buffer.from(encryptionKeyText ?? '', 'base64');
  if (encryptionKeyText && encryptionKey.length !== ENCRYPTION_KEY_BYTES) {
    problems.push(`ENCRYPTION_KEY must be ${ENCRYPTION_KEY_BYTES} bytes encoded as base64 (openssl rand -base64 32)`);
  }

  const sandboxUrl = value('SANDBOX_URL')?.replace(/\/+$/, '');
  if (sandboxUrl && !isUrl(sandboxUrl, ['http:', 'https:']))
    problems.push(`SANDBOX_URL must be an http(s) URL (got "${sandboxUrl}")`);
  const sandboxMode = (
    value('SANDBOX') ?? (sandboxUrl ? 'external' : appEnv === 'development' ? 'inprocess' : 'off')
  ).toLowerCase();
  if (!['inprocess', 'external', 'off'].includes(sandboxMode))
    problems.push(`SANDBOX must be inprocess, external or off (got "${sandboxMode}")`);
  if (sandboxMode === 'inprocess' && appEnv !== 'development')
    problems.push('SANDBOX=inprocess is for development only (NODE_ENV=development)');
  if (sandboxMode === 'external' && !sandboxUrl) problems.push('SANDBOX=external needs SANDBOX_URL');
  const sandbox: SandboxConfig = {
    mode: sandboxMode as SandboxConfig['mode'],
    url: sandboxMode === 'external' && sandboxUrl ? sandboxUrl : `${publicUrl}${SANDBOX_PREFIX}`,
  };
  const platforms = loadPlatformSettings(env, sandbox.url, problems);

  if (problems.length > 0) throw new ConfigError(problems);

  return {
    env: appEnv,
    port,
    host,
    publicUrl,
    apiBase,
    databaseUrl,
    dataDir,
    pgliteDataDir,
    smtpUrl,
    mailFrom,
    contactInbox,
    appSecret: appSecret!,
    encryptionKey,
    logLevel,
    corsOrigins,
    staticDir: path.resolve(value('STATIC_DIR') ?? 'dist'),
    rateLimitPerMinute,
    trustProxy,
    platformTimeoutMs,
    serverTimeouts,
    metricsToken,
    webhookAllowHosts: (value('ALERT_WEBHOOK_ALLOW_HOSTS') ?? '')
      .split(',')
      .map((host) => host.trim().toLowerCase())
      .filter(Boolean),
    workers,
    platforms,
    sandbox,
  };
}

/** For command-line entry points: the configuration, or exit 1 with one message per bad variable. */
export function loadConfigOrExit(): AppConfig {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}
