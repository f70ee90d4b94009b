import { timingSafeEqual } from 'node:crypto';

import { DAY_MS } from '@shared/days';
import type { FastifyPluginAsync } from 'fastify';

import type { MountedService } from '../app';
import { type Clock, systemClock } from '../lib/clock';

/**
 * Time travel for the development server (demos and the end-to-end tests): the product and the
 * in-process sandbox read one clock, which the sandbox's admin token can move forward, so "a week
 * later" (a suggestion's outcome, a trial's end) can be shown without waiting a week. Never
 * mounted outside development (main.ts).
 */

/** The real time plus an offset that only grows. */
export function shiftableClock(base: Clock = systemClock): Clock & { shift(ms: number): void; offsetMs(): number } {
  let offset = 0;
  return {
    now: () => new Date(base.now().getTime() + offset),
    shift: (ms) => {
      offset += ms;
    },
    offsetMs: () => offset,
  };
}

/** Longest single move, in days. */
export const MAX_TRAVEL_DAYS = 60;
export const TIME_TRAVEL_PREFIX = '/_dev/clock';

function sameToken(given: string | undefined, expected: string): boolean {
  const a = Buffer.from(given ?? '');
  const b = Buffer.from(`Bearer ${expected}`);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * GET /_dev/clock → { now, offset_ms }; POST /_dev/clock {days} moves it forward. Both need the
 * sandbox admin token. `afterTravel` runs after each move (the app starts the work that falls due
 * by the clock, such as scheduled reports, instead of waiting for its next minute).
 */
export function timeTravelMount(
  clock: ReturnType<typeof shiftableClock>,
  adminToken: string,
  afterTravel: () => Promise<unknown> = async () => {},
): MountedService {
  const plugin: FastifyPluginAsync = async (app) => {
    app.addHook('onRequest', async (request, reply) => {
      if (!sameToken(request.headers.authorization, adminToken))
        return reply.code(401).send({ detail: 'The sandbox admin token is required.' });
    });
    const state = () => ({ now: clock.now().toISOString(), offset_ms: clock.offsetMs() });
    app.get('/', async () => state());
    app.post('/', async (request, reply) => {
      const days = (request.body as { days?: unknown } | undefined)?.days;
      if (typeof days !== 'number' || !Number.isFinite(days) || days <= 0 || days > MAX_TRAVEL_DAYS) {
        return reply.code(400).send({ detail: `days must be a number above 0 and at most ${MAX_TRAVEL_DAYS}.` });
      }
      clock.shift(days * DAY_MS);
      await afterTravel();
      return state();
    });
  };
  return { prefix: TIME_TRAVEL_PREFIX, plugin };
}
