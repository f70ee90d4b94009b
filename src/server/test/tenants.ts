import type { RunningSandbox } from '@sandbox/sandbox';
import type { Platform } from '@shared/constants';

import type { TestApp } from './buildTestApp';
import { connectionOf, connectVia } from './connect';
import { signUp, type TestUser } from './factories';

/** A signed-in user on a running trial with one synced ad account. */
export interface Tenant {
  user: TestUser;
  platform: Platform;
  /** The sandbox's id of the account this tenant connected. */
  platformAccountId: string;
}

/**
 * A user on a trial who connected `accountIndex`'s account of `platform` through the sandbox's
 * consent page and synced it, so every read has rows and every write has a target.
 */
export async function syncedTenant(
  t: TestApp,
  sandbox: RunningSandbox,
  platform: Platform,
  accountIndex: number,
): Promise<Tenant> {
  const user = await signUp(t.app);
  const trial = await t.app.inject({ method: 'POST', url: '/api/start-trial/', headers: user.auth, payload: {} });
  if (trial.statusCode !== 200) throw new Error(`start-trial answered ${trial.statusCode}: ${trial.body}`);
  const platformAccountId = sandbox.world.accounts(platform)[accountIndex].id;
  const outcome = await connectVia(t.app, user, platform, { accountIds: [platformAccountId] });
  if (outcome.invite_status !== 'ALREADY_LINKED') throw new Error(`connecting failed: ${JSON.stringify(outcome)}`);
  const connection = await connectionOf(t.app, user, platform);
  const synced = await t.app.services.sync.syncConnection(connection.id);
  if (synced.status !== 'done') throw new Error(`sync failed: ${JSON.stringify(synced)}`);
  return { user, platform, platformAccountId };
}

/**
 * Time a beforeAll that syncs tenants may take: each backfills 90 days from the sandbox, which on
 * a loaded 2-core machine takes well over the 60 s every other hook gets.
 */
export const SYNCED_SETUP_TIMEOUT_MS = 180_000;
