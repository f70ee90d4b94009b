import { createHash, createHmac } from 'node:crypto';

import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import { TIME_ZONE_HEADER } from '@shared/api/auth';
import { ErrorCode } from '@shared/api/errors';
import { WORKSPACE_HEADER } from '@shared/api/workspaces';
import { SESSION_HINT_SCRIPT } from '@shared/prerender';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import helmet from 'helmet';

import type { AppConfig } from '../config';
import type { Db } from '../db/connect';
import { HttpError } from '../lib/httpError';
import { rateLimitStore } from './rateLimitStore';

const ONE_YEAR_SECONDS = 31_536_000;

/**
 * Fastify's `trustProxy` from TRUST_PROXY. A hop count becomes "the nearest n addresses are our
 * proxies" (this Fastify treats a bare number as trusting nobody); then request.ip is the address
 * the outermost trusted proxy saw, never one the client wrote into X-Forwarded-For.
 */
export function trustProxyOption(
  trustProxy: AppConfig['trustProxy'],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trustProxy === 'number') return (_address, hop) => hop < trustProxy;
  return trustProxy;
}

/**
 * Headers (CSP, HSTS in production, ...), CORS for configured origins only, signed cookies (the
 * OAuth browser binding), and the per-client request budget every route has unless it sets its own.
 * The global budget is counted in process memory; with `database`, a route's own budget
 * (`config.rateLimit`) is counted in the database so it holds across replicas.
 */
export async function registerSecurity(
  app: FastifyInstance,
  config: AppConfig,
  options: {
    exemptFromRateLimit?: (url: string) => boolean;
    database?: Db;
    /** The signed-in user a request's access token proves, if any: their requests share one budget, wherever they come from. */
    signedInUser?: (request: FastifyRequest) => Promise<string | null>;
  } = {},
): Promise<void> {
  // Helmet's own middleware, built once. @fastify/helmet builds it anew for every request (its
  // directives parsed again each time), which was about 4% of the server's time under load.
  const setSecurityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // The one inline script, the prerendered pages' session hint, by its hash.
        scriptSrc: ["'self'", `'sha256-${createHash('sha256').update(SESSION_HINT_SCRIPT).digest('base64')}'`],
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
  app.addHook('onRequest', (request, reply, done) =>
    // Helmet only ever passes on an Error, from one of its own header middlewares.
    setSecurityHeaders(request.raw, reply.raw, (error) => done(error instanceof Error ? error : undefined)),
  );
  if (config.corsOrigins.length > 0) {
    await app.register(cors, {
      origin: config.corsOrigins,
      // MCP clients in a browser send the protocol version and read the 401's challenge (modules/mcp).
      allowedHeaders: [
        'Authorization',
        'Content-Type',
        'X-User-Email',
        'X-Request-Id',
        'Mcp-Protocol-Version',
        TIME_ZONE_HEADER,
        WORKSPACE_HEADER,
      ],
      exposedHeaders: ['X-Request-Id', 'Retry-After', 'WWW-Authenticate'],
      maxAge: 600,
    });
  }
  // Cookies are signed with a key derived from the app secret, never the secret itself.
  await app.register(cookie, {
    secret: createHmac('sha256', config.appSecret).update('adwise:cookies').digest('base64url'),
  });
  await app.register(rateLimit, {
    max: config.rateLimitPerMinute,
    timeWindow: '1 minute',
    ...(options.database ? { store: rateLimitStore({ db: options.database, log: app.log }) } : {}),
    allowList: (request) => options.exemptFromRateLimit?.(request.url) ?? false,
    // Signed-in requests are counted per user, others per address: an agency's staff behind one
    // office address would otherwise share one budget, and a busy dashboard spends it.
    keyGenerator: async (request) => {
      const user = await options.signedInUser?.(request);
      return user ? `user:${user}` : request.ip;
    },
    errorResponseBuilder: (_request, context) =>
      new HttpError(429, `Too many requests. Please try again in ${context.after}.`, ErrorCode.RateLimited),
  });
}
