import { createHash, timingSafeEqual } from 'node:crypto';

import { isPlatform, PLATFORMS } from '@shared/constants';
import type { FastifyPluginAsync } from 'fastify';

import type { FaultRule, Faults } from './faults';
import type { Grants } from './grants';
import { accountTruth } from './truth';
import type { World } from './world';

/**
 * Test and operator controls under /_sandbox: ground truth (totals; the world's hidden truth in
 * development and tests only), fault rules, consent revocation, token expiry. Anyone who can
 * call them can rewrite what the platforms report, so every call carries
 * `Authorization: Bearer <admin token>`; a sandbox without a token has no admin routes.
 */

/** Shortest admin token accepted: long enough that guessing it is not a plan. */
export const MIN_ADMIN_TOKEN_LENGTH = 16;

/** Compares through fixed-length digests, so neither the content nor the length leaks through timing. */
function sameSecret(given: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

export interface AdminOptions {
  world: World;
  grants: Grants;
  faults: Faults;
  /** The bearer token every call must carry; undefined: the routes do not exist. */
  adminToken?: string;
  /** Serve /truth (the world's hidden truth): only in development and tests. */
  exposeTruth?: boolean;
}

/** The admin routes, to register under ADMIN_PATH. */
export function adminRoutes({
  world,
  grants,
  faults,
  adminToken,
  exposeTruth = false,
}: AdminOptions): FastifyPluginAsync {
  if (adminToken !== undefined && adminToken.length < MIN_ADMIN_TOKEN_LENGTH) {
    throw new Error(`The sandbox admin token must be at least ${MIN_ADMIN_TOKEN_LENGTH} characters long`);
  }
  return async (app) => {
    // An explicit 404 for unknown paths, and for all of them without a token: a host app's
    // catch-all (the server's SPA fallback) must not answer them with a page and a 200.
    app.setNotFoundHandler((_request, reply) => reply.code(404).send({ error: 'Not found' }));
    if (adminToken === undefined) return;

    app.addHook('onRequest', async (request, reply) => {
      const token = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
      if (token === undefined || !sameSecret(token, adminToken)) {
        return reply
          .code(401)
          .header('www-authenticate', 'Bearer realm="sandbox admin"')
          .send({ error: 'The sandbox admin routes need Authorization: Bearer <admin token>' });
      }
    });

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
            ads: c.ads.map((ad) => ({ id: ad.id, name: ad.name, status: world.adStatus(p, ad.id) })),
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

    if (exposeTruth) {
      // What the product's advice is judged against; benches and tests read it, the product never does.
      app.get('/truth', async (request, reply) => {
        const { platform, account, since, until } = request.query as Record<string, string | undefined>;
        if (!isPlatform(platform) || !account)
          return reply.code(400).send({ error: 'platform and account are required' });
        const range = since && until ? { since, until } : undefined;
        const truth = accountTruth(world, platform, account, range);
        if (!truth) return reply.code(404).send({ error: `No account ${account} on ${platform}` });
        return truth;
      });
    }

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
