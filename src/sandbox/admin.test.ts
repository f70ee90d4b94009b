import Fastify from 'fastify';

import { createSandbox, type RunningSandbox, startSandbox } from './sandbox';

describe('sandbox admin routes', () => {
  let sandbox: RunningSandbox;

  beforeAll(async () => {
    sandbox = await startSandbox({ seed: 7 });
  });
  afterAll(() => sandbox.close());

  it('answers with the admin token (random for startSandbox), through the admin helper', async () => {
    expect(sandbox.adminToken.length).toBeGreaterThanOrEqual(16);
    const response = await sandbox.admin('/accounts?platform=meta');
    expect(response.status).toBe(200);
    const { accounts } = (await response.json()) as { accounts: { platform: string }[] };
    expect(accounts.length).toBeGreaterThan(0);
    expect(accounts.every((a) => a.platform === 'meta')).toBe(true);
  });

  it('shows each ad with its own status', async () => {
    const ad = sandbox.world.accounts('tiktok')[0].campaigns[0].ads[1];
    sandbox.world.setAdStatus('tiktok', ad.id, 'PAUSED');
    const response = await sandbox.admin('/accounts?platform=tiktok');
    const { accounts } = (await response.json()) as {
      accounts: { campaigns: { ads: { id: string; name: string; status: string }[] }[] }[];
    };
    const ads = accounts.flatMap((a) => a.campaigns.flatMap((c) => c.ads));
    expect(ads.find((a) => a.id === ad.id)).toEqual({ id: ad.id, name: ad.name, status: 'PAUSED' });
    expect(ads.filter((a) => a.status === 'ACTIVE')).toHaveLength(ads.length - 1);
  });

  it('answers 401 without the token, with a wrong one, or with another scheme', async () => {
    const url = `${sandbox.url}/_sandbox/accounts`;
    const attempts: (Record<string, string> | undefined)[] = [
      undefined,
      { authorization: 'Bearer wrong' },
      { authorization: `Bearer ${sandbox.adminToken}x` },
      { authorization: `Basic ${sandbox.adminToken}` },
    ];
    for (const headers of attempts) {
      const response = await fetch(url, { headers });
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toMatch(/^Bearer/);
    }
    // Writes too: nobody without the token queues faults.
    const write = await fetch(`${sandbox.url}/_sandbox/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ platform: 'meta', kind: 'server_error', times: 1 }),
    });
    expect(write.status).toBe(401);
    expect(sandbox.faults.list()).toEqual([]);
  });

  it('takes fault rules and ground-truth queries with the token', async () => {
    const added = await sandbox.admin('/faults', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ platform: 'meta', kind: 'server_error', times: 1 }),
    });
    expect(added.status).toBe(204);
    expect(sandbox.faults.list()).toHaveLength(1);
    expect((await sandbox.admin('/faults', { method: 'DELETE' })).status).toBe(204);
    expect(sandbox.faults.list()).toEqual([]);
    const missing = await sandbox.admin('/totals?platform=meta');
    expect(missing.status).toBe(400);
  });

  it('keeps a token given to startSandbox', async () => {
    const own = await startSandbox({ adminToken: 'a-token-of-sixteen+' });
    try {
      expect(own.adminToken).toBe('a-token-of-sixteen+');
      expect((await own.admin('/faults')).status).toBe(200);
    } finally {
      await own.close();
    }
  });

  it('does not exist without a token, even under a host whose catch-all answers 200', async () => {
    const app = Fastify({ logger: false });
    await app.register(createSandbox({ seed: 7 }).plugin, { prefix: '/sandbox' });
    // Like the server's SPA fallback: every unknown GET gets the app's page.
    app.setNotFoundHandler((_request, reply) => reply.code(200).send('<!doctype html><title>SPA</title>'));
    try {
      for (const path of ['/sandbox/_sandbox/accounts', '/sandbox/_sandbox/totals', '/sandbox/_sandbox/faults']) {
        const response = await app.inject({
          method: 'GET',
          url: path,
          headers: { authorization: 'Bearer anything-at-all-here' },
        });
        expect(response.statusCode).toBe(404);
      }
      expect((await app.inject({ method: 'POST', url: '/sandbox/_sandbox/revoke', payload: {} })).statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });

  it('answers unknown admin paths 404 with the token and 401 without, under such a host too', async () => {
    const token = 'sixteen-chars-or-more';
    const app = Fastify({ logger: false });
    await app.register(createSandbox({ seed: 7, adminToken: token }).plugin, { prefix: '/sandbox' });
    app.setNotFoundHandler((_request, reply) => reply.code(200).send('<!doctype html><title>SPA</title>'));
    try {
      const unknown = { method: 'GET' as const, url: '/sandbox/_sandbox/nothing-here' };
      expect((await app.inject({ ...unknown, headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(404);
      expect((await app.inject(unknown)).statusCode).toBe(401);
      expect(
        (
          await app.inject({
            method: 'GET',
            url: '/sandbox/_sandbox/faults',
            headers: { authorization: `Bearer ${token}` },
          })
        ).statusCode,
      ).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('serves the world’s hidden truth only when asked to (development and tests), with the token', async () => {
    const token = 'sixteen-chars-or-more';
    const auth = { authorization: `Bearer ${token}` };
    for (const exposeTruth of [true, false]) {
      const app = Fastify({ logger: false });
      const sandbox = createSandbox({ seed: 7, adminToken: token, exposeTruth });
      await app.register(sandbox.plugin, { prefix: '/sandbox' });
      try {
        const account = sandbox.world.accounts('meta')[0];
        const url = `/sandbox/_sandbox/truth?platform=meta&account=${account.id}&since=2026-01-01&until=2026-01-31`;
        const answer = await app.inject({ method: 'GET', url, headers: auth });
        if (!exposeTruth) {
          expect(answer.statusCode).toBe(404);
          continue;
        }
        expect(answer.statusCode).toBe(200);
        const truth = answer.json();
        expect(truth.campaigns).toHaveLength(account.campaigns.length);
        expect(truth.campaigns[0].ads[0]).toEqual(
          expect.objectContaining({
            kind: expect.any(String),
            conversionRate: expect.any(Number),
            ctrMultiplier: expect.any(Number),
          }),
        );
        expect(truth.conversionLag.at(-1)).toBe(1);
        expect((await app.inject({ method: 'GET', url })).statusCode).toBe(401);
        expect(
          (await app.inject({ method: 'GET', url: '/sandbox/_sandbox/truth?platform=meta', headers: auth })).statusCode,
        ).toBe(400);
        expect(
          (
            await app.inject({
              method: 'GET',
              url: '/sandbox/_sandbox/truth?platform=meta&account=act_0',
              headers: auth,
            })
          ).statusCode,
        ).toBe(404);
      } finally {
        await app.close();
      }
    }
  });

  it('refuses a token shorter than 16 characters', () => {
    expect(() => createSandbox({ adminToken: 'short' })).toThrow(/at least 16 characters/);
  });
});
