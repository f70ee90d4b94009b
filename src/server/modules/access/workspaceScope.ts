import type { FastifyInstance } from 'fastify';

import type { AppContext } from '../../context';
import { noStore } from '../../lib/routeOptions';
import type { YupTypeProvider } from '../../lib/validate';
import { createAuthGuard } from '../auth/auth.guard';
import { createWorkspaceGuard } from './principal';

/**
 * The start of every routes plugin about the current workspace: the caller is signed in and a
 * member of it (the request's principal is set before the body is read), and no answer is cached.
 * Returns the plugin's app with the yup type provider, to declare its routes on.
 */
export function workspaceScope(fastify: FastifyInstance, ctx: Pick<AppContext, 'db' | 'tokens' | 'clock'>) {
  const app = fastify.withTypeProvider<YupTypeProvider>();
  app.addHook('onRequest', createAuthGuard(ctx));
  app.addHook('onRequest', createWorkspaceGuard(ctx));
  noStore(app);
  return app;
}
