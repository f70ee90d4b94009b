import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import type { Transporter } from 'nodemailer';
import { ErrorCode, type ApiErrorBody } from '@shared/api/errors';
import type { AppConfig } from './config';
import type { AppContext } from './context';
import { connectDatabase } from './db/connect';
import { createJobQueue } from './jobs/queue';
import { jobDefinitions } from './jobs/registry';
import { HttpError } from './lib/httpError';
import { loggerOptions, OneLinePerRequest } from './lib/logger';
import { systemClock, type Clock } from './lib/clock';
import { createAccessTokens } from './modules/auth/tokens';
import { realRuntime } from './platforms/http';
import type { ClientRuntime } from './platforms/types';
import { createMailer, createSmtpTransport } from './mail/mailer';
import { beaconRoutes } from './modules/beacons/beacons.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { accountRoutes } from './modules/users/users.routes';
import { adAccountRoutes, oauthCallbackRoutes } from './modules/adAccounts/adAccounts.routes';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import { createServices, type Services } from './services';
import { createSandbox } from '@sandbox/sandbox';
import { healthRoutes } from './modules/health/health.routes';
import { devMailboxPage, devOutboxApi } from './modules/mail/mail.routes';
import { contactRoutes } from './modules/contact/contact.routes';
import { newsletterRoutes } from './modules/newsletter/newsletter.routes';
import { blogApiRoutes, blogPageRoutes } from './modules/blog/blog.routes';
import { searchRoutes } from './modules/search/search.routes';

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's dependencies, for tests and scripts that need to reach past HTTP. */
    ctx: AppContext;
    /** The app's services, for tests and start-up tasks. */
    services: Services;
  }
}

/** What tests and special start-ups may swap. */
export interface BuildOptions {
  /** Mail transport to use instead of the one SMTP_URL describes (null: outbox only). */
  mailTransport?: Transporter | null;
  /** Start job workers in this process (default true). */
  workers?: boolean;
  /** Cron schedules and queue maintenance (default true). */
  schedules?: boolean;
  /** How often idle workers poll, in seconds. */
  pollingIntervalSeconds?: number;
  /** Where the app reads the time (tests move it by hand). */
  clock?: Clock;
  /** How platform clients fetch and wait (tests record waits instead of sleeping). */
  platformRuntime?: ClientRuntime;
}

/** Where the in-process sandbox is mounted (config.sandbox.url defaults to PUBLIC_URL + this). */
export const SANDBOX_PREFIX = '/sandbox';
const INTERNAL_ERROR_DETAIL = 'Something went wrong on our side. Please try again.';
const ONE_YEAR_SECONDS = 31_536_000;
const CLIENT_ERROR_CODES: Record<number, ErrorCode> = {
  401: ErrorCode.Unauthorized,
  403: ErrorCode.Forbidden,
  404: ErrorCode.NotFound,
  409: ErrorCode.Conflict,
  429: ErrorCode.RateLimited,
};

/**
 * Builds the Fastify app in a fixed order: infrastructure (database, queue, mail), security
 * plugins, API modules under the API base, one error handler, one not-found handler, the SPA.
 */
export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config.logLevel),
    genReqId: () => randomUUID(),
    requestIdHeader: 'x-request-id',
    trustProxy: config.trustProxy,
    return503OnClosing: true,
    logController: new OneLinePerRequest(),
  });

  // Infrastructure.
  const database = await connectDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDataDir: config.pgliteDataDir,
    onIdleError: (error) => app.log.warn({ err: error }, 'database connection lost; the pool opens a new one'),
  });
  const queue = createJobQueue({
    database,
    log: app.log,
    schedule: options.schedules ?? true,
    pollingIntervalSeconds: options.pollingIntervalSeconds,
  });
  const transport = options.mailTransport !== undefined ? options.mailTransport : createSmtpTransport(config.smtpUrl);
  const mailer = createMailer({ db: database.db, queue, transport, from: config.mailFrom, log: app.log });
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    queue,
    mailer,
    log: app.log,
    clock: options.clock ?? systemClock,
    tokens: createAccessTokens(config.appSecret),
    platformRuntime: options.platformRuntime ?? realRuntime,
  };
  app.decorate('ctx', ctx);
  const services = createServices(ctx);
  app.decorate('services', services);
  app.addHook('onClose', async () => {
    // In-flight requests are done by now; let running jobs finish, then close the database.
    await queue.stop();
    await database.close();
  });

  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  // The ad-platform sandbox, when this process serves it: an external service in all but address,
  // so it sits outside the product's rate limit.
  if (config.sandbox.mode === 'inprocess') {
    const sandbox = createSandbox({ seed: config.sandbox.seed, faults: config.sandbox.faults, now: () => ctx.clock.now() });
    await app.register(sandbox.plugin, { prefix: SANDBOX_PREFIX });
  }

  // Security.
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Emotion (MUI) injects <style> tags at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: config.env === 'production' ? [] : null,
      },
    },
    hsts: config.env === 'production' ? { maxAge: ONE_YEAR_SECONDS, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  if (config.corsOrigins.length > 0) {
    await app.register(cors, {
      origin: config.corsOrigins,
      allowedHeaders: ['Authorization', 'Content-Type', 'X-User-Email', 'X-Request-Id'],
      exposedHeaders: ['X-Request-Id', 'Retry-After'],
      maxAge: 600,
    });
  }
  await app.register(rateLimit, {
    max: config.rateLimitPerMinute,
    timeWindow: '1 minute',
    allowList: (request) => config.sandbox.mode === 'inprocess' && request.url.startsWith(`${SANDBOX_PREFIX}/`),
    errorResponseBuilder: (_request, context) =>
      new HttpError(429, `Too many requests. Please try again in ${context.after}.`, ErrorCode.RateLimited),
  });

  // One error handler, set before any module so every encapsulated context inherits it.
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    const send = (status: number, body: ApiErrorBody) => reply.code(status).send(body);
    if (error instanceof HttpError) {
      if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
      if (error.statusCode === 429 && reply.getHeader('retry-after') === undefined) reply.header('retry-after', '60');
      return send(error.statusCode, {
        detail: error.detail,
        code: error.code,
        ...(error.field ? { field: error.field } : {}),
        ...(error.retryAfterSeconds !== undefined ? { retry_after_seconds: error.retryAfterSeconds } : {}),
      });
    }
    if (error.validation) return send(400, { detail: error.message, code: ErrorCode.ValidationFailed });
    const status = error.statusCode ?? 500;
    if (status < 500) return send(status, { detail: error.message, code: CLIENT_ERROR_CODES[status] ?? ErrorCode.ValidationFailed });
    request.log.error({ err: error }, 'request failed');
    return send(500, { detail: INTERNAL_ERROR_DETAIL, code: ErrorCode.Internal });
  });

  // API modules.
  await app.register(
    async (api) => {
      await api.register(healthRoutes, { ctx });
      await api.register(beaconRoutes, { ctx });
      await api.register(authRoutes, { services });
      await api.register(accountRoutes, { ctx, services });
      await api.register(adAccountRoutes, { ctx, services });
      await api.register(oauthCallbackRoutes, { ctx, services });
      await api.register(dashboardRoutes, { ctx, services });
      await api.register(contactRoutes, { ctx, services });
      await api.register(newsletterRoutes, { ctx, services });
      await api.register(blogApiRoutes, { ctx });
      await api.register(searchRoutes, { ctx, services });
      if (config.env !== 'production') await api.register(devOutboxApi, { ctx });
    },
    { prefix: config.apiBase },
  );
  if (config.env !== 'production') await app.register(devMailboxPage, { ctx });

  // The SPA: built files, and index.html for every other non-API path (history fallback).
  const indexFile = path.join(config.staticDir, 'index.html');
  const hasSpa = fs.existsSync(indexFile);
  if (hasSpa) {
    await app.register(fastifyStatic, {
      root: config.staticDir,
      index: 'index.html',
      setHeaders: (reply, filePath) => {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', hashed ? `public, max-age=${ONE_YEAR_SECONDS}, immutable` : 'no-cache');
      },
    });
    await app.register(blogPageRoutes, { ctx, indexFile });
  }
  const apiPrefix = `${config.apiBase}/`;
  app.setNotFoundHandler({ preHandler: app.rateLimit() }, (request, reply) => {
    const pathname = request.url.split('?')[0];
    const isApi = pathname === config.apiBase || pathname.startsWith(apiPrefix);
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (!isApi && hasSpa && wantsPage && !pathname.startsWith('/assets/')) {
      return reply.code(200).header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.code(404).send({ detail: `No such ${isApi ? 'API endpoint' : 'page'}: ${request.method} ${pathname}`, code: ErrorCode.NotFound });
  });

  await queue.start(jobDefinitions(ctx, services), { work: options.workers ?? config.workers });
  return app;
}
