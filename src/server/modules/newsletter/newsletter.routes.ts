import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context';
import type { Services } from '../../services';

/** newsletter/ subscribe, confirm and unsubscribe (issue 6) */
export const newsletterRoutes: FastifyPluginAsync<{ ctx: AppContext; services: Services }> = async () => {};
