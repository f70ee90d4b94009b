import { createHash } from 'node:crypto';

import { AUTH_MESSAGES } from '@shared/api/auth';
import {
  NEWSLETTER_CONFIRM_TTL_MS,
  NEWSLETTER_MESSAGES,
  NEWSLETTER_RATE_LIMIT,
  NEWSLETTER_RESEND_MS,
} from '@shared/api/newsletter';
import { and, eq } from 'drizzle-orm';

import { newsletterSubscriptions, outbox, users } from '../../db/schema';
import { manualClock } from '../../lib/clock';
import { buildTestApp, type TestApp } from '../../test/buildTestApp';
import { signUp, type TestUser } from '../../test/factories';
import { CONFIRM_SUBJECT } from './newsletter.service';

const START = '2026-11-21T09:00:00Z';
let nextIp = 1;
const freshIp = () => `10.30.${Math.floor(nextIp / 250)}.${(nextIp++ % 250) + 1}`;
let nextAddress = 1;
const freshAddress = () => `reader-${nextAddress++}@example.com`;
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('the newsletter: double opt-in', () => {
  let t: TestApp;
  const clock = manualClock(START);
  beforeAll(async () => {
    t = await buildTestApp({ clock, workers: false });
  });
  afterAll(() => t.close());
  beforeEach(() => clock.set(START));

  const post = (
    url: string,
    payload: object,
    options: { headers?: Record<string, string>; remoteAddress?: string } = {},
  ) =>
    t.app.inject({
      method: 'POST',
      url: `/api/${url}`,
      payload,
      headers: options.headers,
      remoteAddress: options.remoteAddress ?? freshIp(),
    });
  const subscribe = (payload: object, headers?: Record<string, string>) =>
    post('newsletter/subscribe/', payload, { headers });
  const confirm = (token: string) => post('newsletter/confirm/', { token });
  const unsubscribe = (token: string) => post('newsletter/unsubscribe/', { token });
  const status = (user: TestUser) => t.app.inject({ method: 'GET', url: '/api/newsletter/', headers: user.auth });

  const mailsTo = (address: string) =>
    t.app.ctx.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.toAddress, address), eq(outbox.subject, CONFIRM_SUBJECT)))
      .orderBy(outbox.createdAt);
  const subscriptionOf = async (address: string) => {
    const [row] = await t.app.ctx.db
      .select()
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.email, address));
    return row;
  };
  /** The two links of a newsletter mail, and their tokens. */
  function linksOf(text: string) {
    const confirmMatch = new RegExp(`${t.config.publicUrl}/newsletter/confirm\\?token=(\\S+)`).exec(text);
    const unsubscribeMatch = new RegExp(`${t.config.publicUrl}/newsletter/unsubscribe\\?token=(\\S+)`).exec(text);
    return {
      confirmToken: confirmMatch ? decodeURIComponent(confirmMatch[1]) : undefined,
      unsubscribeToken: unsubscribeMatch ? decodeURIComponent(unsubscribeMatch[1]) : undefined,
    };
  }
  async function lastLinks(address: string) {
    const mails = await mailsTo(address);
    const links = linksOf(mails[mails.length - 1].textBody);
    return { confirmToken: links.confirmToken!, unsubscribeToken: links.unsubscribeToken! };
  }

  it('subscribes a visitor: pending, a mail with both links, confirmed by the link', async () => {
    const address = freshAddress();
    const res = await subscribe({ email: ` ${address.toUpperCase()} `, source: 'footer' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: 'Check your inbox to confirm your subscription.' });

    const pending = await subscriptionOf(address);
    expect(pending).toMatchObject({ status: 'pending', source: 'footer', userId: null, confirmedAt: null });
    const mails = await mailsTo(address);
    expect(mails).toHaveLength(1);
    const { confirmToken, unsubscribeToken } = linksOf(mails[0].textBody);
    expect(confirmToken).toMatch(/^[\w-]{40,}$/);
    expect(unsubscribeToken).toMatch(/^[\w-]{40,}$/);
    // Only the tokens' hashes are stored.
    expect(pending.confirmTokenHash).toBe(sha256(confirmToken!));
    expect(pending.unsubscribeTokenHash).toBe(sha256(unsubscribeToken!));
    expect(JSON.stringify(pending)).not.toContain(confirmToken);
    expect(JSON.stringify(pending)).not.toContain(unsubscribeToken);
    expect(pending.confirmExpiresAt?.toISOString()).toBe(
      new Date(Date.parse(START) + NEWSLETTER_CONFIRM_TTL_MS).toISOString(),
    );

    const confirmed = await confirm(confirmToken!);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ detail: 'Your subscription is confirmed.' });
    expect(await subscriptionOf(address)).toMatchObject({ status: 'confirmed', confirmedAt: new Date(START) });
    // Opening the link twice is fine.
    expect((await confirm(confirmToken!)).json()).toEqual({ detail: NEWSLETTER_MESSAGES.confirmed });
  });

  it('never tells a visitor whether an address is subscribed, and mails a confirmed address no more', async () => {
    const address = freshAddress();
    const first = await subscribe({ email: address, source: 'features' });
    const pendingAgain = await subscribe({ email: address, source: 'footer' });
    await confirm((await lastLinks(address)).confirmToken);
    clock.advance(NEWSLETTER_RESEND_MS + 1);
    const confirmedAgain = await subscribe({ email: address, source: 'footer' });
    const unknown = await subscribe({ email: freshAddress(), source: 'footer' });
    for (const res of [first, pendingAgain, confirmedAgain, unknown]) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ detail: NEWSLETTER_MESSAGES.checkInbox });
    }
    expect(await mailsTo(address)).toHaveLength(1);
    expect((await subscriptionOf(address)).source).toBe('features');
  });

  it('re-sends to a pending address at most once per 10 minutes; the newest link works', async () => {
    const address = freshAddress();
    await subscribe({ email: address, source: 'footer' });
    const firstLinks = await lastLinks(address);
    clock.advance(NEWSLETTER_RESEND_MS - 1000);
    await subscribe({ email: address, source: 'footer' });
    expect(await mailsTo(address)).toHaveLength(1);

    clock.advance(2000);
    await subscribe({ email: address, source: 'footer' });
    expect(await mailsTo(address)).toHaveLength(2);
    const secondLinks = await lastLinks(address);
    expect(secondLinks.confirmToken).not.toBe(firstLinks.confirmToken);
    // Every mail carries the same, lasting unsubscribe link.
    expect(secondLinks.unsubscribeToken).toBe(firstLinks.unsubscribeToken);

    const stale = await confirm(firstLinks.confirmToken);
    expect(stale.statusCode).toBe(400);
    expect((await confirm(secondLinks.confirmToken)).json()).toEqual({ detail: NEWSLETTER_MESSAGES.confirmed });
  });

  it('refuses an expired, unknown or missing confirmation token with a clear message', async () => {
    const address = freshAddress();
    await subscribe({ email: address, source: 'footer' });
    const { confirmToken } = await lastLinks(address);
    clock.advance(NEWSLETTER_CONFIRM_TTL_MS + 1);

    const expired = await confirm(confirmToken);
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual({
      detail: 'This link is invalid or has expired. Please subscribe again.',
      code: 'validation_failed',
      field: 'token',
    });
    expect((await subscriptionOf(address)).status).toBe('pending');

    const unknown = await confirm('not-a-real-token');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().detail).toBe(NEWSLETTER_MESSAGES.invalidToken);

    const missing = await post('newsletter/confirm/', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ detail: NEWSLETTER_MESSAGES.missingToken, field: 'token' });

    // Subscribing again sends a fresh link that works.
    await subscribe({ email: address, source: 'footer' });
    expect((await confirm((await lastLinks(address)).confirmToken)).json()).toEqual({
      detail: NEWSLETTER_MESSAGES.confirmed,
    });
  });

  it('unsubscribes by the link in the mail, idempotently; the old confirmation link stops working', async () => {
    const address = freshAddress();
    await subscribe({ email: address, source: 'footer' });
    const { confirmToken, unsubscribeToken } = await lastLinks(address);
    await confirm(confirmToken);

    const first = await unsubscribe(unsubscribeToken);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ detail: 'You have been unsubscribed.' });
    const row = await subscriptionOf(address);
    expect(row).toMatchObject({ status: 'unsubscribed', unsubscribedAt: new Date(START), confirmTokenHash: null });
    const again = await unsubscribe(unsubscribeToken);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ detail: NEWSLETTER_MESSAGES.unsubscribed });

    expect((await confirm(confirmToken)).statusCode).toBe(400);
    const unknown = await unsubscribe('nope');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().detail).toBe(NEWSLETTER_MESSAGES.invalidToken);

    // Subscribing again starts over with a new confirmation.
    clock.advance(NEWSLETTER_RESEND_MS + 1);
    await subscribe({ email: address, source: 'features' });
    expect(await subscriptionOf(address)).toMatchObject({
      status: 'pending',
      source: 'features',
      unsubscribedAt: null,
    });
    expect(await mailsTo(address)).toHaveLength(2);
  });

  it('refuses a visitor without a valid address, or an unknown source', async () => {
    const missing = await subscribe({ source: 'footer' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ detail: 'Please enter a valid email address.', field: 'email' });
    const bad = await subscribe({ email: 'not-an-address', source: 'footer' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ detail: 'Please enter a valid email address.', field: 'email' });
    const source = await subscribe({ email: freshAddress(), source: 'billboard' });
    expect(source.statusCode).toBe(400);
    expect(source.json().field).toBe('source');
  });

  it("subscribes a signed-in user's account address without one in the body, and reports their status", async () => {
    const user = await signUp(t.app);
    expect((await status(user)).json()).toEqual({ status: 'none', email: user.email });

    const res = await subscribe({ source: 'features' }, user.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: NEWSLETTER_MESSAGES.checkInbox });
    const [account] = await t.app.ctx.db.select().from(users).where(eq(users.email, user.email));
    expect(await subscriptionOf(user.email)).toMatchObject({
      status: 'pending',
      source: 'features',
      userId: account.id,
    });
    expect((await status(user)).json()).toEqual({ status: 'pending', email: user.email });
    const mails = await mailsTo(user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].userId).toBe(account.id);

    await confirm((await lastLinks(user.email)).confirmToken);
    expect((await status(user)).json()).toEqual({ status: 'confirmed', email: user.email });

    // The user may be told about their own address.
    const again = await subscribe({ source: 'footer' }, user.auth);
    expect(again.json()).toEqual({ detail: "You're already subscribed to the newsletter." });
    expect(await mailsTo(user.email)).toHaveLength(1);
  });

  it('starts the double opt-in for a registration with the newsletter box on, and for no other', async () => {
    const address = freshAddress();
    const register = (email: string, newsletter?: boolean) =>
      t.app.inject({
        method: 'POST',
        url: '/api/register/',
        remoteAddress: freshIp(),
        payload: {
          fullName: 'Ravi Das',
          email,
          password: 'correct horse 9',
          confirmPassword: 'correct horse 9',
          newsletter,
        },
      });
    expect((await register(address, true)).statusCode).toBe(201);
    const [account] = await t.app.ctx.db.select().from(users).where(eq(users.email, address));
    expect(await subscriptionOf(address)).toMatchObject({ status: 'pending', source: 'register', userId: account.id });
    expect(await mailsTo(address)).toHaveLength(1);
    await confirm((await lastLinks(address)).confirmToken);
    expect(await subscriptionOf(address)).toMatchObject({ status: 'confirmed' });

    for (const [email, newsletter] of [
      [freshAddress(), false],
      [freshAddress(), undefined],
    ] as const) {
      expect((await register(email, newsletter)).statusCode).toBe(201);
      expect(await subscriptionOf(email)).toBeUndefined();
      expect(await mailsTo(email)).toHaveLength(0);
    }
  });

  it('treats another address given by a signed-in user like a visitor subscription', async () => {
    const user = await signUp(t.app);
    const other = freshAddress();
    const res = await subscribe({ email: other, source: 'footer' }, user.auth);
    expect(res.json()).toEqual({ detail: NEWSLETTER_MESSAGES.checkInbox });
    expect(await subscriptionOf(other)).toMatchObject({ status: 'pending', userId: null });
    expect(await subscriptionOf(user.email)).toBeUndefined();
  });

  it('requires a valid session when a token is sent, and a session for the status', async () => {
    const expired = await subscribe({ source: 'footer' }, { authorization: 'Bearer not-a-token' });
    expect(expired.statusCode).toBe(401);
    expect(expired.json().detail).toBe(AUTH_MESSAGES.sessionExpired);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/newsletter/' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('ties a confirmed visitor subscription to the account with that address; deleting the account removes it', async () => {
    const user = await signUp(t.app);
    await subscribe({ email: user.email, source: 'footer' });
    expect((await subscriptionOf(user.email)).userId).toBeNull();
    await confirm((await lastLinks(user.email)).confirmToken);
    const [account] = await t.app.ctx.db.select().from(users).where(eq(users.email, user.email));
    expect((await subscriptionOf(user.email)).userId).toBe(account.id);
    expect((await status(user)).json().status).toBe('confirmed');

    const deleted = await t.app.inject({
      method: 'POST',
      url: '/api/delete-account/',
      headers: user.auth,
      payload: {},
    });
    expect(deleted.statusCode).toBe(204);
    expect(await subscriptionOf(user.email)).toBeUndefined();
    expect(await mailsTo(user.email)).toHaveLength(0);
  });

  it("removes a signed-in user's pending subscription and its mail with the account", async () => {
    const user = await signUp(t.app);
    const bystander = freshAddress();
    await subscribe({ email: bystander, source: 'footer' });
    await subscribe({ source: 'footer' }, user.auth);
    expect(await subscriptionOf(user.email)).toBeDefined();
    await t.app.inject({ method: 'POST', url: '/api/delete-account/', headers: user.auth, payload: {} });
    expect(await subscriptionOf(user.email)).toBeUndefined();
    expect(await mailsTo(user.email)).toHaveLength(0);
    expect(await subscriptionOf(bystander)).toBeDefined();
  });

  it('marks the account as not wanting the newsletter when its owner unsubscribes', async () => {
    const user = await signUp(t.app);
    await subscribe({ source: 'footer' }, user.auth);
    const { confirmToken, unsubscribeToken } = await lastLinks(user.email);
    await confirm(confirmToken);
    await unsubscribe(unsubscribeToken);
    const [account] = await t.app.ctx.db.select().from(users).where(eq(users.email, user.email));
    expect(account.newsletter).toBe(false);
    expect((await status(user)).json().status).toBe('unsubscribed');
  });

  it('rate-limits subscribe requests per client IP', async () => {
    const ip = freshIp();
    for (let i = 0; i < NEWSLETTER_RATE_LIMIT.max; i += 1) {
      expect(
        (await post('newsletter/subscribe/', { email: freshAddress(), source: 'footer' }, { remoteAddress: ip }))
          .statusCode,
      ).toBe(200);
    }
    const address = freshAddress();
    const limited = await post('newsletter/subscribe/', { email: address, source: 'footer' }, { remoteAddress: ip });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ detail: NEWSLETTER_MESSAGES.rateLimited, code: 'rate_limited' });
    expect(await subscriptionOf(address)).toBeUndefined();
    expect(
      (await post('newsletter/subscribe/', { email: address, source: 'footer' }, { remoteAddress: freshIp() }))
        .statusCode,
    ).toBe(200);
  });
});
