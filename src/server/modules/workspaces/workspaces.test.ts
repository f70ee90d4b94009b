import { randomUUID } from 'node:crypto';

import { DASHBOARD_MESSAGES } from '@shared/api/dashboard';
import {
  WORKSPACE_MESSAGES,
  WORKSPACE_NAME_MAX,
  type WorkspaceOverview,
  type WorkspaceSummary,
} from '@shared/api/workspaces';
import type { Platform } from '@shared/constants';
import { eq } from 'drizzle-orm';

import { users, workspaceMembers, workspaces } from '../../db/schema';
import { manualClock } from '../../lib/clock';
import { platformAdapters } from '../../platforms';
import { buildTestApp, type TestApp } from '../../test/buildTestApp';
import { signUp, type TestUser } from '../../test/factories';
import { connect, recordingRuntime, type SandboxHarness, startHarness } from '../../test/platforms';
import {
  addAccount,
  addSpend,
  call,
  createWorkspace,
  joinAs,
  personalWorkspaceOf,
  rowsLeft,
  userIdOf,
  verifyOtp,
} from './workspaces.fixtures';

const START = '2026-11-21T20:00:00Z';

describe('workspaces: list, create, switch, rename, delete', () => {
  let t: TestApp;
  const clock = manualClock(START);
  beforeAll(async () => {
    t = await buildTestApp({ clock, workers: false });
  });
  afterAll(() => t.close());
  beforeEach(() => clock.set(START));

  const namesOf = async (userId: string) =>
    (
      await t.app.ctx.db
        .select({ name: workspaces.name })
        .from(workspaceMembers)
        .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
        .where(eq(workspaceMembers.userId, userId))
    )
      .map((row) => row.name)
      .sort();

  it('lists the personal workspace of a new user as owner and current', async () => {
    const user = await signUp(t.app, { fullName: 'Asha Rao' });
    const res = await call(t.app, user, 'GET', 'workspaces/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual([
      {
        id: await personalWorkspaceOf(t.app, user),
        name: 'Asha Rao’s workspace',
        role: 'owner',
        personal: true,
        connected_accounts: 0,
        current: true,
        dashboard: false,
      },
    ]);
    expect((await t.app.inject({ method: 'GET', url: '/api/workspaces/' })).statusCode).toBe(401);
  });

  it("opens the dashboard of a workspace to every member while an owner's trial runs or an owner pays, and only then", async () => {
    const owner = await signUp(t.app);
    const workspace = await createWorkspace(t.app, owner, 'Acme Shoes');
    const client = await joinAs(t.app, owner, workspace, 'client');
    const dashboardOf = async (user: TestUser) =>
      ((await call(t.app, user, 'GET', 'workspaces/')).json() as WorkspaceSummary[]).find((w) => w.id === workspace)!
        .dashboard;
    expect([await dashboardOf(owner), await dashboardOf(client)]).toEqual([false, false]);
    expect((await call(t.app, client, 'GET', 'dashboard/', { workspace })).statusCode).toBe(403);
    // The client's own trial opens nothing here: the trial covers the workspaces its starter owns.
    expect((await call(t.app, client, 'POST', 'start-trial/', { payload: {} })).statusCode).toBe(200);
    expect(await dashboardOf(client)).toBe(false);
    expect((await call(t.app, owner, 'POST', 'start-trial/', { payload: {} })).statusCode).toBe(200);
    expect([await dashboardOf(owner), await dashboardOf(client)]).toEqual([true, true]);
    expect((await call(t.app, client, 'GET', 'dashboard/', { workspace })).statusCode).toBe(200);
  });

  it('creates a workspace the caller owns, with a trimmed name, listed after the personal one', async () => {
    const user = await signUp(t.app);
    const created = await call(t.app, user, 'POST', 'workspaces/', { payload: { name: '  Zeta Clinic  ' } });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({
      id: expect.any(String),
      name: 'Zeta Clinic',
      role: 'owner',
      personal: false,
      connected_accounts: 0,
      current: false,
      dashboard: false,
    });
    await createWorkspace(t.app, user, 'acme Foods');
    const list = (await call(t.app, user, 'GET', 'workspaces/')).json() as { name: string; personal: boolean }[];
    expect(list.map((w) => [w.name, w.personal])).toEqual([
      ['Asha Rao’s workspace', true],
      ['acme Foods', false],
      ['Zeta Clinic', false],
    ]);
    // Exactly 80 characters is fine.
    expect(
      (await call(t.app, user, 'POST', 'workspaces/', { payload: { name: 'x'.repeat(WORKSPACE_NAME_MAX) } }))
        .statusCode,
    ).toBe(201);
  });

  it.each([
    ['empty', { name: '   ' }, WORKSPACE_MESSAGES.nameRequired],
    ['missing', {}, WORKSPACE_MESSAGES.nameRequired],
    ['81 characters', { name: 'x'.repeat(WORKSPACE_NAME_MAX + 1) }, WORKSPACE_MESSAGES.nameTooLong],
  ])('refuses a %s name with a 400, and creates nothing', async (_case, payload, detail) => {
    const user = await signUp(t.app);
    const res = await call(t.app, user, 'POST', 'workspaces/', { payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ detail, field: 'name' });
    expect(await namesOf(await userIdOf(t.app, user))).toHaveLength(1);
  });

  it('switches to a workspace the user belongs to, and only to one', async () => {
    const user = await signUp(t.app);
    const stranger = await signUp(t.app);
    const acme = await createWorkspace(t.app, user, 'Acme');
    const theirs = await createWorkspace(t.app, stranger, 'Theirs');

    const switched = await call(t.app, user, 'PUT', 'workspaces/current/', {
      payload: { workspace_id: acme.toUpperCase() },
    });
    expect(switched.statusCode).toBe(200);
    expect(switched.json()).toMatchObject({ id: acme, current: true, role: 'owner' });
    const list = (await call(t.app, user, 'GET', 'workspaces/')).json() as { id: string; current: boolean }[];
    expect(list.filter((w) => w.current).map((w) => w.id)).toEqual([acme]);

    for (const workspace_id of [theirs, randomUUID()]) {
      const refused = await call(t.app, user, 'PUT', 'workspaces/current/', { payload: { workspace_id } });
      expect(refused.statusCode).toBe(404);
      expect(refused.json().detail).toBe(WORKSPACE_MESSAGES.notFound);
    }
    const malformed = await call(t.app, user, 'PUT', 'workspaces/current/', { payload: { workspace_id: 'acme' } });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ detail: WORKSPACE_MESSAGES.pickWorkspace, field: 'workspace_id' });
    // Nothing moved.
    const [row] = await t.app.ctx.db
      .select({ current: users.currentWorkspaceId })
      .from(users)
      .where(eq(users.email, user.email));
    expect(row.current).toBe(acme);
  });

  it('answers the current workspace from the header, the personal one without it, and 404 for any other id', async () => {
    const user = await signUp(t.app);
    const stranger = await signUp(t.app);
    const acme = await createWorkspace(t.app, user, 'Acme');
    const theirs = await createWorkspace(t.app, stranger, 'Theirs');
    expect((await call(t.app, user, 'GET', 'workspace/', { workspace: acme })).json()).toMatchObject({
      id: acme,
      name: 'Acme',
      role: 'owner',
    });
    expect((await call(t.app, user, 'GET', 'workspace/')).json()).toMatchObject({
      id: await personalWorkspaceOf(t.app, user),
      personal: true,
    });
    for (const workspace of [theirs, randomUUID(), 'not-a-uuid', await personalWorkspaceOf(t.app, stranger)]) {
      const res = await call(t.app, user, 'GET', 'workspace/', { workspace });
      expect({ workspace, status: res.statusCode, detail: res.json().detail }).toEqual({
        workspace,
        status: 404,
        detail: WORKSPACE_MESSAGES.notFound,
      });
    }
  });

  it('renames (owner only), with the same rules as creating', async () => {
    const owner = await signUp(t.app);
    const acme = await createWorkspace(t.app, owner, 'Acme');
    const renamed = await call(t.app, owner, 'PATCH', 'workspace/', {
      workspace: acme,
      payload: { name: ' Acme Foods ' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ id: acme, name: 'Acme Foods' });

    for (const [name, detail] of [
      ['', WORKSPACE_MESSAGES.nameRequired],
      ['y'.repeat(81), WORKSPACE_MESSAGES.nameTooLong],
    ] as const) {
      const res = await call(t.app, owner, 'PATCH', 'workspace/', { workspace: acme, payload: { name } });
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toBe(detail);
    }
    const manager = await joinAs(t.app, owner, acme, 'manager');
    const refused = await call(t.app, manager, 'PATCH', 'workspace/', {
      workspace: acme,
      payload: { name: 'Mine now' },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe(WORKSPACE_MESSAGES.notAllowed);
    const stranger = await signUp(t.app);
    expect(
      (await call(t.app, stranger, 'PATCH', 'workspace/', { workspace: acme, payload: { name: 'Mine now' } }))
        .statusCode,
    ).toBe(404);
    const [row] = await t.app.ctx.db.select({ name: workspaces.name }).from(workspaces).where(eq(workspaces.id, acme));
    expect(row.name).toBe('Acme Foods');
  });

  it('deletes a workspace with its data after the typed name and a verified OTP; members fall back to their personal one', async () => {
    const owner = await signUp(t.app);
    const acme = await createWorkspace(t.app, owner, 'Acme Foods');
    const other = await createWorkspace(t.app, owner, 'Other');
    const viewer = await joinAs(t.app, owner, acme, 'viewer');
    const { connectionId, accountRef } = await addAccount(t.app, acme, { lastSyncedAt: new Date(START) });
    await addSpend(t.app, accountRef, 'USD', { '2026-11-20': 1000 });
    const kept = await addAccount(t.app, other);
    await verifyOtp(t.app, owner);

    const res = await call(t.app, owner, 'POST', 'workspace/delete/', {
      workspace: acme,
      payload: { name: ' Acme Foods ' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ deleted: true, id: acme });
    expect(await rowsLeft(t.app, acme, connectionId, accountRef)).toEqual({
      workspaces: 0,
      connections: 0,
      accounts: 0,
      days: 0,
      sync: 0,
    });
    expect(await rowsLeft(t.app, other, kept.connectionId, kept.accountRef)).toMatchObject({
      workspaces: 1,
      connections: 1,
      accounts: 1,
    });

    // The viewer had switched to it (accepting does that): they are back in their personal workspace.
    const list = (await call(t.app, viewer, 'GET', 'workspaces/')).json() as { id: string; current: boolean }[];
    expect(list).toEqual([expect.objectContaining({ id: await personalWorkspaceOf(t.app, viewer), current: true })]);
    expect((await call(t.app, viewer, 'GET', 'workspace/', { workspace: acme })).statusCode).toBe(404);
  });

  it('refuses to delete without a verified OTP, with a wrong name, a personal workspace, or as a manager: nothing changes', async () => {
    const owner = await signUp(t.app);
    const acme = await createWorkspace(t.app, owner, 'Acme');
    const { connectionId, accountRef } = await addAccount(t.app, acme);

    const noOtp = await call(t.app, owner, 'POST', 'workspace/delete/', { workspace: acme, payload: { name: 'Acme' } });
    expect(noOtp.statusCode).toBe(403);
    expect(noOtp.json().detail).toBe(WORKSPACE_MESSAGES.otpRequired);

    await verifyOtp(t.app, owner);
    const wrongName = await call(t.app, owner, 'POST', 'workspace/delete/', {
      workspace: acme,
      payload: { name: 'acme' },
    });
    expect(wrongName.statusCode).toBe(400);
    expect(wrongName.json()).toMatchObject({ detail: WORKSPACE_MESSAGES.nameMismatch, field: 'name' });
    const noName = await call(t.app, owner, 'POST', 'workspace/delete/', { workspace: acme, payload: {} });
    expect(noName.statusCode).toBe(400);

    const personal = await personalWorkspaceOf(t.app, owner);
    const [{ name: personalName }] = await t.app.ctx.db
      .select({ name: workspaces.name })
      .from(workspaces)
      .where(eq(workspaces.id, personal));
    const personalRes = await call(t.app, owner, 'POST', 'workspace/delete/', {
      workspace: personal,
      payload: { name: personalName },
    });
    expect(personalRes.statusCode).toBe(409);
    expect(personalRes.json().detail).toBe(WORKSPACE_MESSAGES.personalCannotBeDeleted);

    const manager = await joinAs(t.app, owner, acme, 'manager');
    await verifyOtp(t.app, manager);
    const asManager = await call(t.app, manager, 'POST', 'workspace/delete/', {
      workspace: acme,
      payload: { name: 'Acme' },
    });
    expect(asManager.statusCode).toBe(403);
    expect(asManager.json().detail).toBe(WORKSPACE_MESSAGES.notAllowed);

    expect(await rowsLeft(t.app, acme, connectionId, accountRef)).toMatchObject({
      workspaces: 1,
      connections: 1,
      accounts: 1,
    });
    // The refusals did not use up the verification: the owner still deletes with it.
    expect(
      (await call(t.app, owner, 'POST', 'workspace/delete/', { workspace: acme, payload: { name: 'Acme' } }))
        .statusCode,
    ).toBe(200);
    // One verification, one deletion.
    const again = await createWorkspace(t.app, owner, 'Again');
    const second = await call(t.app, owner, 'POST', 'workspace/delete/', {
      workspace: again,
      payload: { name: 'Again' },
    });
    expect(second.statusCode).toBe(403);
    expect(second.json().detail).toBe(WORKSPACE_MESSAGES.otpRequired);
  });

  describe('GET workspaces/overview/ (All clients)', () => {
    // 20:00 UTC on 21 November is 01:30 on 22 November in India: the window is 16–22 November, the one before 9–15.
    const tz = 'Asia/Kolkata';
    const INR_PER_USD = 88.6;

    it('sums account_daily of each workspace over the 7 days up to today (user time zone) and the 7 before, converted', async () => {
      const user = await signUp(t.app, { fullName: 'Asha Rao', timeZone: tz });
      const personal = await personalWorkspaceOf(t.app, user);
      const clinic = await createWorkspace(t.app, user, 'Bright Clinic');
      const foods = await createWorkspace(t.app, user, 'Acme Foods');
      const empty = await createWorkspace(t.app, user, 'Empty Co');

      // Personal: one USD account. Before the window, in it (both ends) and after today.
      const usd = await addAccount(t.app, personal, {
        currency: 'USD',
        lastSyncedAt: new Date('2026-11-21T06:00:00Z'),
      });
      await addSpend(t.app, usd.accountRef, 'USD', {
        '2026-11-08': 99999,
        '2026-11-09': 1000,
        '2026-11-15': 2000,
        '2026-11-16': 1234,
        '2026-11-22': 4321,
        '2026-11-23': 77777,
      });
      // Clinic: a USD and an INR account, one of them needing reconnect; two sync states.
      const clinicUsd = await addAccount(t.app, clinic, {
        currency: 'USD',
        status: 'needs_reconnect',
        lastSyncedAt: new Date('2026-11-20T10:00:00Z'),
      });
      const clinicInr = await addAccount(t.app, clinic, {
        currency: 'INR',
        platform: 'meta',
        lastSyncedAt: new Date('2026-11-21T19:00:00Z'),
      });
      await addSpend(t.app, clinicUsd.accountRef, 'USD', { '2026-11-18': 5000, '2026-11-12': 2500 });
      await addSpend(t.app, clinicInr.accountRef, 'INR', {
        '2026-11-18': 886000,
        '2026-11-19': 44300,
        '2026-11-10': 0,
      });
      // Foods: spend only in the window before (change: -100 %), never synced.
      const foodsAccount = await addAccount(t.app, foods, { currency: 'USD' });
      await addSpend(t.app, foodsAccount.accountRef, 'USD', { '2026-11-14': 500 });

      const res = await call(t.app, user, 'GET', 'workspaces/overview/?currency=usd');
      expect(res.statusCode).toBe(200);
      const body = res.json() as WorkspaceOverview;
      expect(body).toMatchObject({ currency: 'USD', from: '2026-11-16', to: '2026-11-22' });
      const byId = Object.fromEntries(body.rows.map((row) => [row.id, row]));
      expect(body.rows.map((row) => row.name)).toEqual([
        'Acme Foods',
        'Asha Rao’s workspace',
        'Bright Clinic',
        'Empty Co',
      ]);

      const personalNow = (1234 + 4321) / 100;
      const personalBefore = (1000 + 2000) / 100;
      expect(byId[personal]).toEqual({
        id: personal,
        name: 'Asha Rao’s workspace',
        role: 'owner',
        spend: personalNow,
        spend_change: Math.round(((personalNow - personalBefore) / personalBefore) * 1000) / 10,
        connected_accounts: 1,
        needs_reconnect: 0,
        last_synced_at: '2026-11-21T06:00:00.000Z',
        open_alerts: null,
        open_suggestions: null,
      });
      const clinicNow = Math.round((5000 / 100 + (886000 + 44300) / 100 / INR_PER_USD) * 100) / 100;
      expect(byId[clinic]).toMatchObject({
        spend: clinicNow,
        connected_accounts: 2,
        needs_reconnect: 1,
        last_synced_at: '2026-11-21T19:00:00.000Z',
      });
      expect(byId[clinic].spend_change).toBe(Math.round(((clinicNow - 25) / 25) * 1000) / 10);
      expect(byId[foods]).toMatchObject({
        spend: 0,
        spend_change: -100,
        connected_accounts: 1,
        needs_reconnect: 0,
        last_synced_at: null,
      });
      expect(byId[empty]).toMatchObject({
        spend: 0,
        spend_change: null,
        connected_accounts: 0,
        needs_reconnect: 0,
        last_synced_at: null,
      });

      // In rupees (the saved display currency by default): the same money, rounded to paise.
      const inr = (await call(t.app, user, 'GET', 'workspaces/overview/')).json() as WorkspaceOverview;
      expect(inr.currency).toBe('INR');
      const inrRow = inr.rows.find((row) => row.id === clinic);
      expect(inrRow?.spend).toBe(Math.round((50 * INR_PER_USD + 9303) * 100) / 100);
    });

    it('shows the caller’s role, only the caller’s workspaces, and null spend when nothing converts', async () => {
      const owner = await signUp(t.app, { timeZone: tz });
      const agency = await createWorkspace(t.app, owner, 'Agency');
      const odd = await addAccount(t.app, agency, { currency: 'XTS' });
      await addSpend(t.app, odd.accountRef, 'XTS', { '2026-11-20': 1000 });
      const viewer = await joinAs(t.app, owner, agency, 'viewer');
      const stranger = await signUp(t.app);
      await createWorkspace(t.app, stranger, 'Not yours');

      const rows = (await call(t.app, viewer, 'GET', 'workspaces/overview/?currency=EUR')).json().rows as {
        id: string;
        role: string;
        spend: number | null;
        spend_change: number | null;
      }[];
      expect(rows.map((row) => [row.id, row.role])).toEqual(
        expect.arrayContaining([
          [agency, 'viewer'],
          [await personalWorkspaceOf(t.app, viewer), 'owner'],
        ]),
      );
      expect(rows).toHaveLength(2);
      expect(rows.find((row) => row.id === agency)).toMatchObject({ spend: null, spend_change: null });
    });

    it('refuses an unknown currency with a 400', async () => {
      const user = await signUp(t.app);
      const res = await call(t.app, user, 'GET', 'workspaces/overview/?currency=XYZ');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ detail: DASHBOARD_MESSAGES.unknownCurrency, field: 'currency' });
      expect((await call(t.app, user, 'GET', 'workspaces/overview/?currency=')).statusCode).toBe(200);
    });
  });
});

describe('deleting a workspace withdraws its platform grants (sandbox)', () => {
  let harness: SandboxHarness;
  let t: TestApp;
  beforeAll(async () => {
    harness = await startHarness();
    t = await buildTestApp({
      workers: false,
      platformRuntime: recordingRuntime(),
      config: { platforms: harness.settings, sandbox: { mode: 'external', url: harness.sandbox.url } },
    });
  });
  afterAll(async () => {
    await t.close();
    await harness.close();
  });

  const grant = (platform: Platform) =>
    connect(platformAdapters[platform], harness.settings[platform], recordingRuntime());

  it('revokes the grants of the deleted workspace only', async () => {
    const owner = await signUp(t.app);
    const acme = await createWorkspace(t.app, owner, 'Acme');
    const google = await grant('google');
    const tiktok = await grant('tiktok');
    const elsewhere = await grant('google');
    await addAccount(t.app, acme, { platform: 'google', tokens: google });
    await addAccount(t.app, acme, { platform: 'tiktok', tokens: tiktok });
    await addAccount(t.app, await personalWorkspaceOf(t.app, owner), { platform: 'google', tokens: elsewhere });
    await verifyOtp(t.app, owner);

    expect(
      (await call(t.app, owner, 'POST', 'workspace/delete/', { workspace: acme, payload: { name: 'Acme' } }))
        .statusCode,
    ).toBe(200);
    expect(harness.sandbox.grants.grantOf('google', google.accessToken)?.revoked).toBe(true);
    expect(harness.sandbox.grants.grantOf('tiktok', tiktok.accessToken)?.revoked).toBe(true);
    expect(harness.sandbox.grants.grantOf('google', elsewhere.accessToken)?.revoked).toBe(false);
  });
});
