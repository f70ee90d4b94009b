import { type RunningSandbox, startSandbox } from '@sandbox/sandbox';
import { percentChange, previousRange } from '@shared/api/dashboard';
import type { WorkspaceOverview } from '@shared/api/workspaces';
import type { Platform } from '@shared/constants';

import { sandboxSettings } from '../../platforms/settings';
import { buildTestApp, type TestApp } from '../../test/buildTestApp';
import { signUp, type TestUser } from '../../test/factories';
import { recordingRuntime } from '../../test/platforms';
import { SYNCED_SETUP_TIMEOUT_MS } from '../../test/tenants';
import { type SyncedWorkspace, syncedWorkspace } from '../../test/workspaceTenants';
import { call } from './workspaces.fixtures';

/**
 * The All clients overview against the sandbox's own ground truth: an agency with two client
 * workspaces, each holding a synced sandbox account that bills in US dollars, read in dollars.
 */
describe('the All clients overview on synced sandbox data', () => {
  let sandbox: RunningSandbox;
  let t: TestApp;
  let owner: TestUser;
  let clients: SyncedWorkspace[];

  /** The index of the platform's first account billing in USD, so no conversion stands between the figures. */
  const firstUsdAccount = (platform: Platform) =>
    sandbox.world.accounts(platform).findIndex((account) => account.currency === 'USD');

  beforeAll(async () => {
    sandbox = await startSandbox({ seed: 31, sleep: async () => {} });
    t = await buildTestApp({
      workers: false,
      platformRuntime: recordingRuntime(),
      config: { platforms: sandboxSettings(sandbox.url), sandbox: { mode: 'external', url: sandbox.url } },
    });
    owner = await signUp(t.app, { timeZone: 'UTC', fullName: 'Asha Rao' });
    expect((await call(t.app, owner, 'POST', 'start-trial/')).statusCode).toBe(200);
    clients = [
      await syncedWorkspace(t, sandbox, owner, 'Acme Shoes', 'google', firstUsdAccount('google')),
      await syncedWorkspace(t, sandbox, owner, 'Bolt Bikes', 'meta', firstUsdAccount('meta')),
    ];
  }, SYNCED_SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await t?.close();
    await sandbox?.close();
  });

  it("lists every workspace with the sandbox's spend for the last 7 days, the change against the 7 before, and its accounts", async () => {
    const res = await call(t.app, owner, 'GET', 'workspaces/overview/?currency=USD');
    expect(res.statusCode).toBe(200);
    const overview = res.json() as WorkspaceOverview;
    expect(overview.currency).toBe('USD');
    expect(overview.to).toBe(new Date().toISOString().slice(0, 10));
    const before = previousRange(overview.from, overview.to);

    expect(overview.rows.map((row) => row.name).sort()).toEqual(['Acme Shoes', 'Asha Rao’s workspace', 'Bolt Bikes']);
    for (const client of clients) {
      const spend =
        sandbox.world.totals(client.platform, client.platformAccountId, overview.from, overview.to).spendMinor / 100;
      const previous =
        sandbox.world.totals(client.platform, client.platformAccountId, before.from, before.to).spendMinor / 100;
      expect(spend).toBeGreaterThan(0);
      const row = overview.rows.find((r) => r.id === client.id)!;
      expect(row).toEqual({
        id: client.id,
        name: client.name,
        role: 'owner',
        spend,
        spend_change: percentChange(spend, previous),
        connected_accounts: 1,
        needs_reconnect: 0,
        last_synced_at: expect.any(String),
        open_alerts: null,
        open_suggestions: null,
      });
    }
    const personal = overview.rows.find((row) => row.name === 'Asha Rao’s workspace')!;
    expect(personal).toMatchObject({
      spend: 0,
      spend_change: null,
      connected_accounts: 0,
      needs_reconnect: 0,
      last_synced_at: null,
    });
  });

  it('counts an account whose grant the platform withdrew as needing reconnect, in its own workspace only', async () => {
    const [acme, bolt] = clients;
    // The person withdraws Adwise's access at Google: the next sync finds the grant gone.
    sandbox.grants.revokeAll(acme.platform);
    expect(await t.app.services.sync.syncConnection(acme.connectionId)).toMatchObject({ status: 'failed' });
    const overview = (await call(t.app, owner, 'GET', 'workspaces/overview/?currency=USD')).json() as WorkspaceOverview;
    expect(overview.rows.find((row) => row.id === acme.id)!.needs_reconnect).toBe(1);
    expect(overview.rows.find((row) => row.id === bolt.id)!.needs_reconnect).toBe(0);
  });
});
