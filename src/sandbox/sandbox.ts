import { randomBytes } from 'node:crypto';

import Fastify, { type FastifyInstance, type FastifyPluginAsync, type FastifyRequest } from 'fastify';

import { adminRoutes } from './admin';
import { ConsentPages } from './consent';
import { ADMIN_PATH } from './contract';
import { type Fault, FAULT_HEADER, type FaultRule, Faults } from './faults';
import { Grants } from './grants';
import { sandboxPlatforms } from './platforms';
import { redirectPolicy } from './redirects';
import type { SandboxContext } from './types';
import { World } from './world';

/**
 * The ad-platform sandbox: a local emulator of the five platforms' public APIs (OAuth consent,
 * token, revoke, account lists, reporting, status and budget changes) over one synthetic world.
 * It runs in-process under /sandbox with `npm start`, or on its own port for tests
 * (startSandbox). Admin endpoints under /_sandbox let tests read ground truth and inject faults;
 * they exist only when an admin token is configured, and every call must carry it.
 */

export interface SandboxOptions {
  seed?: number;
  now?: () => Date;
  accountsPerPlatform?: number;
  /** Standing fault rules (SANDBOX_FAULTS). */
  faults?: FaultRule[];
  /** How the sandbox waits for 'slow' faults (tests may shorten it). */
  sleep?: (ms: number) => Promise<void>;
  /**
   * Origins the consent flow may redirect to (https://app.example.com): a redirect_uri elsewhere
   * is refused with the platform's error page. Default: loopback only (http://localhost:*,
   * http://127.0.0.1:*, http://[::1]:*).
   */
  redirectOrigins?: string[];
  /**
   * Bearer token the admin routes (/_sandbox/*) require (SANDBOX_ADMIN_TOKEN, at least 16
   * characters). Without one the admin routes are not there at all.
   */
  adminToken?: string;
  /** Serve the world's hidden truth at /_sandbox/truth (development and tests only; see env.ts). */
  exposeTruth?: boolean;
}

export interface Sandbox {
  world: World;
  grants: Grants;
  faults: Faults;
  /** Mount with app.register(sandbox.plugin, { prefix: '/sandbox' }) or on its own server. */
  plugin: FastifyPluginAsync;
}

/** Form bodies as objects; repeated names become arrays (consent checkboxes). */
function parseForm(body: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const existing = out[key];
    out[key] = existing === undefined ? value : ([] as string[]).concat(existing, value);
  }
  return out;
}

export function createSandbox(options: SandboxOptions = {}): Sandbox {
  const now = options.now ?? (() => new Date());
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const world = new World({ seed: options.seed, now, accountsPerPlatform: options.accountsPerPlatform });
  const grants = new Grants(now);
  const faults = new Faults(options.faults);
  const consent = new ConsentPages(grants, (platform) => world.accounts(platform), now);
  const checkRedirect = redirectPolicy(options.redirectOrigins);
  // Built here so that a bad token fails createSandbox, not the first registration.
  const admin = adminRoutes({
    world,
    grants,
    faults,
    adminToken: options.adminToken,
    exposeTruth: options.exposeTruth,
  });

  const plugin: FastifyPluginAsync = async (app) => {
    const prefix = app.prefix;
    const baseUrl = (request: FastifyRequest) => `${request.protocol}://${request.host}${prefix}`;
    // The sandbox is an external service: it is not subject to the product's rate limit.
    app.addHook('onRoute', (route) => {
      route.config = { ...(route.config as object), rateLimit: false } as typeof route.config;
    });
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
      done(null, parseForm(body as string));
    });

    const ctx: SandboxContext = {
      world,
      grants,
      faults,
      now,
      baseUrl,
      checkRedirect,
      showConsent: (request, reply, pending) => {
        // Each authorize endpoint refuses a bad redirect_uri in its platform's words first; this
        // is the backstop for one that forgets.
        if (!checkRedirect(pending.redirectUri).ok) {
          const refusal = 'The redirect_uri is not registered with the sandbox.';
          return reply.code(400).header('content-type', 'text/plain; charset=utf-8').send(refusal);
        }
        return consent.show(reply, `${baseUrl(request)}/consent`, pending);
      },
      fault: async (platform, request, reply, render) => {
        const fault: Fault | undefined = faults.take(platform, request.headers[FAULT_HEADER]);
        if (!fault) return false;
        switch (fault.kind) {
          case 'slow':
            await sleep(fault.delayMs);
            return false;
          case 'rate_limit':
            render.rateLimit(reply, fault.retryAfterSeconds);
            return true;
          case 'server_error':
            render.serverError(reply);
            return true;
          case 'expired_token':
            render.expiredToken(reply);
            return true;
          case 'revoked':
            render.revoked(reply);
            return true;
        }
      },
    };

    app.post('/consent', async (request, reply) =>
      consent.decide(reply, `${baseUrl(request)}/consent`, (request.body ?? {}) as Record<string, string | string[]>),
    );

    await app.register(admin, { prefix: ADMIN_PATH });
    for (const module of sandboxPlatforms) {
      await app.register(async (scope) => module.routes(scope, ctx), { prefix: `/${module.platform}` });
    }
  };

  return { world, grants, faults, plugin };
}

export interface RunningSandbox extends Sandbox {
  /** http://127.0.0.1:<port> */
  url: string;
  app: FastifyInstance;
  /** The token the admin routes require (the one given, or a random one). */
  adminToken: string;
  /** Calls an admin route with the token: admin('/totals?platform=meta&…'), admin('/faults', { method: 'DELETE' }). */
  admin(path: string, init?: RequestInit): Promise<Response>;
  close(): Promise<void>;
}

/** Starts the sandbox on its own port (0: any free one), with a random admin token unless one is given. */
export async function startSandbox(
  options: SandboxOptions & { port?: number; host?: string } = {},
): Promise<RunningSandbox> {
  const adminToken = options.adminToken ?? randomBytes(24).toString('base64url');
  const sandbox = createSandbox({ ...options, adminToken });
  const app = Fastify({ logger: false });
  await app.register(sandbox.plugin);
  const host = options.host ?? '127.0.0.1';
  await app.listen({ port: options.port ?? 0, host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const url = `http://${host}:${port}`;
  const admin = (path: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    headers.set('authorization', `Bearer ${adminToken}`);
    return fetch(`${url}${ADMIN_PATH}${path}`, { ...init, headers });
  };
  return { ...sandbox, app, url, adminToken, admin, close: () => app.close() };
}
