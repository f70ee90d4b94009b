import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { OTP_MESSAGE } from '@shared/validation/otp';
import { connectedAdAccounts, otpCodes, outbox, platformConnections, users } from '../../db/schema';
import { manualClock } from '../../lib/clock';
import { buildTestApp, type TestApp } from '../../test/buildTestApp';
import { signUp, type TestUser } from '../../test/factories';
import { OTP_MESSAGES } from './otp.service';

const START = new Date('2026-11-21T10:00:00Z');

describe('OTP for disconnecting ad accounts', () => {
  let t: TestApp;
  const clock = manualClock(START);

  beforeAll(async () => {
    t = await buildTestApp({ clock, workers: false });
  });
  afterAll(() => t.close());
  beforeEach(() => clock.set(START));

  const post = (url: string, user: TestUser, payload: object = {}) =>
    t.app.inject({ method: 'POST', url: `/api/${url}`, headers: user.auth, payload });

  /** The code in the newest OTP e-mail to the user. */
  const lastCode = async (user: TestUser) => {
    const rows = await t.app.ctx.db.select().from(outbox).where(eq(outbox.toAddress, user.email));
    const mail = rows.filter((row) => row.subject.includes('verification code')).sort((a, b) => +b.createdAt - +a.createdAt)[0];
    return /\b(\d{6})\b/.exec(mail.textBody)![1];
  };

  /** A connected account row, as the OAuth callback would leave it. */
  const connectAccount = async (user: TestUser, accountId = '1234567890') => {
    const [{ userId }] = await t.app.ctx.db.select({ userId: users.id }).from(users).where(eq(users.email, user.email));
    const connectionId = randomUUID();
    await t.app.ctx.db.insert(platformConnections).values({
      id: connectionId,
      userId,
      platform: 'google',
      ...t.app.services.connections.seal(connectionId, { accessToken: 'ya29.test' }),
    });
    const [row] = await t.app.ctx.db
      .insert(connectedAdAccounts)
      .values({ userId, connectionId, platform: 'google', accountId, name: 'Acme', currency: 'USD', timeZone: 'UTC' })
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
    expect((await t.app.inject({ method: 'GET', url: '/api/ad-accounts/', headers: other.auth })).json()).toHaveLength(1);
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
});
