import Fastify from 'fastify';

import { manualClock } from '../lib/clock';
import { shiftableClock, TIME_TRAVEL_PREFIX, timeTravelMount } from './timeTravel';

describe('time travel (development only)', () => {
  const TOKEN = 'a-sandbox-admin-token-for-tests';
  const base = manualClock('2026-03-01T10:00:00Z');
  const clock = shiftableClock(base);

  async function app() {
    const server = Fastify();
    const mount = timeTravelMount(clock, TOKEN);
    await server.register(mount.plugin, { prefix: mount.prefix });
    return server;
  }

  it('moves the shared clock forward on the admin token only', async () => {
    const server = await app();
    const auth = { authorization: `Bearer ${TOKEN}` };
    expect(
      (await server.inject({ method: 'POST', url: `${TIME_TRAVEL_PREFIX}/`, payload: { days: 1 } })).statusCode,
    ).toBe(401);
    expect(
      (
        await server.inject({
          method: 'POST',
          url: `${TIME_TRAVEL_PREFIX}/`,
          payload: { days: 1 },
          headers: { authorization: 'Bearer wrong' },
        })
      ).statusCode,
    ).toBe(401);
    const moved = await server.inject({
      method: 'POST',
      url: `${TIME_TRAVEL_PREFIX}/`,
      payload: { days: 8 },
      headers: auth,
    });
    expect(moved.json()).toEqual({ now: '2026-03-09T10:00:00.000Z', offset_ms: 8 * 86_400_000 });
    // The real time goes on underneath.
    base.advance(60_000);
    expect(clock.now().toISOString()).toBe('2026-03-09T10:01:00.000Z');
    for (const days of [0, -1, 61, 'soon']) {
      const bad = await server.inject({
        method: 'POST',
        url: `${TIME_TRAVEL_PREFIX}/`,
        payload: { days },
        headers: auth,
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().detail).toMatch(/days must be a number/);
    }
    expect(
      (await server.inject({ method: 'GET', url: `${TIME_TRAVEL_PREFIX}/`, headers: auth })).json().offset_ms,
    ).toBe(8 * 86_400_000);
    await server.close();
  });
});
