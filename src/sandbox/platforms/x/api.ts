import type { FastifyInstance } from 'fastify';

import type { SandboxContext } from '../../types';
import { entityRoutes } from './entities';
import { statsRoutes } from './stats';

/**
 * The X Ads API the sandbox serves under /x/<version>: the entity endpoints (entities.ts) and
 * analytics, synchronous and as jobs with their gzipped downloads (stats.ts). Every call goes
 * through wire.ts's authenticate; X's error bodies come from the scope's error handler (index.ts).
 */
export function apiRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  entityRoutes(app, ctx);
  statsRoutes(app, ctx);
}
