import type { FastifyPluginAsync } from 'fastify';
import { beaconPropsSchema, isBeaconName } from '@shared/api/beacons';
import type { AppContext } from '../../context';
import { notFound } from '../../lib/httpError';
import { validate } from '../../lib/validate';
import { insertBeacon } from './beacons.queries';

/** Beacons a single client may send per minute; a page fires a handful at most. */
const BEACONS_PER_MINUTE = 60;

/** POST analytics/<name>: anonymous, fire-and-forget product beacons (spec section 7). */
export const beaconRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post<{ Params: { name: string } }>(
    '/analytics/:name',
    { config: { rateLimit: { max: BEACONS_PER_MINUTE, timeWindow: '1 minute' } } },
    async (request, reply) => {
      const { name } = request.params;
      if (!isBeaconName(name)) throw notFound(`Unknown analytics event "${name}".`);
      const props = await validate(beaconPropsSchema, request.body);
      const clean = Object.fromEntries(Object.entries(props).filter(([, v]) => v !== undefined)) as Record<string, string | number | boolean>;
      await insertBeacon(ctx.db, name, clean);
      return reply.code(204).send();
    },
  );
};
