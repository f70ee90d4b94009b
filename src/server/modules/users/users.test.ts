import { eq, sql } from 'drizzle-orm';
import { AUTH_MESSAGES } from '@shared/api/auth';
import { DAY_MS, POINTS, TRIAL_DURATION_MS } from '@shared/constants';
import { executeRows } from '../../db/connect';
import { outbox, users } from '../../db/schema';
import { manualClock } from '../../lib/clock';
import { buildTestApp, eventually, type TestApp } from '../../test/buildTestApp';
import { signUp, type TestUser } from '../../test/factories';
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
  const post = (url: string, user: TestUser) => t.app.inject({ method: 'POST', url: `/api/${url}`, headers: user.auth, payload: {} });
  /** Access tokens live 15 minutes; long clock jumps need a fresh one. */
  const relogin = async (user: TestUser) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/login/', payload: { username: user.email, password: user.password }, remoteAddress: '172.31.9.9' });
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
    expect(new Date(jobs[0].start_after).toISOString()).toBe(new Date(row.trialEndsAt!.getTime() - DAY_MS).toISOString());

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
    expect(tables.map((x) => x.table_name)).toEqual(expect.arrayContaining(['outbox', 'refresh_tokens', 'password_resets', 'point_events']));
    for (const { table_name } of tables) {
      const [count] = await executeRows<{ n: number }>(t.app.ctx.db, sql`select count(*)::int as n from ${sql.identifier(table_name)} where user_id = ${row.id}`);
      expect({ table: table_name, rows: count.n }).toEqual({ table: table_name, rows: 0 });
    }
    expect(await t.app.ctx.db.select().from(users).where(eq(users.id, row.id))).toHaveLength(0);

    const after = await get('user-info/', user);
    expect(after.statusCode).toBe(401);
    expect(after.json().detail).toBe(AUTH_MESSAGES.sessionExpired);
    const refresh = await t.app.inject({ method: 'POST', url: '/api/token/refresh/', payload: { refresh: user.session.refresh } });
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
