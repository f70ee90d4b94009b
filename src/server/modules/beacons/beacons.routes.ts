import { BEACON_NAMES, beaconPropsSchema, isBeaconName } from '@shared/api/beacons';
import type { FastifyPluginAsync } from 'fastify';
import { object, string } from 'yup';

import type { AppContext } from '../../context';
import { notFound } from '../../lib/httpError';
import { rateLimit } from '../../lib/routeOptions';
import { errorResponses, success } from '../../lib/routeSchema';
import type { YupTypeProvider } from '../../lib/validate';
import { insertBeacon } from './beacons.queries';

/** Beacons a single client may send per minute; a page fires a handful at most. */
const BEACONS_PER_MINUTE = 60;

const beaconParams = object({ name: string().required().max(40) });

/** POST analytics/<name>: anonymous, fire-and-forget product beacons (spec section 7). */
export const beaconRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  const app = fastify.withTypeProvider<YupTypeProvider>();
  app.post(
    '/analytics/:name',
    {
      config: rateLimit(BEACONS_PER_MINUTE),
      schema: {
        summary: 'Record an anonymous product beacon',
        description: `name is one of: ${BEACON_NAMES.join(', ')}. Only flags, a timestamp and a plan, platform, page key or job title are kept.`,
        tags: ['Public'],
        params: beaconParams,
        body: beaconPropsSchema,
        response: { 204: success('Recorded.'), ...errorResponses(400, 404, 429) },
      },
    },
    async (request, reply) => {
      const { name } = request.params;
      if (!isBeaconName(name)) throw notFound(`Unknown analytics event "${name}".`);
      const clean = Object.fromEntries(Object.entries(request.body).filter(([, v]) => v !== undefined)) as Record<
        string,
        string | number | boolean
      >;
      await insertBeacon(ctx.db, name, clean);
      return reply.code(204).send();
    },
  );
};
