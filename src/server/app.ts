import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

import Fastify, { type FastifyInstance, type FastifyPluginAsync, type FastifySchema } from 'fastify';
import type { Transporter } from 'nodemailer';
import type { DestinationStream } from 'pino';

import type { AppConfig, ServerTimeouts } from './config';
import type { AppContext } from './context';
import { connectDatabase } from './db/connect';
import { createJobQueue } from './jobs/queue';
import { jobDefinitions } from './jobs/registry';
import { type Clock, systemClock } from './lib/clock';
import { loggerOptions, OneLinePerRequest } from './lib/logger';
import { yupValidatorCompiler } from './lib/validate';
import { createMailer, createSmtpTransport } from './mail/mailer';
import { reconcileAtStart } from './modules/actions/actions.jobs';
import { actionRoutes } from './modules/actions/actions.routes';
import { adAccountRoutes, oauthCallbackRoutes } from './modules/adAccounts/adAccounts.routes';
import { alertRoutes, alertUnsubscribeRoutes } from './modules/alerts/alerts.routes';
import { createSignedInUser } from './modules/auth/auth.guard';
import { authRoutes } from './modules/auth/auth.routes';
import { createAccessTokens } from './modules/auth/tokens';
import { beaconRoutes } from './modules/beacons/beacons.routes';
import { blogApiRoutes } from './modules/blog/blog.routes';
import { brandingLogoRoutes, brandingRoutes } from './modules/branding/branding.routes';
import { budgetRoutes } from './modules/budgets/budgets.routes';
import { contactRoutes } from './modules/contact/contact.routes';
import { creativeRoutes, creativeSharedRoutes } from './modules/creative/creative.routes';
import { creativeFeedbackRoutes } from './modules/creative/feedback.routes';
import { postLaunchRoutes } from './modules/creative/postLaunch.routes';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import { firstPartyIngestRoutes, firstPartyRoutes } from './modules/firstParty/firstParty.routes';
import { healthRoutes } from './modules/health/health.routes';
import { devMailboxPage, devOutboxApi } from './modules/mail/mail.routes';
import { mcpRoutes } from './modules/mcp/mcp.routes';
import type { FetchClientDocument } from './modules/mcpAuth/clientMetadataDocument';
import { connectedAppsRoutes } from './modules/mcpAuth/connectedApps.routes';
import { mcpOAuthRoutes } from './modules/mcpAuth/oauth.routes';
import { oauthWellKnownRoutes } from './modules/mcpAuth/wellKnown.routes';
import { newsletterRoutes } from './modules/newsletter/newsletter.routes';
import { otpRoutes } from './modules/otp/otp.routes';
import { reportRoutes, reportSharedRoutes } from './modules/reports/reports.routes';
import { reportScheduleRoutes } from './modules/reports/schedules.routes';
import { ruleRoutes } from './modules/rules/rules.routes';
import { searchRoutes } from './modules/search/search.routes';
import { suggestionRoutes } from './modules/suggestions/suggestions.routes';
import { syncRoutes } from './modules/sync/sync.routes';
import { trialRoutes } from './modules/trial/trial.routes';
import { usersRoutes } from './modules/users/users.routes';
import { invitationRoutes, workspaceRoutes } from './modules/workspaces/workspaces.routes';
import { createRuntime } from './platforms/http';
import type { ClientRuntime } from './platforms/types';
import { registerApiDocs } from './plugins/docs';
import { clientErrorHandler, frameworkErrors, registerErrorHandler } from './plugins/errors';
import { registerJsonBodyParser } from './plugins/jsonBody';
import { createMetrics, registerRequestMetrics } from './plugins/metrics';
import { prometheusRoutes } from './plugins/prometheus';
import { refuseAmbiguousQueries } from './plugins/queryGuard';
import { registerSecurity, trustProxyOption } from './plugins/security';
import { registerSpa, SPA_ASSETS_PREFIX } from './plugins/spa';
import { createServices, type Services } from './services';

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's dependencies, for tests and scripts that need to reach past HTTP. */
    ctx: AppContext;
    /** The app's services, for tests and start-up tasks. */
    services: Services;
    /** Every route as registered (method and full URL), for tests that must cover them all. */
    registeredRoutes: RegisteredRoute[];
  }
}

/** One method and URL pattern the app answers, with the schema it declared. */
export interface RegisteredRoute {
  method: string;
  url: string;
  schema?: FastifySchema;
}

/** A plugin mounted beside the product under its own prefix, outside its rate limit (the in-process sandbox). */
export interface MountedService {
  prefix: string;
  plugin: FastifyPluginAsync;
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
  /** How the default platform runtime waits (Meta's report polls, backoffs); real timers unless set. */
  platformSleep?: ClientRuntime['sleep'];
  /** External services this process also serves (main.ts mounts the sandbox here in development). */
  mounts?: MountedService[];
  /** Where log lines go instead of stdout (tests read them to prove nothing secret is logged). */
  logStream?: DestinationStream;
  /** How OAuth Client ID Metadata Documents are read (tests serve them without a network). */
  fetchClientDocument?: FetchClientDocument;
  /** Also serve the fixed resource and prompt the MCP conformance suite reads (scripts/mcp-conformance.ts only). */
  mcpConformanceFixtures?: boolean;
  /** A migrated PGlite database to start from (tests; see ConnectOptions.pgliteTemplate). */
  pgliteTemplate?: Blob;
}

const REQUEST_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A caller may pass its own X-Request-Id to correlate logs, but only a UUID: anything else could
 * forge or collide with another request's id, so the server makes one up instead.
 */
function requestId(request: IncomingMessage): string {
  const offered = request.headers['x-request-id'];
  return typeof offered === 'string' && REQUEST_ID_PATTERN.test(offered) ? offered : randomUUID();
}

/**
 * How often node looks for requests past their headers or request timeout. Its default, 30 s,
 * would let a 15 s headers timeout run to 45 s; a look only walks the requests still arriving.
 */
function connectionsCheckingInterval({ headersMs, requestMs }: ServerTimeouts): number {
  return Math.max(10, Math.min(1_000, Math.floor(Math.min(headersMs, requestMs) / 10)));
}

/**
 * Builds the Fastify app in a fixed order: infrastructure (database, queue, mail), security,
 * the error handler, the API docs, the API modules under the API base, mounted services, the SPA
 * with the not-found handler.
 */
export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  const timeouts = config.serverTimeouts;
  const app = Fastify({
    logger: loggerOptions(config.logLevel, options.logStream),
    genReqId: requestId,
    requestIdHeader: false,
    trustProxy: trustProxyOption(config.trustProxy),
    // Node's headersTimeout is only an option of the server it creates; Fastify passes `http` on.
    http: {
      headersTimeout: timeouts.headersMs,
      requestTimeout: timeouts.requestMs,
      connectionsCheckingInterval: connectionsCheckingInterval(timeouts),
    },
    requestTimeout: timeouts.requestMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    connectionTimeout: timeouts.idleMs,
    return503OnClosing: true,
    logController: new OneLinePerRequest(),
    frameworkErrors,
    clientErrorHandler,
  });

  // Metrics first: the queue and the platform runtime report to them, and every response is counted.
  const metrics = createMetrics();
  registerRequestMetrics(app, metrics);

  const registeredRoutes: RegisteredRoute[] = [];
  app.decorate('registeredRoutes', registeredRoutes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat())
      if (method !== 'HEAD') registeredRoutes.push({ method, url: route.url, schema: route.schema });
  });

  // Infrastructure.
  const database = await connectDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDataDir: config.pgliteDataDir,
    pgliteTemplate: options.pgliteTemplate,
    onIdleError: (error) => app.log.warn({ err: error }, 'database connection lost; the pool opens a new one'),
  });
  const queue = createJobQueue({
    database,
    log: app.log,
    schedule: options.schedules ?? true,
    pollingIntervalSeconds: options.pollingIntervalSeconds,
    observeJob: metrics.jobs.observe,
  });
  const transport =
    options.mailTransport !== undefined ? options.mailTransport : await createSmtpTransport(config.smtpUrl);
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
    platformRuntime:
      options.platformRuntime ??
      createRuntime({
        timeoutMs: config.platformTimeoutMs,
        observe: metrics.platformObserver,
        sleep: options.platformSleep,
      }),
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

  // Security, then one error handler set before any module so every encapsulated context inherits it.
  const mounts = options.mounts ?? [];
  // Routes' own budgets are kept in the database so replicas share them; the global one stays in memory.
  // The SPA's hashed assets are exempt: immutable, cheap to serve and cached by browsers, while a
  // page now loads a dozen of them, so an office behind one address would spend the budget on them.
  const exemptFromRateLimit = (url: string) =>
    url.startsWith(SPA_ASSETS_PREFIX) || mounts.some((mount) => url.startsWith(`${mount.prefix}/`));
  await registerSecurity(app, config, {
    database: database.db,
    exemptFromRateLimit,
    signedInUser: createSignedInUser(ctx),
  });
  registerErrorHandler(app);
  registerJsonBodyParser(app);
  await registerApiDocs(app, config);

  // API modules: inputs described by the shared yup schemas, replies plain JSON.
  await app.register(
    async (api) => {
      api.setValidatorCompiler(yupValidatorCompiler);
      api.setSerializerCompiler(() => (data) => JSON.stringify(data));
      refuseAmbiguousQueries(api);
      await api.register(healthRoutes, { ctx });
      // Only with METRICS_TOKEN set; without it GET /api/metrics is the plain API 404.
      await api.register(prometheusRoutes, { metrics, token: config.metricsToken });
      await api.register(beaconRoutes, { ctx });
      await api.register(authRoutes, { services });
      await api.register(usersRoutes, { ctx, services });
      await api.register(connectedAppsRoutes, { ctx });
      await api.register(mcpOAuthRoutes, { ctx, fetchDocument: options.fetchClientDocument });
      await api.register(trialRoutes, { ctx, services });
      await api.register(adAccountRoutes, { ctx, services });
      await api.register(oauthCallbackRoutes, { ctx, services });
      await api.register(otpRoutes, { ctx, services });
      await api.register(dashboardRoutes, { ctx, services });
      await api.register(firstPartyRoutes, { ctx, services });
      await api.register(firstPartyIngestRoutes, { services });
      await api.register(syncRoutes, { ctx, services });
      await api.register(suggestionRoutes, { ctx, services });
      await api.register(actionRoutes, { ctx, services });
      await api.register(alertRoutes, { ctx, services });
      await api.register(ruleRoutes, { ctx, services });
      await api.register(budgetRoutes, { ctx, services });
      await api.register(creativeRoutes, { ctx, services });
      await api.register(creativeSharedRoutes, { services });
      await api.register(postLaunchRoutes, { ctx, services });
      await api.register(creativeFeedbackRoutes, { ctx, services });
      await api.register(alertUnsubscribeRoutes, { services });
      await api.register(workspaceRoutes, { ctx, services });
      await api.register(invitationRoutes, { ctx, services });
      await api.register(brandingRoutes, { ctx, services });
      await api.register(brandingLogoRoutes, { services });
      await api.register(reportRoutes, { ctx, services });
      await api.register(reportScheduleRoutes, { ctx, services });
      await api.register(reportSharedRoutes, { services });
      await api.register(contactRoutes, { ctx, services });
      await api.register(newsletterRoutes, { ctx, services });
      await api.register(blogApiRoutes, { ctx });
      await api.register(searchRoutes, { ctx, services });
      await api.register(mcpRoutes, { ctx, services, conformanceFixtures: options.mcpConformanceFixtures === true });
      // The outbox holds every OTP and reset link: only ever readable when asked for by NODE_ENV=development.
      if (config.env === 'development') await api.register(devOutboxApi, { ctx });
    },
    { prefix: config.apiBase },
  );
  if (config.env === 'development') await app.register(devMailboxPage, { ctx });
  // OAuth discovery for MCP clients lives at the root (RFC 8615), outside the API base.
  await app.register(oauthWellKnownRoutes, { config });
  for (const mount of mounts) await app.register(mount.plugin, { prefix: mount.prefix });

  await registerSpa(app, config, ctx);
  const work = options.workers ?? config.workers;
  await queue.start(jobDefinitions(ctx, services), { work });
  if (work) await reconcileAtStart(queue);
  return app;
}
