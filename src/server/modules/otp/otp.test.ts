import { randomInt, randomUUID } from 'node:crypto';

import { OTP_MESSAGE } from '@shared/validation/otp';
import { eq } from 'drizzle-orm';

import { connectedAdAccounts, otpCodes, outbox, platformConnections, rateLimitHits } from '../../db/schema';
import { manualClock } from '../../lib/clock';
import { buildTestApp, type TestApp } from '../../test/buildTestApp';
import { workspaceIdOf } from '../../test/connect';
import { signUp, type TestUser } from '../../test/factories';
import { OTP_DAILY_LIMIT, OTP_DAILY_WINDOW_MS, OTP_MAX_ATTEMPTS, OTP_MESSAGES, waitInWords } from './otp.service';

const START = new Date('2026-11-21T10:00:00Z');

describe('OTP for disconnecting ad accounts', () => {
  let t: TestApp;
  const clock = manualClock(START);

  beforeAll(async () => {
    t = await buildTestApp({ clock, workers: false });
  });
  afterAll(() => t.close());
  beforeEach(() => clock.set(START));

  /** Each user calls from an address of their own: the routes' per-IP budgets are not what these tests are about. */
  const addresses = new WeakMap<TestUser, string>();
  const addressOf = (user: TestUser) => {
    if (!addresses.has(user)) addresses.set(user, `10.${randomInt(256)}.${randomInt(256)}.${1 + randomInt(250)}`);
    return addresses.get(user)!;
  };
  const post = (url: string, user: TestUser, payload: object = {}) =>
    t.app.inject({ method: 'POST', url: `/api/${url}`, headers: user.auth, payload, remoteAddress: addressOf(user) });

  /** The code in the newest OTP e-mail to the user. */
  const lastCode = async (user: TestUser) => {
    const rows = await t.app.ctx.db.select().from(outbox).where(eq(outbox.toAddress, user.email));
    const mail = rows
      .filter((row) => row.subject.includes('verification code'))
      .sort((a, b) => +b.createdAt - +a.createdAt)[0];
    return /\b(\d{6})\b/.exec(mail.textBody)![1];
  };

  /** A connected account row, as the OAuth callback would leave it. */
  const connectAccount = async (user: TestUser, accountId = '1234567890') => {
    const workspaceId = await workspaceIdOf(t.app, user);
    const connectionId = randomUUID();
    await t.app.ctx.db.insert(platformConnections).values({
      id: connectionId,
      workspaceId,
      platform: 'google',
      ...t.app.services.connections.seal(connectionId, { accessToken: 'ya29.test' }),
    });
    const [row] = await t.app.ctx.db
      .insert(connectedAdAccounts)
      .values({
        workspaceId,
        connectionId,
        platform: 'google',
        accountId,
        name: 'Acme',
        currency: 'USD',
        timeZone: 'UTC',
      })
      .returning();
    return row;
  };

  it('e-mails a six-digit code, stores only its hash, and locks resending for 30 seconds', async () => {
    const user = await signUp(t.app);
    const sent = await post('generate-otp/', user);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ sent: true, resend_after_seconds: 30, expires_in_seconds: 600 });
    const code = await lastCode(user);
    expect(code).toMatch(/^\d{6}$/);
    // The code is in the body only: subjects show on lock screens and in logs.
    const [mail] = await t.app.ctx.db.select().from(outbox).where(eq(outbox.toAddress, user.email));
    expect(mail.subject).toBe('Your Adwise verification code');
    const stored = await t.app.ctx.db.select().from(otpCodes);
    expect(stored.some((row) => row.codeHash.includes(code))).toBe(false);

    clock.advance(10_000);
    const again = await post('generate-otp/', user);
    expect(again.statusCode).toBe(429);
    expect(again.json().detail).toBe(OTP_MESSAGES.wait(20));
    expect(again.headers['retry-after']).toBe('20');
    expect(again.json().retry_after_seconds).toBe(20);

    clock.advance(20_000);
    expect((await post('generate-otp/', user)).statusCode).toBe(200);
    const newer = await lastCode(user);
    if (newer !== code) {
      // The first code was retired by the second.
      expect((await post('verify-otp/', user, { otp: code })).json().detail).toBe(OTP_MESSAGES.invalid);
    }
    expect((await post('verify-otp/', user, { otp: newer })).statusCode).toBe(200);
  });

  it('checks the format, counts wrong tries and uses the code up after five', async () => {
    const user = await signUp(t.app);
    await post('generate-otp/', user);
    const code = await lastCode(user);
    const wrong = code === '000000' ? '111111' : '000000';

    const badFormat = await post('verify-otp/', user, { otp: '12ab56' });
    expect(badFormat.statusCode).toBe(400);
    expect(badFormat.json()).toMatchObject({ detail: OTP_MESSAGE, field: 'otp' });

    for (let i = 0; i < 4; i += 1) {
      const res = await post('verify-otp/', user, { otp: wrong });
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toBe(OTP_MESSAGES.invalid);
    }
    const fifth = await post('verify-otp/', user, { otp: wrong });
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json().detail).toBe(OTP_MESSAGES.tooManyTries);
    const afterwards = await post('verify-otp/', user, { otp: code });
    expect(afterwards.statusCode).toBe(400);
    expect(afterwards.json().detail).toBe(OTP_MESSAGES.noCode);
  });

  it('expires a code after ten minutes', async () => {
    const user = await signUp(t.app);
    await post('generate-otp/', user);
    const code = await lastCode(user);
    clock.advance(10 * 60 * 1000 + 1);
    const res = await post('verify-otp/', user, { otp: code });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe(OTP_MESSAGES.expired);
  });

  it('allows exactly one disconnect per verification, only of the user’s own accounts', async () => {
    const user = await signUp(t.app);
    const other = await signUp(t.app);
    const mine = await connectAccount(user, '1111111111');
    const second = await connectAccount(user, '2222222222');
    const theirs = await connectAccount(other, '3333333333');

    const unverified = await post('delete-connected-account/', user, { accid: mine.id });
    expect(unverified.statusCode).toBe(403);
    expect(unverified.json().detail).toBe(OTP_MESSAGES.notVerified);

    await post('generate-otp/', user);
    expect((await post('verify-otp/', user, { otp: await lastCode(user) })).statusCode).toBe(200);

    const foreign = await post('delete-connected-account/', user, { accid: theirs.id });
    expect(foreign.statusCode).toBe(404);
    const badId = await post('delete-connected-account/', user, { accid: 'nope' });
    expect(badId.statusCode).toBe(400);

    const deleted = await post('delete-connected-account/', user, { accid: mine.id });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ deleted: true, id: mine.id });
    const list = await t.app.inject({ method: 'GET', url: '/api/ad-accounts/', headers: user.auth });
    expect(list.json().map((a: { account_id: string }) => a.account_id)).toEqual(['2222222222']);

    const reused = await post('delete-connected-account/', user, { accid: second.id });
    expect(reused.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/ad-accounts/', headers: other.auth })).json()).toHaveLength(
      1,
    );
  });

  it('lets a verification lapse after five minutes', async () => {
    const user = await signUp(t.app);
    const account = await connectAccount(user);
    await post('generate-otp/', user);
    await post('verify-otp/', user, { otp: await lastCode(user) });
    clock.advance(5 * 60 * 1000 + 1);
    // Access tokens live 15 minutes, so the user is still signed in.
    const res = await post('delete-connected-account/', user, { accid: account.id });
    expect(res.statusCode).toBe(403);
  });

  describe('the daily cap', () => {
    const RESEND_MS = 30_000;
    /** Sends `count` codes, each after the resend lock, and lets them all go unused. */
    const sendCodes = async (user: TestUser, count: number) => {
      for (let i = 0; i < count; i += 1) {
        const res = await post('generate-otp/', user);
        expect({ code: i + 1, status: res.statusCode }).toEqual({ code: i + 1, status: 200 });
        clock.advance(RESEND_MS);
      }
    };
    /** Access tokens live 15 minutes; long clock jumps need a fresh one. */
    const relogin = async (user: TestUser) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/login/',
        payload: { username: user.email, password: user.password },
        remoteAddress: '172.31.7.7',
      });
      user.auth = { authorization: `Bearer ${res.json().access}` };
    };

    it('keeps the guessing chance under 0.01 % a day', () => {
      expect((OTP_DAILY_LIMIT * OTP_MAX_ATTEMPTS) / 10 ** 6).toBeLessThan(0.0001 / 2);
      expect(OTP_DAILY_WINDOW_MS).toBe(24 * 60 * 60 * 1000);
    });

    it('refuses the code after the limit within 24 hours with the exact wait, and sends again the next day', async () => {
      const user = await signUp(t.app);
      await sendCodes(user, OTP_DAILY_LIMIT);
      const mailsBefore = (await t.app.ctx.db.select().from(outbox).where(eq(outbox.toAddress, user.email))).length;

      const refused = await post('generate-otp/', user);
      expect(refused.statusCode).toBe(429);
      // The first code was sent OTP_DAILY_LIMIT × 30 s ago; it leaves the window 24 h after it was sent.
      const waitSeconds = OTP_DAILY_WINDOW_MS / 1000 - OTP_DAILY_LIMIT * 30;
      expect(refused.json()).toMatchObject({
        detail: OTP_MESSAGES.dailyLimit(waitSeconds),
        code: 'rate_limited',
        retry_after_seconds: waitSeconds,
      });
      expect(refused.json().detail).toBe(
        'You have asked for too many codes today. Please try again in 23 hours and 58 minutes.',
      );
      expect(refused.headers['retry-after']).toBe(String(waitSeconds));
      // Nothing was sent and no code was stored for the refused request.
      expect(await t.app.ctx.db.select().from(outbox).where(eq(outbox.toAddress, user.email))).toHaveLength(
        mailsBefore,
      );

      // Still refused a second before the oldest code leaves the window, with the wait counted down.
      clock.advance((waitSeconds - 1) * 1000);
      await relogin(user);
      const almost = await post('generate-otp/', user);
      expect(almost.statusCode).toBe(429);
      expect(almost.headers['retry-after']).toBe('1');
      expect(almost.json().detail).toBe(OTP_MESSAGES.dailyLimit(1));

      // The next day one slot is free again: one code, then the cap holds until the second oldest leaves.
      clock.advance(1000);
      const nextDay = await post('generate-otp/', user);
      expect(nextDay.statusCode).toBe(200);
      expect((await post('verify-otp/', user, { otp: await lastCode(user) })).statusCode).toBe(200);
    });

    it('counts only codes that were not verified, so a user disconnecting many accounts is not stopped', async () => {
      const user = await signUp(t.app);
      for (let i = 0; i < OTP_DAILY_LIMIT + 2; i += 1) {
        expect((await post('generate-otp/', user)).statusCode).toBe(200);
        expect((await post('verify-otp/', user, { otp: await lastCode(user) })).statusCode).toBe(200);
        clock.advance(RESEND_MS);
      }
      // Unverified codes still count up to the cap. generate-otp/ allows a signed-in user 10 a
      // minute wherever they come from, counted on the real clock: let that minute pass.
      await t.app.ctx.db.delete(rateLimitHits);
      await sendCodes(user, OTP_DAILY_LIMIT);
      expect((await post('generate-otp/', user)).statusCode).toBe(429);
    });

    it('keeps the 30 second resend lock below the cap, and names the longer wait when both apply', async () => {
      const user = await signUp(t.app);
      await sendCodes(user, OTP_DAILY_LIMIT - 1);
      expect((await post('generate-otp/', user)).statusCode).toBe(200);
      clock.advance(5_000);
      // Both the resend lock (25 s) and the cap (about a day) apply: the day is what the user needs to know.
      const res = await post('generate-otp/', user);
      expect(res.statusCode).toBe(429);
      expect(res.json().detail).toBe(OTP_MESSAGES.dailyLimit(Number(res.headers['retry-after'])));
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(23 * 3600);

      // Another user below the cap still gets the plain resend lock.
      const other = await signUp(t.app);
      expect((await post('generate-otp/', other)).statusCode).toBe(200);
      clock.advance(10_000);
      const locked = await post('generate-otp/', other);
      expect(locked.statusCode).toBe(429);
      expect(locked.json().detail).toBe(OTP_MESSAGES.wait(20));
    });

    it('words the wait', () => {
      expect(waitInWords(1)).toBe('1 minute');
      expect(waitInWords(60)).toBe('1 minute');
      expect(waitInWords(61)).toBe('2 minutes');
      expect(waitInWords(3600)).toBe('1 hour');
      expect(waitInWords(7200)).toBe('2 hours');
      expect(waitInWords(86_400 - 150)).toBe('23 hours and 58 minutes');
      expect(waitInWords(3660)).toBe('1 hour and 1 minute');
    });
  });
});
