import Fastify, { type FastifyInstance, type FastifyPluginAsync, type FastifyReply, type FastifyRequest } from 'fastify';
import { PLATFORMS, type Platform } from '@shared/constants';
import { ConsentPages, type PendingConsent } from './consent';
import { FAULT_HEADER, Faults, type Fault, type FaultRule } from './faults';
import { Grants } from './grants';
import { World } from './world';
import { sandboxPlatforms } from './platforms';

/**
 * The ad-platform sandbox: a local emulator of the five platforms' public APIs (OAuth consent,
 * token, revoke, account lists, reporting, status and budget changes) over one synthetic world.
 * It runs in-process under /sandbox with `npm start`, or on its own port for tests
 * (startSandbox). Admin endpoints under /_sandbox let tests read ground truth and inject faults.
 */

export interface SandboxOptions {
  seed?: number;
  now?: () => Date;
  accountsPerPlatform?: number;
  /** Standing fault rules (SANDBOX_FAULTS). */
  faults?: FaultRule[];
  /** How the sandbox waits for 'slow' faults (tests may shorten it). */
  sleep?: (ms: number) => Promise<void>;
}

/** How a platform renders injected faults in its own wire format. */
export interface FaultRenderer {
  rateLimit(reply: FastifyReply, retryAfterSeconds: number): FastifyReply;
  serverError(reply: FastifyReply): FastifyReply;
  expiredToken(reply: FastifyReply): FastifyReply;
  revoked(reply: FastifyReply): FastifyReply;
}

/** What each platform module gets. */
export interface SandboxContext {
  world: World;
  grants: Grants;
  faults: Faults;
  now: () => Date;
  /** Absolute URL of the sandbox root as this request reached it (for paging links and downloads). */
  baseUrl(request: FastifyRequest): string;
  /** Shows the consent page for an authorize request the platform module has checked. */
  showConsent(request: FastifyRequest, reply: FastifyReply, pending: PendingConsent): FastifyReply;
  /**
   * Fault injection for one API request: resolves true when it already replied (the route must
   * then return the reply), false to go on (after stalling, for 'slow').
   */
  fault(platform: Platform, request: FastifyRequest, reply: FastifyReply, render: FaultRenderer): Promise<boolean>;
}

export interface SandboxPlatform {
  platform: Platform;
  /** Registers the platform's routes; they are mounted under /<platform>. */
  routes(app: FastifyInstance, ctx: SandboxContext): Promise<void> | void;
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
      showConsent: (request, reply, pending) => consent.show(reply, `${baseUrl(request)}/consent`, pending),
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

    await app.register(adminRoutes(world, grants, faults), { prefix: '/_sandbox' });
    for (const module of sandboxPlatforms) {
      await app.register(async (scope) => module.routes(scope, ctx), { prefix: `/${module.platform}` });
    }
  };

  return { world, grants, faults, plugin };
}

const isPlatform = (value: unknown): value is Platform => typeof value === 'string' && (PLATFORMS as readonly string[]).includes(value);

/** Test and operator controls: ground truth, fault rules, consent revocation, token expiry. */
function adminRoutes(world: World, grants: Grants, faults: Faults): FastifyPluginAsync {
  return async (app) => {
    app.get('/accounts', async (request) => {
      const { platform } = request.query as { platform?: string };
      const list = PLATFORMS.filter((p) => !platform || p === platform).flatMap((p) =>
        world.accounts(p).map((a) => ({
          platform: p,
          id: a.id,
          name: a.name,
          currency: a.currency,
          timeZone: a.timeZone,
          campaigns: a.campaigns.map((c) => ({
            id: c.id,
            name: c.name,
            status: world.status(p, c.id),
            dailyBudgetMinor: world.dailyBudgetMinor(p, c.id),
            ads: c.ads.map((ad) => ({ id: ad.id, name: ad.name })),
          })),
        })),
      );
      return { accounts: list };
    });

    app.get('/totals', async (request, reply) => {
      const { platform, account, since, until } = request.query as Record<string, string | undefined>;
      if (!isPlatform(platform) || !account || !since || !until) {
        return reply.code(400).send({ error: 'platform, account, since and until are required' });
      }
      return world.totals(platform, account, since, until);
    });

    app.get('/faults', async () => ({ faults: faults.list() }));
    app.post('/faults', async (request, reply) => {
      try {
        faults.add(request.body as FaultRule);
      } catch (error) {
        return reply.code(400).send({ error: (error as Error).message });
      }
      return reply.code(204).send();
    });
    app.delete('/faults', async (_request, reply) => {
      faults.clear();
      return reply.code(204).send();
    });

    app.post('/revoke', async (request) => {
      const { platform } = (request.body ?? {}) as { platform?: string };
      return { revoked: grants.revokeAll(isPlatform(platform) ? platform : undefined) };
    });
    app.post('/expire', async (request) => {
      const { platform } = (request.body ?? {}) as { platform?: string };
      return { expired: grants.expireAccessTokens(isPlatform(platform) ? platform : undefined) };
    });
  };
}

export interface RunningSandbox extends Sandbox {
  /** http://127.0.0.1:<port> */
  url: string;
  app: FastifyInstance;
  close(): Promise<void>;
}

/** Starts the sandbox on its own port (0: any free one). */
export async function startSandbox(options: SandboxOptions & { port?: number; host?: string } = {}): Promise<RunningSandbox> {
  const sandbox = createSandbox(options);
  const app = Fastify({ logger: false });
  await app.register(sandbox.plugin);
  const host = options.host ?? '127.0.0.1';
  await app.listen({ port: options.port ?? 0, host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  return { ...sandbox, app, url: `http://${host}:${port}`, close: () => app.close() };
}
