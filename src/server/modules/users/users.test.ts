import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';

import { AUTH_MESSAGES } from '@shared/api/auth';
import { type Platform, POINTS, TRIAL_DURATION_MS } from '@shared/constants';
import { DAY_MS } from '@shared/days';
import { eq, sql } from 'drizzle-orm';

import { executeRows } from '../../db/connect';
import { connectedAdAccounts, outbox, platformConnections, users, workspaces } from '../../db/schema';
import { manualClock } from '../../lib/clock';
import { platformAdapters } from '../../platforms';
import type { TokenSet } from '../../platforms/types';
import { buildTestApp, eventually, type TestApp } from '../../test/buildTestApp';
import { signUp, type TestUser } from '../../test/factories';
import { connect, recordingRuntime, type SandboxHarness, startHarness } from '../../test/platforms';
import { TRIAL_REMINDER_JOB } from '../trial/trial.service';

const START = '2026-11-21T09:00:00Z';

describe('the signed-in user: user-info, trial, gamification, deletion', () => {
  let t: TestApp;
  const clock = manualClock(START);
  beforeAll(async () => {
    t = await buildTestApp({ clock });
  });
  afterAll(() => t.close());
  beforeEach(() => clock.set(START));

  const get = (url: string, user: TestUser, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `/api/${url}`, headers: { ...user.auth, ...headers } });
  const post = (url: string, user: TestUser) =>
    t.app.inject({ method: 'POST', url: `/api/${url}`, headers: user.auth, payload: {} });
  /** Access tokens live 15 minutes; long clock jumps need a fresh one. */
  const relogin = async (user: TestUser) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login/',
      payload: { username: user.email, password: user.password },
      remoteAddress: '172.31.9.9',
    });
    user.auth = { authorization: `Bearer ${res.json().access}` };
  };

  it('reports a new user with no trial, the first daily visit and a one-day streak', async () => {
    const user = await signUp(t.app, { fullName: 'Kiran Shah' });
    const res = await get('user-info/', user);
    expect(res.json()).toEqual({
      fullName: 'Kiran Shah',
      username: user.email,
      is_trial: false,
      trial: { is_trial: false, trial_ends_at: null },
      gamification: { points: POINTS.dailyVisit, streak: 1 },
    });
  });

  it('counts one visit a day, grows the streak on consecutive days and restarts it after a gap', async () => {
    const user = await signUp(t.app);
    await get('user-info/', user);
    const sameDay = (await get('user-info/', user)).json();
    expect(sameDay.gamification).toEqual({ points: POINTS.dailyVisit, streak: 1 });

    clock.advance(DAY_MS);
    await relogin(user);
    expect((await get('user-info/', user)).json().gamification).toEqual({ points: 2 * POINTS.dailyVisit, streak: 2 });

    clock.advance(3 * DAY_MS);
    await relogin(user);
    expect((await get('user-info/', user)).json().gamification).toEqual({ points: 3 * POINTS.dailyVisit, streak: 1 });
  });

  it('counts a new day once when several tabs ask at the same moment', async () => {
    const user = await signUp(t.app);
    await get('user-info/', user);
    clock.advance(DAY_MS);
    await relogin(user);
    const answers = await Promise.all(Array.from({ length: 6 }, () => get('user-info/', user)));
    expect(answers.every((res) => res.statusCode === 200)).toBe(true);
    expect((await get('user-info/', user)).json().gamification).toEqual({ points: 2 * POINTS.dailyVisit, streak: 2 });
  });

  it("counts days in the user's own time zone", async () => {
    // 20:00 UTC and 02:00 UTC the next morning are both the same Indian day (01:30 and 07:30 IST).
    clock.set('2026-11-21T20:00:00Z');
    const user = await signUp(t.app, { timeZone: 'Asia/Kolkata' });
    await get('user-info/', user);
    clock.set('2026-11-22T02:00:00Z');
    await relogin(user);
    expect((await get('user-info/', user)).json().gamification.streak).toBe(1);
    // The browser's header moves the user to another zone; an invalid one is ignored.
    await get('user-info/', user, { 'x-time-zone': 'Not/AZone' });
    const [row] = await t.app.ctx.db.select().from(users).where(eq(users.email, user.email));
    expect(row.timeZone).toBe('Asia/Kolkata');
    await get('user-info/', user, { 'x-time-zone': 'America/New_York' });
    const [moved] = await t.app.ctx.db.select().from(users).where(eq(users.email, user.email));
    expect(moved.timeZone).toBe('America/New_York');
  });

  it('starts the 7-day trial once; it never restarts, even after it ends', async () => {
    const user = await signUp(t.app);
    const started = await post('start-trial/', user);
    expect(started.statusCode).toBe(200);
    const endsAt = new Date(Date.parse(START) + TRIAL_DURATION_MS).toISOString();
    expect(started.json()).toEqual({ is_trial: true, trial_ends_at: endsAt });

    const info = (await get('user-info/', user)).json();
    expect(info).toMatchObject({ is_trial: true, trial: { is_trial: true, trial_ends_at: endsAt } });
    expect(info.gamification.points).toBe(POINTS.dailyVisit + POINTS.startTrial);

    const again = await post('start-trial/', user);
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe(AUTH_MESSAGES.trialAlreadyUsed);

    clock.advance(TRIAL_DURATION_MS + 1000);
    await relogin(user);
    const ended = (await get('user-info/', user)).json();
    // Still "on the trial programme", with an end in the past: the client shows it as ended.
    expect(ended).toMatchObject({ is_trial: true, trial: { is_trial: true, trial_ends_at: endsAt } });
    expect(Date.parse(ended.trial.trial_ends_at)).toBeLessThan(clock.now().getTime());
    expect((await post('start-trial/', user)).statusCode).toBe(409);
  });

  it('queues the reminder for 24 h before the end, and sends it exactly once', async () => {
    const user = await signUp(t.app);
    await post('start-trial/', user);
    const [row] = await t.app.ctx.db.select().from(users).where(eq(users.email, user.email));
    const jobs = await executeRows<{ start_after: Date; data: { userId: string } }>(
      t.app.ctx.db,
      sql`select start_after, data from pgboss.job where name = ${TRIAL_REMINDER_JOB} and data->>'userId' = ${row.id}`,
    );
    expect(jobs).toHaveLength(1);
    expect(new Date(jobs[0].start_after).toISOString()).toBe(
      new Date(row.trialEndsAt!.getTime() - DAY_MS).toISOString(),
    );

    clock.advance(TRIAL_DURATION_MS - DAY_MS);
    expect(await t.app.services.trial.sendReminder(row.id)).toBe(true);
    expect(await t.app.services.trial.sendReminder(row.id)).toBe(false);
    const mails = await t.app.ctx.db.select().from(outbox).where(eq(outbox.toAddress, user.email));
    expect(mails.filter((m) => m.subject === 'Your Adwise trial ends tomorrow')).toHaveLength(1);
  });

  it('sends no reminder for a trial that already ended', async () => {
    const user = await signUp(t.app);
    await post('start-trial/', user);
    const [row] = await t.app.ctx.db.select().from(users).where(eq(users.email, user.email));
    clock.advance(TRIAL_DURATION_MS + 1);
    expect(await t.app.services.trial.sendReminder(row.id)).toBe(false);
  });

  it('returns the account meta information', async () => {
    const user = await signUp(t.app, { fullName: 'Lena Park', timeZone: 'Europe/Berlin' });
    expect((await get('account-info/', user)).json()).toEqual({
      fullName: 'Lena Park',
      email: user.email,
      memberSince: new Date(START).toISOString(),
      timeZone: 'Europe/Berlin',
      newsletter: false,
    });
  });

  it('deletes the user and everything they own, in one go, and ends their sessions', async () => {
    const user = await signUp(t.app);
    const bystander = await signUp(t.app);
    await get('user-info/', user);
    await post('start-trial/', user);
    await t.app.inject({ method: 'POST', url: '/api/forgot-password/', payload: { email: user.email } });
    await eventually(async () => {
      const rows = await t.app.ctx.db.select().from(outbox).where(eq(outbox.toAddress, user.email));
      return rows.length > 0 ? rows : undefined;
    });
    const [row] = await t.app.ctx.db.select().from(users).where(eq(users.email, user.email));

    const res = await post('delete-account/', user);
    expect(res.statusCode).toBe(204);

    // Every table with a user_id column, found from the catalogue so new tables are covered too.
    const tables = await executeRows<{ table_name: string }>(
      t.app.ctx.db,
      sql`select table_name from information_schema.columns where column_name = 'user_id' and table_schema = 'public'`,
    );
    expect(tables.map((x) => x.table_name)).toEqual(
      expect.arrayContaining(['outbox', 'refresh_tokens', 'password_resets', 'point_events']),
    );
    for (const { table_name } of tables) {
      const [count] = await executeRows<{ n: number }>(
        t.app.ctx.db,
        sql`select count(*)::int as n from ${sql.identifier(table_name)} where user_id = ${row.id}`,
      );
      expect({ table: table_name, rows: count.n }).toEqual({ table: table_name, rows: 0 });
    }
    expect(await t.app.ctx.db.select().from(users).where(eq(users.id, row.id))).toHaveLength(0);

    const after = await get('user-info/', user);
    expect(after.statusCode).toBe(401);
    expect(after.json().detail).toBe(AUTH_MESSAGES.sessionExpired);
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/token/refresh/',
      payload: { refresh: user.session.refresh },
    });
    expect(refresh.statusCode).toBe(401);

    // Nobody else was touched.
    expect((await get('user-info/', bystander)).statusCode).toBe(200);
  });

  it('only ever reads and changes the caller: the identity comes from the token, never a header', async () => {
    const alice = await signUp(t.app, { fullName: 'Alice A' });
    const bob = await signUp(t.app, { fullName: 'Bob B' });
    const asAlice = await get('user-info/', alice, { 'x-user-email': bob.email });
    expect(asAlice.json().fullName).toBe('Alice A');
    await post('start-trial/', alice);
    expect((await get('user-info/', bob)).json().trial.is_trial).toBe(false);
    expect((await get('account-info/', bob)).json().email).toBe(bob.email);
  });
});

describe('deleting an account withdraws its platform grants (sandbox)', () => {
  let harness: SandboxHarness;
  let t: TestApp;
  const lines: string[] = [];
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });

  beforeAll(async () => {
    harness = await startHarness();
    t = await buildTestApp({
      workers: false,
      logStream,
      // Waits are recorded, not slept, so the unreachable platform below fails fast.
      platformRuntime: recordingRuntime(),
      config: {
        logLevel: 'warn',
        // LinkedIn's revoke endpoint cannot be reached: a platform that is down when a user leaves.
        platforms: {
          ...harness.settings,
          linkedin: { ...harness.settings.linkedin, revokeUrl: 'http://127.0.0.1:9/oauth/v2/revoke' },
        },
        sandbox: { mode: 'external', url: harness.sandbox.url },
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await harness.close();
  });

  const userIdOf = async (user: TestUser) =>
    (await t.app.ctx.db.select({ id: users.id }).from(users).where(eq(users.email, user.email)))[0].id;
  const personalWorkspaceOf = async (userId: string) =>
    (await t.app.ctx.db.select({ id: workspaces.id }).from(workspaces).where(eq(workspaces.personalOf, userId)))[0].id;

  /**
   * A live grant at the sandbox (its consent page, code exchange) stored as the OAuth callback
   * would store it: a sealed connection row with one connected ad account.
   */
  async function grantAndStore(userId: string, platform: Platform, options: { sealFor?: string } = {}) {
    const tokens = await connect(platformAdapters[platform], harness.settings[platform], recordingRuntime());
    const id = randomUUID();
    const workspaceId = await personalWorkspaceOf(userId);
    // sealFor: sealed for another row, so the tokens cannot be opened for this one.
    await t.app.ctx.db
      .insert(platformConnections)
      .values({ id, workspaceId, platform, ...t.app.services.connections.seal(options.sealFor ?? id, tokens) });
    const account = harness.sandbox.world.accounts(platform)[0];
    await t.app.ctx.db.insert(connectedAdAccounts).values({
      workspaceId,
      connectionId: id,
      platform,
      accountId: account.id,
      name: account.name,
      currency: account.currency,
      timeZone: 'UTC',
    });
    return tokens;
  }
  const grantOf = (platform: Platform, tokens: TokenSet) =>
    harness.sandbox.grants.grantOf(platform, tokens.accessToken);

  it('revokes every grant at its platform, and still deletes when a platform cannot be reached', async () => {
    const user = await signUp(t.app);
    const bystander = await signUp(t.app);
    const userId = await userIdOf(user);
    const workspaceId = await personalWorkspaceOf(userId);
    const google = await grantAndStore(userId, 'google');
    const tiktok = await grantAndStore(userId, 'tiktok');
    const meta = await grantAndStore(userId, 'meta');
    const x = await grantAndStore(userId, 'x');
    const linkedin = await grantAndStore(userId, 'linkedin');
    const theirs = await grantAndStore(await userIdOf(bystander), 'google');
    for (const [platform, tokens] of [
      ['google', google],
      ['tiktok', tiktok],
      ['meta', meta],
      ['x', x],
      ['linkedin', linkedin],
    ] as const) {
      expect({ platform, revoked: grantOf(platform, tokens)?.revoked }).toEqual({ platform, revoked: false });
    }

    const res = await t.app.inject({ method: 'POST', url: '/api/delete-account/', headers: user.auth, payload: {} });
    expect(res.statusCode).toBe(204);

    // Withdrawn at the platforms that answered.
    for (const [platform, tokens] of [
      ['google', google],
      ['tiktok', tiktok],
      ['meta', meta],
      ['x', x],
    ] as const) {
      expect({ platform, revoked: grantOf(platform, tokens)?.revoked }).toEqual({ platform, revoked: true });
    }
    // LinkedIn was down: its grant stays, the failure is logged, and the account is gone anyway.
    expect(grantOf('linkedin', linkedin)?.revoked).toBe(false);
    const warnings = lines.map((line) => JSON.parse(line) as { msg: string; platform?: string });
    expect(warnings).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ msg: 'token revocation at the platform failed', platform: 'linkedin' }),
      ]),
    );
    expect(await t.app.ctx.db.select().from(users).where(eq(users.id, userId))).toHaveLength(0);
    expect(
      await t.app.ctx.db.select().from(platformConnections).where(eq(platformConnections.workspaceId, workspaceId)),
    ).toHaveLength(0);
    expect(
      await t.app.ctx.db.select().from(connectedAdAccounts).where(eq(connectedAdAccounts.workspaceId, workspaceId)),
    ).toHaveLength(0);

    // Nobody else's grant was touched, and no token reached the log.
    expect(grantOf('google', theirs)?.revoked).toBe(false);
    const log = lines.join('\n');
    for (const tokens of [google, tiktok, meta, x, linkedin]) {
      expect(log).not.toContain(tokens.accessToken);
      if (tokens.refreshToken) expect(log).not.toContain(tokens.refreshToken);
    }
  });

  it('deletes the account when a connection’s tokens cannot be opened, and revokes the others', async () => {
    const user = await signUp(t.app);
    const userId = await userIdOf(user);
    const workspaceId = await personalWorkspaceOf(userId);
    const unreadable = await grantAndStore(userId, 'google', { sealFor: '00000000-0000-0000-0000-000000000000' });
    const readable = await grantAndStore(userId, 'tiktok');

    const res = await t.app.inject({ method: 'POST', url: '/api/delete-account/', headers: user.auth, payload: {} });
    expect(res.statusCode).toBe(204);
    expect(grantOf('tiktok', readable)?.revoked).toBe(true);
    // Nothing to revoke with: that grant ends at the platform on its own terms.
    expect(grantOf('google', unreadable)?.revoked).toBe(false);
    expect(lines.some((line) => line.includes('its grant was not revoked'))).toBe(true);
    expect(
      await t.app.ctx.db.select().from(platformConnections).where(eq(platformConnections.workspaceId, workspaceId)),
    ).toHaveLength(0);
  });
});
