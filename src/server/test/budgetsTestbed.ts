import { type RunningSandbox, startSandbox } from '@sandbox/sandbox';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';

import { budgets, connectedAdAccounts, optimizerPlans } from '../db/schema';
import { manualClock } from '../lib/clock';
import { sandboxSettings } from '../platforms/settings';
import { buildTestApp, type TestApp } from './buildTestApp';
import { connectionOf } from './connect';
import type { TestUser } from './factories';
import { SANDBOX_TEST_START } from './sandboxDay';
import { SYNCED_SETUP_TIMEOUT_MS, syncedTenant } from './tenants';

export const PLATFORM = 'google';

/** What a budgets test works with: the app on a sandbox with its own clock, an owner and a stranger with a synced Google account each. */
export interface BudgetsTestbed {
  t: TestApp;
  sandbox: RunningSandbox;
  clock: ReturnType<typeof manualClock>;
  owner: TestUser;
  /** The owner of another workspace. */
  other: TestUser;
  get(user: TestUser, url: string): Promise<LightMyRequestResponse>;
  send(
    user: TestUser,
    method: 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ): Promise<LightMyRequestResponse>;
  /** The user's synced account (the product's row). */
  accountOf(user: TestUser): Promise<typeof connectedAdAccounts.$inferSelect>;
}

/**
 * Registers the jest hooks of a budgets test file (set up once, budgets and followed plans
 * cleared and sandbox faults lifted before each test) and returns the bed, filled in by beforeAll.
 */
export function useBudgetsTestbed(): BudgetsTestbed {
  const bed = { clock: manualClock(SANDBOX_TEST_START) } as BudgetsTestbed;
  beforeAll(async () => {
    bed.sandbox = await startSandbox({ seed: 42, sleep: async () => {}, now: () => bed.clock.now() });
    bed.t = await buildTestApp({
      workers: false,
      clock: bed.clock,
      config: { platforms: sandboxSettings(bed.sandbox.url), sandbox: { mode: 'external', url: bed.sandbox.url } },
    });
    bed.owner = (await syncedTenant(bed.t, bed.sandbox, PLATFORM, 0)).user;
    bed.other = (await syncedTenant(bed.t, bed.sandbox, PLATFORM, 1)).user;
  }, SYNCED_SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await bed.t?.close();
    await bed.sandbox?.close();
  });
  beforeEach(async () => {
    await bed.t.app.ctx.db.delete(budgets);
    await bed.t.app.ctx.db.delete(optimizerPlans);
    bed.sandbox.faults.clear();
  });
  bed.get = (user, url) => bed.t.app.inject({ method: 'GET', url: `/api/${url}`, headers: user.auth });
  bed.send = (user, method, url, payload) =>
    bed.t.app.inject({ method, url: `/api/${url}`, headers: user.auth, ...(payload ? { payload } : {}) });
  bed.accountOf = async (user) => {
    const connection = await connectionOf(bed.t.app, user, PLATFORM);
    const [account] = await bed.t.app.ctx.db
      .select()
      .from(connectedAdAccounts)
      .where(eq(connectedAdAccounts.connectionId, connection.id));
    return account;
  };
  return bed;
}
