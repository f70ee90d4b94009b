import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context';
import type { Services } from '../../services';

/** POST get-in-touch/ (issue 6) */
export const contactRoutes: FastifyPluginAsync<{ ctx: AppContext; services: Services }> = async () => {};
