import type { Platform } from '@shared/constants';
import { eq } from 'drizzle-orm';

import { outbox, workspaceMembers, workspaces } from '../../db/schema';
import { manualClock } from '../../lib/clock';
import { platformAdapters } from '../../platforms';
import { buildTestApp, type TestApp } from '../../test/buildTestApp';
import { signUp, type TestUser } from '../../test/factories';
import { connect, recordingRuntime, type SandboxHarness, startHarness } from '../../test/platforms';
import {
  addAccount,
  addSpend,
  bringIn,
  call,
  createWorkspace,
  joinAs,
  personalWorkspaceOf,
  rowsLeft,
  userIdOf,
} from '../workspaces/workspaces.fixtures';

const START = '2026-11-21T09:00:00Z';

describe('deleting an account settles the workspaces it owns', () => {
  let harness: SandboxHarness;
  let t: TestApp;
  const clock = manualClock(START);
  beforeAll(async () => {
    harness = await startHarness();
    t = await buildTestApp({
      clock,
      workers: false,
      platformRuntime: recordingRuntime(),
      config: { platforms: harness.settings, sandbox: { mode: 'external', url: harness.sandbox.url } },
    });
  });
  afterAll(async () => {
    await t.close();
    await harness.close();
  });
  beforeEach(() => clock.set(START));

  const grant = (platform: Platform) =>
    connect(platformAdapters[platform], harness.settings[platform], recordingRuntime());
  const revoked = (platform: Platform, accessToken: string) =>
    harness.sandbox.grants.grantOf(platform, accessToken)?.revoked;
  const deleteAccount = (user: TestUser) => call(t.app, user, 'POST', 'delete-account/');
  const rolesIn = async (workspaceId: string) =>
    Object.fromEntries(
      (await t.app.ctx.db.select().from(workspaceMembers).where(eq(workspaceMembers.workspaceId, workspaceId))).map(
        (member) => [member.userId, member.role],
      ),
    );

  it('passes a workspace it owned alone to the earliest-joined manager, who is mailed; its data stays', async () => {
    const owner = await signUp(t.app, { fullName: 'Olga Owner' });
    const acme = await createWorkspace(t.app, owner, 'Acme Foods');
    const viewer = await joinAs(t.app, owner, acme, 'viewer', 'Vera Viewer');
    clock.advance(60_000);
    const first = await joinAs(t.app, owner, acme, 'manager', 'Manu First');
    clock.advance(60_000);
    const second = await joinAs(t.app, owner, acme, 'manager', 'Max Second');
    const tokens = await grant('google');
    const { connectionId, accountRef } = await addAccount(t.app, acme, { tokens, lastSyncedAt: new Date(START) });
    await addSpend(t.app, accountRef, 'USD', { '2026-11-20': 1200 });

    expect((await deleteAccount(owner)).statusCode).toBe(204);

    expect(await rolesIn(acme)).toEqual({
      [await userIdOf(t.app, viewer)]: 'viewer',
      [await userIdOf(t.app, first)]: 'owner',
      [await userIdOf(t.app, second)]: 'manager',
    });
    expect(await rowsLeft(t.app, acme, connectionId, accountRef)).toEqual({
      workspaces: 1,
      connections: 1,
      accounts: 1,
      days: 1,
      sync: 1,
    });
    expect(revoked('google', tokens.accessToken)).toBe(false);
    const mails = await t.app.ctx.db.select().from(outbox).where(eq(outbox.toAddress, first.email));
    const mail = mails.find((row) => row.subject === 'You are now the owner of Acme Foods on Adwise');
    expect(mail?.textBody).toContain('Olga Owner deleted their Adwise account');
    expect(mail?.userId).toBe(await userIdOf(t.app, first));
    expect(
      (await t.app.ctx.db.select().from(outbox).where(eq(outbox.toAddress, second.email))).some((row) =>
        row.subject.startsWith('You are now'),
      ),
    ).toBe(false);
    // The new owner runs it now.
    expect(
      (await call(t.app, first, 'PATCH', 'workspace/', { workspace: acme, payload: { name: 'Acme' } })).statusCode,
    ).toBe(200);
  });

  it('deletes the workspaces it owned alone with nobody to take over, their data and grants; members fall back', async () => {
    const owner = await signUp(t.app);
    const personal = await personalWorkspaceOf(t.app, owner);
    const solo = await createWorkspace(t.app, owner, 'Solo');
    const watched = await createWorkspace(t.app, owner, 'Watched');
    const viewer = await joinAs(t.app, owner, watched, 'viewer');
    const client = await joinAs(t.app, owner, watched, 'client');
    const google = await grant('google');
    const tiktok = await grant('tiktok');
    const meta = await grant('meta');
    const inPersonal = await addAccount(t.app, personal, { platform: 'google', tokens: google });
    const inSolo = await addAccount(t.app, solo, { platform: 'tiktok', tokens: tiktok, lastSyncedAt: new Date(START) });
    const inWatched = await addAccount(t.app, watched, { platform: 'meta', tokens: meta });
    await addSpend(t.app, inSolo.accountRef, 'USD', { '2026-11-19': 300 });

    expect((await deleteAccount(owner)).statusCode).toBe(204);

    for (const [workspace, rows] of [
      [personal, inPersonal],
      [solo, inSolo],
      [watched, inWatched],
    ] as const) {
      expect(await rowsLeft(t.app, workspace, rows.connectionId, rows.accountRef)).toEqual({
        workspaces: 0,
        connections: 0,
        accounts: 0,
        days: 0,
        sync: 0,
      });
    }
    expect([
      revoked('google', google.accessToken),
      revoked('tiktok', tiktok.accessToken),
      revoked('meta', meta.accessToken),
    ]).toEqual([true, true, true]);
    for (const member of [viewer, client]) {
      const list = (await call(t.app, member, 'GET', 'workspaces/')).json();
      expect(list).toEqual([expect.objectContaining({ id: await personalWorkspaceOf(t.app, member), current: true })]);
    }
  });

  it('leaves a workspace with another owner, and other people’s workspaces, as they are', async () => {
    const owner = await signUp(t.app);
    const partner = await signUp(t.app, { fullName: 'Pat Partner' });
    const shared = await createWorkspace(t.app, owner, 'Shared');
    await joinAs(t.app, owner, shared, 'manager');
    const partnerId = await userIdOf(t.app, partner);
    await bringIn(t.app, owner, shared, partner, 'owner');
    const tokens = await grant('x');
    const rows = await addAccount(t.app, shared, { platform: 'x', tokens });
    // And the leaving owner is a mere manager of someone else's workspace.
    const theirs = await createWorkspace(t.app, partner, 'Partner’s client');
    await bringIn(t.app, partner, theirs, owner, 'manager');
    const ownerId = await userIdOf(t.app, owner);

    expect((await deleteAccount(owner)).statusCode).toBe(204);

    const roles = await rolesIn(shared);
    expect(roles[partnerId]).toBe('owner');
    expect(roles[ownerId]).toBeUndefined();
    expect(Object.values(roles).sort()).toEqual(['manager', 'owner']);
    expect(await rowsLeft(t.app, shared, rows.connectionId, rows.accountRef)).toMatchObject({
      workspaces: 1,
      connections: 1,
      accounts: 1,
    });
    expect(revoked('x', tokens.accessToken)).toBe(false);
    expect(await t.app.ctx.db.select().from(workspaces).where(eq(workspaces.id, theirs))).toHaveLength(1);
    expect(await rolesIn(theirs)).toEqual({ [partnerId]: 'owner' });
    // No promotion mail where an owner remained.
    const promotions = await t.app.ctx.db.select().from(outbox);
    expect(promotions.filter((row) => row.subject === 'You are now the owner of Shared on Adwise')).toHaveLength(0);
  });
});
