import { AUTH_MESSAGES, cooldownMessage } from '@shared/api/auth';
import { REFRESH_REUSE_GRACE_MS } from '@shared/constants';
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';

import { outbox, refreshTokens, users } from '../../db/schema';
import { manualClock } from '../../lib/clock';
import { buildTestApp, eventually, type TestApp } from '../../test/buildTestApp';
import { signUp } from '../../test/factories';
import { hashToken } from './tokens';

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
  const accountInfo = (access: string) =>
    t.app.inject({ method: 'GET', url: '/api/account-info/', headers: { authorization: `Bearer ${access}` } });
  const userRow = async (email: string) => (await t.app.ctx.db.select().from(users).where(eq(users.email, email)))[0];
  const rowOf = async (refresh: string) =>
    (
      await t.app.ctx.db
        .select()
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, hashToken(refresh)))
    )[0];

  describe('register/', () => {
    const valid = {
      fullName: 'Ravi Kumar',
      email: 'Ravi@Example.com',
      password: 'longenough1',
      confirmPassword: 'longenough1',
    };

    it('creates the account with a lower-cased e-mail and an argon2id hash', async () => {
      const res = await post('register/', valid);
      expect(res.statusCode).toBe(201);
      expect(res.headers['cache-control']).toBe('no-store');
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
      expect(user.session).toEqual({
        access: expect.any(String),
        refresh: expect.any(String),
        fullName: 'Meera Iyer',
        username: user.email,
      });
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
        expect((await post('login/', { username: `nobody${i}@example.com`, password: 'x' }, {}, ip)).statusCode).toBe(
          401,
        );
      }
      const tenth = await post('login/', { username: 'nobody10@example.com', password: 'x' }, {}, ip);
      expect(tenth.statusCode).toBe(429);
      const user = await signUp(t.app);
      expect((await post('login/', { username: user.email, password: user.password }, {}, ip)).statusCode).toBe(429);
      expect((await post('login/', { username: user.email, password: user.password }, {}, '10.3.0.2')).statusCode).toBe(
        200,
      );
    });

    it('holds a client that has not failed on the account only during the first 30 s of its cooldown', async () => {
      const user = await signUp(t.app);
      const attempt = (password: string, ip: string) => post('login/', { username: user.email, password }, {}, ip);
      // Three strangers lock the account; one of them keeps failing, and the cooldown grows.
      expect((await attempt('bad-1', '10.5.0.1')).statusCode).toBe(401);
      expect((await attempt('bad-2', '10.5.0.2')).statusCode).toBe(401);
      expect((await attempt('bad-3', '10.5.0.3')).json().detail).toBe(cooldownMessage(30));
      clock.advance(10_000);
      expect((await attempt(user.password, '10.5.0.9')).json().detail).toBe(cooldownMessage(20));

      clock.advance(21_000);
      const fourth = await attempt('bad-4', '10.5.0.4');
      expect(fourth.json().detail).toBe(cooldownMessage(60));
      // A client that failed on the account waits out the whole cooldown, even with the right password...
      const stranger = await attempt(user.password, '10.5.0.1');
      expect(stranger.statusCode).toBe(429);
      expect(stranger.json().detail).toBe(cooldownMessage(60));
      // ...one that has not gets in.
      const owner = await attempt(user.password, '10.5.0.9');
      expect(owner.statusCode).toBe(200);
      expect(owner.headers['cache-control']).toBe('no-store');
      // The success ended the run: the next failure is the first again.
      expect((await attempt('bad-5', '10.5.0.5')).statusCode).toBe(401);
    });

    it('keeps the window for clean clients at the start of the run, however long the cooldown has grown', async () => {
      const user = await signUp(t.app);
      const attempt = (password: string, ip: string) => post('login/', { username: user.email, password }, {}, ip);
      for (const ip of ['10.6.0.1', '10.6.0.2', '10.6.0.3']) await attempt('bad', ip);
      for (let i = 0; i < 4; i++) {
        clock.advance(31_000 * 2 ** i);
        await attempt('bad', `10.6.0.${4 + i}`);
      }
      // 7 failures: a 480 s cooldown runs, but its run started long ago: a clean client gets in.
      expect((await attempt(user.password, '10.6.0.3')).statusCode).toBe(429);
      expect((await attempt(user.password, '10.6.0.99')).statusCode).toBe(200);
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
      const info = await t.app.inject({
        method: 'GET',
        url: '/api/user-info/',
        headers: { authorization: `Bearer ${second.json().access}` },
      });
      expect(info.statusCode).toBe(200);
    });

    it('revokes the whole family when a spent refresh token comes back after the grace window', async () => {
      const user = await signUp(t.app);
      const first = await post('token/refresh/', { refresh: user.session.refresh });
      expect(first.headers['cache-control']).toBe('no-store');
      const rotated = first.json();
      clock.advance(REFRESH_REUSE_GRACE_MS + 1000);
      const replay = await post('token/refresh/', { refresh: user.session.refresh });
      expect(replay.statusCode).toBe(401);
      expect(replay.json().detail).toBe(AUTH_MESSAGES.sessionExpired);
      // The thief's replay also kills the legitimate successor, and every access token at once.
      expect((await post('token/refresh/', { refresh: rotated.refresh })).statusCode).toBe(401);
      for (const access of [user.session.access, rotated.access]) {
        const info = await t.app.inject({
          method: 'GET',
          url: '/api/account-info/',
          headers: { authorization: `Bearer ${access}` },
        });
        expect(info.statusCode).toBe(401);
        expect(info.json().detail).toBe(AUTH_MESSAGES.sessionExpired);
      }
      const family = await t.app.ctx.db
        .select()
        .from(refreshTokens)
        .where(eq(refreshTokens.userId, (await userRow(user.email)).id));
      expect(family.every((row) => row.revokedAt && row.sealedSuccessor === null)).toBe(true);
    });

    it('gives a refresh token presented again within the grace window the same successor', async () => {
      const user = await signUp(t.app);
      const first = (await post('token/refresh/', { refresh: user.session.refresh })).json();
      clock.advance(REFRESH_REUSE_GRACE_MS - 1000);
      const second = await post('token/refresh/', { refresh: user.session.refresh });
      expect(second.statusCode).toBe(200);
      expect(second.json().refresh).toBe(first.refresh);
      // The successor is sealed at rest, never stored in the clear.
      const [spent] = await t.app.ctx.db
        .select()
        .from(refreshTokens)
        .where(eq(refreshTokens.id, (await rowOf(user.session.refresh)).id));
      expect(spent.sealedSuccessor).toMatch(/^v1\./);
      expect(spent.sealedSuccessor).not.toContain(first.refresh);

      // Once the successor is used, the grace is over: the old token is reuse, and the family dies.
      const third = (await post('token/refresh/', { refresh: first.refresh })).json();
      expect((await rowOf(user.session.refresh)).sealedSuccessor).toBeNull();
      expect((await post('token/refresh/', { refresh: user.session.refresh })).statusCode).toBe(401);
      expect((await post('token/refresh/', { refresh: third.refresh })).statusCode).toBe(401);
    });

    it('ends the family at the absolute expiry, however often it rotated', async () => {
      const user = await signUp(t.app);
      clock.advance(29 * 86_400_000);
      const rotated = (await post('token/refresh/', { refresh: user.session.refresh })).json();
      clock.advance(2 * 86_400_000);
      expect((await post('token/refresh/', { refresh: rotated.refresh })).statusCode).toBe(401);
    });

    it('logout revokes the refresh token and the access tokens; other logins refresh and stay', async () => {
      const user = await signUp(t.app);
      const otherLogin = (await post('login/', { username: user.email, password: user.password })).json();
      expect((await accountInfo(user.session.access)).statusCode).toBe(200);
      const out = await post('logout/', { refresh: user.session.refresh });
      expect(out.statusCode).toBe(204);
      expect(out.headers['cache-control']).toBe('no-store');
      const after = await accountInfo(user.session.access);
      expect(after.statusCode).toBe(401);
      expect(after.json().detail).toBe(AUTH_MESSAGES.sessionExpired);
      expect((await post('token/refresh/', { refresh: user.session.refresh })).statusCode).toBe(401);
      // The other device's access token fails once; its refresh token brings it back.
      expect((await accountInfo(otherLogin.access)).statusCode).toBe(401);
      const refreshed = await post('token/refresh/', { refresh: otherLogin.refresh });
      expect(refreshed.statusCode).toBe(200);
      expect((await accountInfo(refreshed.json().access)).statusCode).toBe(200);
      expect((await post('logout/', { refresh: 'unknown-token' })).statusCode).toBe(204);
      expect((await post('logout/', {})).json()).toEqual({
        detail: AUTH_MESSAGES.sessionExpired,
        field: 'refresh',
        code: 'validation_failed',
      });
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
        const res = await t.app.inject({
          method: 'GET',
          url: '/api/user-info/',
          headers: { authorization: `Bearer ${token}` },
        });
        expect(res.statusCode).toBe(401);
      }
      const none = await t.app.inject({ method: 'GET', url: '/api/user-info/' });
      expect(none.json()).toEqual({ detail: AUTH_MESSAGES.notSignedIn, code: 'unauthorized' });
    });

    it('refuses a well-signed access token without a token version, and one of a deleted user', async () => {
      const user = await signUp(t.app);
      const { sub } = JSON.parse(Buffer.from(user.session.access.split('.')[1], 'base64url').toString()) as {
        sub: string;
      };
      const unversioned = await new SignJWT({ typ: 'access' })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(sub)
        .setIssuer('adwise')
        .setAudience('adwise-api')
        .setIssuedAt(Math.floor(clock.now().getTime() / 1000))
        .setExpirationTime(Math.floor(clock.now().getTime() / 1000) + 600)
        .sign(new TextEncoder().encode(t.config.appSecret));
      const res = await accountInfo(unversioned);
      expect(res.statusCode).toBe(401);
      expect(res.json().detail).toBe(AUTH_MESSAGES.sessionExpired);
      expect((await accountInfo(user.session.access)).statusCode).toBe(200);

      expect((await t.app.inject({ method: 'POST', url: '/api/delete-account/', headers: user.auth })).statusCode).toBe(
        204,
      );
      const gone = await accountInfo(user.session.access);
      expect(gone.statusCode).toBe(401);
      expect(gone.json().detail).toBe(AUTH_MESSAGES.sessionExpired);
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

      const ok = await post('reset-password/', {
        token,
        password: 'brand new pass',
        confirmPassword: 'brand new pass',
      });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toEqual({ detail: AUTH_MESSAGES.passwordChanged });

      // Single use; the old sessions and the old password are gone.
      const again = await post('reset-password/', {
        token,
        password: 'another pass 1',
        confirmPassword: 'another pass 1',
      });
      expect(again.statusCode).toBe(400);
      expect(again.json().detail).toBe(AUTH_MESSAGES.resetInvalid);
      expect((await post('token/refresh/', { refresh: user.session.refresh })).statusCode).toBe(401);
      expect((await accountInfo(user.session.access)).statusCode).toBe(401);
      expect((await post('login/', { username: user.email, password: user.password }, {}, '10.4.0.1')).statusCode).toBe(
        401,
      );
      expect(
        (await post('login/', { username: user.email, password: 'brand new pass' }, {}, '10.4.0.1')).statusCode,
      ).toBe(200);
      const unknownMails = await t.app.ctx.db.select().from(outbox).where(eq(outbox.toAddress, 'ghost@example.com'));
      expect(unknownMails).toHaveLength(0);
    });

    it('spends every other outstanding link of the user with the one that is used', async () => {
      const user = await signUp(t.app);
      const other = await signUp(t.app);
      // forgot-password/ allows 5 a minute per address: this test asks from its own.
      await post('forgot-password/', { email: user.email }, {}, '10.7.0.1');
      const firstMail = await resetMail(user.email);
      await post('forgot-password/', { email: user.email }, {}, '10.7.0.1');
      await post('forgot-password/', { email: other.email }, {}, '10.7.0.1');
      const mails = await eventually(async () => {
        const rows = await t.app.ctx.db.select().from(outbox).where(eq(outbox.toAddress, user.email));
        const resets = rows.filter((r) => r.subject === 'Reset your Adwise password');
        return resets.length === 2 ? resets : undefined;
      });
      const [first, second] = [
        tokenFrom(firstMail.textBody),
        tokenFrom(mails.find((m) => m.id !== firstMail.id)!.textBody),
      ];
      const otherToken = tokenFrom((await resetMail(other.email)).textBody);

      const ok = await post('reset-password/', {
        token: second,
        password: 'brand new pass',
        confirmPassword: 'brand new pass',
      });
      expect(ok.statusCode).toBe(200);
      expect(ok.headers['cache-control']).toBe('no-store');
      const stale = await post('reset-password/', {
        token: first,
        password: 'another pass 1',
        confirmPassword: 'another pass 1',
      });
      expect(stale.statusCode).toBe(400);
      expect(stale.json()).toMatchObject({ detail: AUTH_MESSAGES.resetInvalid, field: 'token' });
      expect(
        (await post('login/', { username: user.email, password: 'brand new pass' }, {}, '10.4.0.2')).statusCode,
      ).toBe(200);
      // Another user's link is untouched.
      expect(
        (
          await post('reset-password/', {
            token: otherToken,
            password: 'brand new pass',
            confirmPassword: 'brand new pass',
          })
        ).statusCode,
      ).toBe(200);
    });

    it('refuses a link older than 30 minutes', async () => {
      const user = await signUp(t.app);
      await post('forgot-password/', { email: user.email });
      const token = tokenFrom((await resetMail(user.email)).textBody);
      clock.advance(30 * 60 * 1000 + 1000);
      const res = await post('reset-password/', {
        token,
        password: 'brand new pass',
        confirmPassword: 'brand new pass',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ detail: AUTH_MESSAGES.resetInvalid, field: 'token' });
    });
  });
});
