import { createSandbox } from '@sandbox/sandbox';
import type { ConnectedAdAccount } from '@shared/api/adAccounts';

import { SANDBOX_PREFIX } from '../config';
import { DEMO_USER } from '../modules/users/users.service';
import { sandboxSettings } from '../platforms/settings';
import { buildTestApp, type TestApp } from '../test/buildTestApp';
import { freePort } from '../test/listeningApp';
import { DEMO_PLATFORMS, demoPlanFrom, seedDemoData } from './demoData';

describe('the development demo account', () => {
  let t: TestApp;

  beforeAll(async () => {
    // As `npm start` runs it: the sandbox in process under /sandbox, the server listening on its public URL.
    const port = await freePort();
    const publicUrl = `http://127.0.0.1:${port}`;
    const sandbox = createSandbox({ seed: 11, sleep: async () => {}, redirectOrigins: [publicUrl] });
    t = await buildTestApp({
      workers: false,
      mounts: [{ prefix: SANDBOX_PREFIX, plugin: sandbox.plugin }],
      config: {
        publicUrl,
        platforms: sandboxSettings(`${publicUrl}${SANDBOX_PREFIX}`),
        sandbox: { mode: 'inprocess', url: `${publicUrl}${SANDBOX_PREFIX}` },
      },
    });
    await t.app.listen({ port, host: '127.0.0.1' });
    await t.app.services.users.ensureDemoUser();
  });
  afterAll(() => t?.close());

  const demoAuth = async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login/',
      payload: { username: DEMO_USER.email, password: DEMO_USER.password },
    });
    return { authorization: `Bearer ${(login.json() as { access: string }).access}` };
  };

  it('starts with a running trial and three platforms connected through their consent pages, their backfill queued', async () => {
    expect(await seedDemoData(t.app)).toBe('seeded');
    const headers = await demoAuth();
    const accounts = (
      await t.app.inject({ method: 'GET', url: '/api/ad-accounts/', headers })
    ).json() as ConnectedAdAccount[];
    expect(accounts.map((a) => a.platform).sort()).toEqual([...DEMO_PLATFORMS].sort());
    expect(accounts.every((a) => a.status === 'active')).toBe(true);
    const info = (await t.app.inject({ method: 'GET', url: '/api/user-info/', headers })).json() as {
      trial: { is_trial: boolean };
    };
    expect(info.trial.is_trial).toBe(true);
    const sync = (await t.app.inject({ method: 'GET', url: '/api/sync/', headers })).json() as {
      connections: { status: string }[];
    };
    expect(sync.connections).toHaveLength(DEMO_PLATFORMS.length);
    expect(sync.connections.every((c) => c.status === 'queued' || c.status === 'running' || c.status === 'idle')).toBe(
      true,
    );
  });

  it('leaves the demo as it is on the next start', async () => {
    expect(await seedDemoData(t.app)).toBe('kept');
    const accounts = (
      await t.app.inject({ method: 'GET', url: '/api/ad-accounts/', headers: await demoAuth() })
    ).json() as ConnectedAdAccount[];
    expect(accounts).toHaveLength(DEMO_PLATFORMS.length);
  });
});

describe('DEMO_PLAN', () => {
  it('is the trial unless it says pro, and refuses anything else', () => {
    expect([undefined, '', 'trial'].map(demoPlanFrom)).toEqual(['trial', 'trial', 'trial']);
    expect(demoPlanFrom('pro')).toBe('pro');
    expect(demoPlanFrom('enterprise')).toBeNull();
  });
});
