import Fastify from 'fastify';
import { createSandbox, startSandbox, type RunningSandbox } from './sandbox';

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
        const response = await app.inject({ method: 'GET', url: path, headers: { authorization: 'Bearer anything-at-all-here' } });
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
      expect((await app.inject({ method: 'GET', url: '/sandbox/_sandbox/faults', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('refuses a token shorter than 16 characters', () => {
    expect(() => createSandbox({ adminToken: 'short' })).toThrow(/at least 16 characters/);
  });
});
