import { AUTH_MESSAGES, cooldownMessage } from '@shared/api/auth';
import { REFRESH_REUSE_GRACE_MS } from '@shared/constants';
import { eq } from 'drizzle-orm';

import { loginThrottle, outbox, refreshTokens } from '../../db/schema';
import { manualClock } from '../../lib/clock';
import { buildTestApp, type TestApp } from '../../test/buildTestApp';
import { signUp, type TestUser } from '../../test/factories';
import { hashToken } from './tokens';

const START = '2026-11-21T09:00:00Z';
const PARALLEL = 20;

/**
 * Parallel logins and refreshes. Run on PGlite and, with DATABASE_URL set, on PostgreSQL (where
 * the reservations really run side by side on a pool of connections).
 */
describe('auth under concurrency', () => {
  let t: TestApp;
  const clock = manualClock(START);
  beforeAll(async () => {
    t = await buildTestApp({ clock });
  });
  afterAll(() => t.close());
  beforeEach(() => clock.set(START));

  const login = (username: string, password: string, ip: string) =>
    t.app.inject({ method: 'POST', url: '/api/login/', payload: { username, password }, remoteAddress: ip });
  const refresh = (token: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/token/refresh/',
      payload: { refresh: token },
      remoteAddress: '10.90.0.1',
    });
  const failures = async (key: string) =>
    (await t.app.ctx.db.select().from(loginThrottle).where(eq(loginThrottle.key, key)))[0]?.failures ?? 0;
  const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;

  /** PARALLEL attempts at once; the right password goes at the given positions, wrong ones elsewhere. */
  async function burst(user: TestUser, rightAt: number[], ip: (i: number) => string) {
    const responses = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) =>
        login(user.email, rightAt.includes(i) ? user.password : `wrong-${i}`, ip(i)),
      ),
    );
    return responses;
  }

  it('checks only 3 of 20 parallel attempts from one client, and refuses the right password sent with them', async () => {
    const user = await signUp(t.app);
    const responses = await burst(user, [PARALLEL - 1], () => '10.91.0.1');
    const statuses = responses.map((r) => r.statusCode);
    expect(count(statuses, 200)).toBe(0);
    expect(count(statuses, 401)).toBe(2);
    expect(count(statuses, 429)).toBe(PARALLEL - 2);
    expect(responses[PARALLEL - 1].json()).toEqual({ detail: cooldownMessage(30), code: 'rate_limited' });
    expect(await failures(`account:${user.email}`)).toBe(3);
    // The cooldown holds afterwards as it does for sequential attempts (from another address here:
    // this one has used up login/'s 20 requests a minute).
    expect((await login(user.email, user.password, '10.91.0.2')).json().detail).toBe(cooldownMessage(30));
    clock.advance(31_000);
    expect((await login(user.email, user.password, '10.91.0.2')).statusCode).toBe(200);
  });

  it('lets none of several right passwords sent among parallel wrong ones through', async () => {
    const user = await signUp(t.app);
    // On PostgreSQL parallel requests reach the row locks in no fixed order, so a right password
    // early in the burst may be among the first three attempts reserved, and is then let in as it
    // would be after two failures in a row. From the 13th request on, an attempt can only start
    // once three others have finished their reservation (the pool has 10 connections).
    const rightAt = [12, 16, PARALLEL - 1];
    const responses = await burst(user, rightAt, () => '10.92.0.1');
    expect(rightAt.map((i) => responses[i].statusCode)).toEqual([429, 429, 429]);
    expect(
      count(
        responses.map((r) => r.statusCode),
        401,
      ),
    ).toBe(2);
    expect(await failures(`account:${user.email}`)).toBe(3);
  });

  it('checks only 3 of 20 parallel attempts from 20 addresses that never failed before', async () => {
    const user = await signUp(t.app);
    const responses = await burst(user, [PARALLEL - 1], (i) => `10.93.0.${i + 1}`);
    const statuses = responses.map((r) => r.statusCode);
    expect(count(statuses, 401)).toBe(2);
    expect(count(statuses, 429)).toBe(PARALLEL - 2);
    expect(statuses[PARALLEL - 1]).toBe(429);
    expect(await failures(`account:${user.email}`)).toBe(3);
  });

  it('cools a client address down at its 10th failure among 20 parallel ones across accounts', async () => {
    const ip = '10.94.0.1';
    const responses = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) => login(`nobody-${i}@example.com`, 'wrong', ip)),
    );
    const statuses = responses.map((r) => r.statusCode);
    expect(count(statuses, 401)).toBe(9);
    expect(count(statuses, 429)).toBe(PARALLEL - 9);
    expect(await failures(`ip:${ip}`)).toBe(10);
  });

  it('after strangers lock an account: a failed client is refused, a new client gets one check per burst, the owner gets in', async () => {
    const user = await signUp(t.app);
    const attempt = (password: string, ip: string) => login(user.email, password, ip);
    for (const ip of ['10.95.0.1', '10.95.0.2', '10.95.0.3']) await attempt('stranger', ip);
    clock.advance(31_000);
    // One stranger keeps going: a 60 s cooldown runs, past the first 30 s window of the run.
    expect((await attempt('stranger', '10.95.0.1')).json().detail).toBe(cooldownMessage(60));

    // A client that failed: every attempt of a burst is refused outright, the right one too.
    const failed = await burst(user, [PARALLEL - 1], () => '10.95.0.1');
    expect(failed.map((r) => r.statusCode)).toEqual(Array(PARALLEL).fill(429));
    expect(await failures(`account:${user.email}`)).toBe(4);

    // A client that never failed gets exactly one check in a burst (a wrong one: the cooldown grows
    // to 120 s and holds that client from then on); the right password sent with it is refused.
    const fresh = await burst(user, [PARALLEL - 1], () => '10.95.0.4');
    expect(fresh.map((r) => r.statusCode)).toEqual(Array(PARALLEL).fill(429));
    expect(fresh.map((r) => r.json().detail)).toEqual(Array(PARALLEL).fill(cooldownMessage(120)));
    expect(await failures(`account:${user.email}`)).toBe(5);

    // The owner, from an address that has not failed, still gets in.
    expect((await attempt(user.password, '10.95.0.9')).statusCode).toBe(200);
    expect(await failures(`account:${user.email}`)).toBe(0);
  });

  it('answers 10 parallel refreshes of one token with the same new refresh token, and the session lives on', async () => {
    const user = await signUp(t.app);
    const responses = await Promise.all(Array.from({ length: 10 }, () => refresh(user.session.refresh)));
    expect(responses.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    const tokens = new Set(responses.map((r) => r.json().refresh as string));
    expect(tokens.size).toBe(1);
    const [successor] = tokens;
    for (const r of responses) {
      const info = await t.app.inject({
        method: 'GET',
        url: '/api/account-info/',
        headers: { authorization: `Bearer ${r.json().access}` },
      });
      expect(info.statusCode).toBe(200);
    }
    const family = await t.app.ctx.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashToken(successor)));
    expect(family).toHaveLength(1);

    const next = await refresh(successor);
    expect(next.statusCode).toBe(200);
    expect((await refresh(next.json().refresh)).statusCode).toBe(200);
  });

  it('revokes the family when the token comes back after the grace window', async () => {
    const user = await signUp(t.app);
    const rotated = (await refresh(user.session.refresh)).json();
    clock.advance(REFRESH_REUSE_GRACE_MS + 1000);
    const replays = await Promise.all(Array.from({ length: 5 }, () => refresh(user.session.refresh)));
    expect(replays.map((r) => r.statusCode)).toEqual(Array(5).fill(401));
    expect(replays[0].json().detail).toBe(AUTH_MESSAGES.sessionExpired);
    expect((await refresh(rotated.refresh)).statusCode).toBe(401);
    const info = await t.app.inject({
      method: 'GET',
      url: '/api/account-info/',
      headers: { authorization: `Bearer ${rotated.access}` },
    });
    expect(info.statusCode).toBe(401);
  });

  it('revokes the family once when two different spent tokens of it come back at the same moment (no deadlock)', async () => {
    const user = await signUp(t.app);
    const first = (await refresh(user.session.refresh)).json();
    const second = (await refresh(first.refresh)).json();
    clock.advance(REFRESH_REUSE_GRACE_MS + 1000);
    for (let round = 0; round < 5; round++) {
      const replays = await Promise.all([
        refresh(user.session.refresh),
        refresh(first.refresh),
        refresh(user.session.refresh),
        refresh(first.refresh),
      ]);
      expect(replays.map((r) => r.statusCode)).toEqual([401, 401, 401, 401]);
    }
    expect((await refresh(second.refresh)).statusCode).toBe(401);
  });

  it('lets no refresh token rotated during a password reset outlive the reset', async () => {
    const user = await signUp(t.app);
    await t.app.inject({
      method: 'POST',
      url: '/api/forgot-password/',
      payload: { email: user.email },
      remoteAddress: '10.92.0.1',
    });
    const resetToken = await (async () => {
      for (let i = 0; i < 300; i++) {
        const [mail] = await t.app.ctx.db.select().from(outbox).where(eq(outbox.toAddress, user.email));
        if (mail) return decodeURIComponent(/forgot-password\?token=([^\s]+)/.exec(mail.textBody)![1]);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error('no reset mail');
    })();
    const [rotated, reset] = await Promise.all([
      refresh(user.session.refresh),
      t.app.inject({
        method: 'POST',
        url: '/api/reset-password/',
        payload: { token: resetToken, password: 'a new password 1', confirmPassword: 'a new password 1' },
        remoteAddress: '10.92.0.2',
      }),
    ]);
    expect(reset.statusCode).toBe(200);
    // Whichever ran first, nothing handed out around the reset still works after it.
    if (rotated.statusCode === 200) expect((await refresh(rotated.json().refresh)).statusCode).toBe(401);
    else expect(rotated.statusCode).toBe(401);
    const live = await t.app.ctx.db
      .select()
      .from(refreshTokens)
      .where(
        eq(
          refreshTokens.userId,
          (
            await t.app.ctx.db
              .select({ userId: refreshTokens.userId })
              .from(refreshTokens)
              .where(eq(refreshTokens.tokenHash, hashToken(user.session.refresh)))
          )[0].userId,
        ),
      );
    expect(live.filter((row) => row.revokedAt === null)).toEqual([]);
  });
});
