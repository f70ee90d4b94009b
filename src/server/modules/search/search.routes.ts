import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context';
import type { Services } from '../../services';

/** GET search/?q= over pages, blog posts and open roles (issue 6) */
export const searchRoutes: FastifyPluginAsync<{ ctx: AppContext; services: Services }> = async () => {};
