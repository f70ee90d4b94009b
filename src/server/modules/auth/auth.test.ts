import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { AUTH_MESSAGES, cooldownMessage } from '@shared/api/auth';
import { outbox, refreshTokens, users } from '../../db/schema';
import { manualClock } from '../../lib/clock';
import { buildTestApp, eventually, type TestApp } from '../../test/buildTestApp';
import { signUp } from '../../test/factories';

const START = '2026-11-21T09:00:00Z';

describe('accounts: register, login, refresh, logout, reset', () => {
  let t: TestApp;
  const clock = manualClock(START);
  beforeAll(async () => {
    t = await buildTestApp({ clock });
  });
  afterAll(() => t.close());
  beforeEach(() => clock.set(START));

  const post = (url: string, payload: object, headers: Record<string, string> = {}, ip = '10.0.0.1') =>
    t.app.inject({ method: 'POST', url: `/api/${url}`, payload, headers, remoteAddress: ip });

  describe('register/', () => {
    const valid = { fullName: 'Ravi Kumar', email: 'Ravi@Example.com', password: 'longenough1', confirmPassword: 'longenough1' };

    it('creates the account with a lower-cased e-mail and an argon2id hash', async () => {
      const res = await post('register/', valid);
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({ id: expect.any(String), fullName: 'Ravi Kumar', email: 'ravi@example.com' });
      const [row] = await t.app.ctx.db.select().from(users).where(eq(users.email, 'ravi@example.com'));
      expect(row.passwordHash).toMatch(/^\$argon2id\$v=19\$/);
      expect(row.passwordHash.split('$')[3].split(',').sort()).toEqual(['m=19456', 'p=1', 't=2']);
    });

    it('refuses an e-mail that is already registered, in any case, with a clear detail', async () => {
      const res = await post('register/', { ...valid, email: 'RAVI@example.COM' });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ detail: AUTH_MESSAGES.emailTaken, code: 'conflict', field: 'email' });
    });

    it.each([
      [{ fullName: '' }, 'fullName', 'Full name is required.'],
      [{ email: 'not-an-email' }, 'email', 'Please enter a valid email address.'],
      [{ password: '', confirmPassword: '' }, 'password', 'Password is required.'],
      [{ password: 'short', confirmPassword: 'short' }, 'password', 'Use at least 8 characters.'],
      [{ confirmPassword: '' }, 'confirmPassword', 'Please retype your password.'],
      [{ confirmPassword: 'different1' }, 'confirmPassword', 'Passwords do not match.'],
    ])('validates %p: %s', async (change, field, detail) => {
      const res = await post('register/', { ...valid, email: 'new@example.com', ...change });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ detail, field, code: 'validation_failed' });
    });
  });

  describe('login/', () => {
    it('returns the session, and its access token opens user-info', async () => {
      const user = await signUp(t.app, { fullName: 'Meera Iyer' });
      expect(user.session).toEqual({ access: expect.any(String), refresh: expect.any(String), fullName: 'Meera Iyer', username: user.email });
      const info = await t.app.inject({ method: 'GET', url: '/api/user-info/', headers: user.auth });
      expect(info.statusCode).toBe(200);
      expect(info.json()).toMatchObject({ fullName: 'Meera Iyer', username: user.email });
      expect(info.headers['cache-control']).toBe('no-store');
    });

    it('says the same thing for an unknown e-mail and a wrong password', async () => {
      const user = await signUp(t.app);
      const wrong = await post('login/', { username: user.email, password: 'wrong password' }, {}, '10.1.0.1');
      const unknown = await post('login/', { username: 'nobody@example.com', password: 'whatever1' }, {}, '10.1.0.2');
      expect(wrong.statusCode).toBe(401);
      expect(unknown.statusCode).toBe(401);
      expect(wrong.json().detail).toBe(AUTH_MESSAGES.invalidCredentials);
      expect(unknown.json().detail).toBe(AUTH_MESSAGES.invalidCredentials);
    });

    it.each([
      [{ password: 'x' }, 'username', 'Email is required.'],
      [{ username: 'nope', password: 'x' }, 'username', 'Please enter a valid email.'],
      [{ username: 'a@example.com' }, 'password', 'Password is required.'],
    ])('validates %p: %s', async (payload, field, detail) => {
      const res = await post('login/', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ detail, field });
    });

    it('cools an account down after 3 failures (30 s, doubling), even for the right password, across IPs', async () => {
      const user = await signUp(t.app);
      const attempt = (password: string, ip: string) => post('login/', { username: user.email, password }, {}, ip);
      expect((await attempt('bad-1', '10.2.0.1')).statusCode).toBe(401);
      expect((await attempt('bad-2', '10.2.0.2')).statusCode).toBe(401);
      const third = await attempt('bad-3', '10.2.0.3');
      expect(third.statusCode).toBe(429);
      expect(third.json()).toEqual({ detail: cooldownMessage(30), code: 'rate_limited' });

      clock.advance(10_000);
      const locked = await attempt(user.password, '10.2.0.4');
      expect(locked.statusCode).toBe(429);
      expect(locked.json().detail).toBe('Too many failed logins. Please try again in 20 seconds.');

      clock.advance(21_000);
      const fourth = await attempt('bad-4', '10.2.0.5');
      expect(fourth.json().detail).toBe(cooldownMessage(60));

      clock.advance(61_000);
      expect((await attempt(user.password, '10.2.0.6')).statusCode).toBe(200);
      // A success clears the account's counter: the next failure is the first again.
      expect((await attempt('bad-5', '10.2.0.7')).statusCode).toBe(401);
    });

    it('cools a client address down after 10 failures across accounts', async () => {
      const ip = '10.3.0.1';
      for (let i = 1; i <= 9; i++) {
        expect((await post('login/', { username: `nobody${i}@example.com`, password: 'x' }, {}, ip)).statusCode).toBe(401);
      }
      const tenth = await post('login/', { username: 'nobody10@example.com', password: 'x' }, {}, ip);
      expect(tenth.statusCode).toBe(429);
      const user = await signUp(t.app);
      expect((await post('login/', { username: user.email, password: user.password }, {}, ip)).statusCode).toBe(429);
      expect((await post('login/', { username: user.email, password: user.password }, {}, '10.3.0.2')).statusCode).toBe(200);
    });
  });

  describe('sessions', () => {
    it('expires access tokens after 15 minutes', async () => {
      const user = await signUp(t.app);
      clock.advance(15 * 60 * 1000 + 1000);
      const res = await t.app.inject({ method: 'GET', url: '/api/user-info/', headers: user.auth });
      expect(res.statusCode).toBe(401);
      expect(res.json().detail).toBe('Please login again, token has expired');
    });

    it('rotates the refresh token on every use', async () => {
      const user = await signUp(t.app);
      const first = await post('token/refresh/', { refresh: user.session.refresh });
      expect(first.statusCode).toBe(200);
      const pair = first.json();
      expect(pair).toEqual({ access: expect.any(String), refresh: expect.any(String) });
      expect(pair.refresh).not.toBe(user.session.refresh);
      const second = await post('token/refresh/', { refresh: pair.refresh });
      expect(second.statusCode).toBe(200);
      const info = await t.app.inject({ method: 'GET', url: '/api/user-info/', headers: { authorization: `Bearer ${second.json().access}` } });
      expect(info.statusCode).toBe(200);
    });

    it('revokes the whole family when a spent refresh token comes back', async () => {
      const user = await signUp(t.app);
      const rotated = (await post('token/refresh/', { refresh: user.session.refresh })).json();
      const replay = await post('token/refresh/', { refresh: user.session.refresh });
      expect(replay.statusCode).toBe(401);
      expect(replay.json().detail).toBe(AUTH_MESSAGES.sessionExpired);
      // The thief's replay also kills the legitimate successor.
      expect((await post('token/refresh/', { refresh: rotated.refresh })).statusCode).toBe(401);
    });

    it('ends the family at the absolute expiry, however often it rotated', async () => {
      const user = await signUp(t.app);
      clock.advance(29 * 86_400_000);
      const rotated = (await post('token/refresh/', { refresh: user.session.refresh })).json();
      clock.advance(2 * 86_400_000);
      expect((await post('token/refresh/', { refresh: rotated.refresh })).statusCode).toBe(401);
    });

    it('logout revokes the refresh token; other logins stay', async () => {
      const user = await signUp(t.app);
      const otherLogin = (await post('login/', { username: user.email, password: user.password })).json();
      expect((await post('logout/', { refresh: user.session.refresh })).statusCode).toBe(204);
      expect((await post('token/refresh/', { refresh: user.session.refresh })).statusCode).toBe(401);
      expect((await post('token/refresh/', { refresh: otherLogin.refresh })).statusCode).toBe(200);
      expect((await post('logout/', { refresh: 'unknown-token' })).statusCode).toBe(204);
    });

    it('stores refresh tokens only as hashes', async () => {
      const user = await signUp(t.app);
      const rows = await t.app.ctx.db.select({ hash: refreshTokens.tokenHash }).from(refreshTokens);
      expect(rows.some((r) => r.hash === user.session.refresh)).toBe(false);
    });

    it('accepts only HS256 access tokens it signed itself', async () => {
      const user = await signUp(t.app);
      const sub = JSON.parse(Buffer.from(user.session.access.split('.')[1], 'base64url').toString()).sub as string;
      const forged = await new SignJWT({ typ: 'access' })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(sub)
        .setIssuer('adwise')
        .setAudience('adwise-api')
        .setExpirationTime('1h')
        .sign(new TextEncoder().encode('some-other-secret-that-is-long-enough-000'));
      const unsigned = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${user.session.access.split('.')[1]}.`;
      for (const token of [forged, unsigned, 'garbage']) {
        const res = await t.app.inject({ method: 'GET', url: '/api/user-info/', headers: { authorization: `Bearer ${token}` } });
        expect(res.statusCode).toBe(401);
      }
      const none = await t.app.inject({ method: 'GET', url: '/api/user-info/' });
      expect(none.json()).toEqual({ detail: AUTH_MESSAGES.notSignedIn, code: 'unauthorized' });
    });
  });

  describe('forgot-password/ and reset-password/', () => {
    const resetMail = (email: string) =>
      eventually(async () => {
        const rows = await t.app.ctx.db.select().from(outbox).where(eq(outbox.toAddress, email));
        return rows.find((r) => r.subject === 'Reset your Adwise password');
      });
    const tokenFrom = (text: string) => decodeURIComponent(/forgot-password\?token=([^\s]+)/.exec(text)![1]);

    it('answers the same for unknown and known e-mails, and mails a single-use link to the known one', async () => {
      const user = await signUp(t.app);
      const unknown = await post('forgot-password/', { email: 'ghost@example.com' });
      const known = await post('forgot-password/', { email: user.email.toUpperCase() });
      expect(unknown.statusCode).toBe(200);
      expect(known.json()).toEqual(unknown.json());
      expect(known.json()).toEqual({ detail: AUTH_MESSAGES.resetSent });

      const mail = await resetMail(user.email);
      expect(mail.textBody).toContain('http://localhost:3000/forgot-password?token=');
      const token = tokenFrom(mail.textBody);

      const mismatch = await post('reset-password/', { token, password: 'brand new pass', confirmPassword: 'other' });
      expect(mismatch.json()).toMatchObject({ detail: 'Passwords do not match.', field: 'confirmPassword' });

      const ok = await post('reset-password/', { token, password: 'brand new pass', confirmPassword: 'brand new pass' });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toEqual({ detail: AUTH_MESSAGES.passwordChanged });

      // Single use; the old sessions and the old password are gone.
      const again = await post('reset-password/', { token, password: 'another pass 1', confirmPassword: 'another pass 1' });
      expect(again.statusCode).toBe(400);
      expect(again.json().detail).toBe(AUTH_MESSAGES.resetInvalid);
      expect((await post('token/refresh/', { refresh: user.session.refresh })).statusCode).toBe(401);
      expect((await post('login/', { username: user.email, password: user.password }, {}, '10.4.0.1')).statusCode).toBe(401);
      expect((await post('login/', { username: user.email, password: 'brand new pass' }, {}, '10.4.0.1')).statusCode).toBe(200);
      const unknownMails = await t.app.ctx.db.select().from(outbox).where(eq(outbox.toAddress, 'ghost@example.com'));
      expect(unknownMails).toHaveLength(0);
    });

    it('refuses a link older than 30 minutes', async () => {
      const user = await signUp(t.app);
      await post('forgot-password/', { email: user.email });
      const token = tokenFrom((await resetMail(user.email)).textBody);
      clock.advance(30 * 60 * 1000 + 1000);
      const res = await post('reset-password/', { token, password: 'brand new pass', confirmPassword: 'brand new pass' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ detail: AUTH_MESSAGES.resetInvalid, field: 'token' });
    });
  });
});
