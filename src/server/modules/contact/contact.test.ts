import { CONTACT_MESSAGES, CONTACT_RATE_LIMIT } from '@shared/api/contact';
import { CONTACT_MESSAGE_MAX, SUPPORT_EMAIL } from '@shared/constants';
import { eq } from 'drizzle-orm';

import { contactMessages, newsletterSubscriptions, outbox } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/buildTestApp';
import { CONFIRM_SUBJECT } from '../newsletter/newsletter.service';

const valid = {
  fullName: 'Asha Rao',
  email: 'asha@example.com',
  message: 'We run ads on Meta and Google and want one dashboard.',
  newsletter: false,
  partnership: false,
};

/** Every test sends from an address of its own, so the per-IP limit only bites where a test wants it. */
let nextIp = 1;
const freshIp = () => `10.20.${Math.floor(nextIp / 250)}.${(nextIp++ % 250) + 1}`;

describe('POST get-in-touch/', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ workers: false });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.app.ctx.db.delete(contactMessages);
    await t.app.ctx.db.delete(newsletterSubscriptions);
    await t.app.ctx.db.delete(outbox);
  });

  const send = (payload: unknown, remoteAddress = freshIp()) =>
    t.app.inject({ method: 'POST', url: '/api/get-in-touch/', payload: payload as object, remoteAddress });

  /** Nothing at all was kept: no message, no mail, no subscription. */
  async function expectNothingStored() {
    expect(await t.app.ctx.db.select().from(contactMessages)).toHaveLength(0);
    expect(await t.app.ctx.db.select().from(outbox)).toHaveLength(0);
    expect(await t.app.ctx.db.select().from(newsletterSubscriptions)).toHaveLength(0);
  }

  it.each([
    ['a missing full name', { fullName: '' }, 'Please enter your full name.', 'fullName'],
    ['a blank full name', { fullName: '   ' }, 'Please enter your full name.', 'fullName'],
    ['a missing e-mail', { email: '' }, 'Please enter a valid email address.', 'email'],
    ['an invalid e-mail', { email: 'asha@' }, 'Please enter a valid email address.', 'email'],
    ['a missing message', { message: '' }, 'Tell us a bit about your request.', 'message'],
    ['a blank message', { message: ' \n\t ' }, 'Tell us a bit about your request.', 'message'],
    [
      'a message over the limit',
      { message: 'x'.repeat(CONTACT_MESSAGE_MAX + 1) },
      'Please keep your message under 1000 characters.',
      'message',
    ],
    ['a filled spam trap', { website: 'https://cheap-pills.example' }, 'Spam detected.', 'website'],
  ])('refuses %s with the spec message and stores nothing', async (_case, change, detail, field) => {
    const res = await send({ ...valid, newsletter: true, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail, code: 'validation_failed', field });
    await expectNothingStored();
  });

  it('refuses an empty body with the first field in form order', async () => {
    const res = await send({});
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ detail: 'Please enter your full name.', field: 'fullName' });
    await expectNothingStored();
  });

  it('stores the trimmed message, mails the team and replies 201', async () => {
    const res = await send({
      fullName: '  Asha Rao ',
      email: ' asha@example.com  ',
      message: `  ${'y'.repeat(CONTACT_MESSAGE_MAX)}  `,
      newsletter: false,
      partnership: true,
      website: '   ',
      extra: 'dropped',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ detail: CONTACT_MESSAGES.sent });

    const rows = await t.app.ctx.db.select().from(contactMessages);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      fullName: 'Asha Rao',
      email: 'asha@example.com',
      message: 'y'.repeat(CONTACT_MESSAGE_MAX),
      newsletter: false,
      partnership: true,
    });
    // Only what was sent, plus an id and a time: no IP address, no user agent.
    expect(Object.keys(rows[0]).sort()).toEqual([
      'createdAt',
      'email',
      'fullName',
      'id',
      'message',
      'newsletter',
      'partnership',
    ]);

    const mails = await t.app.ctx.db.select().from(outbox);
    expect(mails).toHaveLength(1);
    expect(mails[0].toAddress).toBe(SUPPORT_EMAIL);
    expect(mails[0].subject).toBe('Contact form: Asha Rao (partnership)');
    expect(mails[0].textBody).toContain('E-mail: asha@example.com');
    expect(mails[0].textBody).toContain('Interested in a partnership: Yes');
    expect(mails[0].textBody).toContain(`Reference: ${rows[0].id}`);
    expect(mails[0].textBody).toContain('y'.repeat(CONTACT_MESSAGE_MAX));
    // No newsletter box, no subscription.
    expect(await t.app.ctx.db.select().from(newsletterSubscriptions)).toHaveLength(0);
  });

  it('keeps a name on one line in the subject', async () => {
    const res = await send({ ...valid, fullName: 'Asha\r\nBcc: everyone@example.com' });
    expect(res.statusCode).toBe(201);
    const [mail] = await t.app.ctx.db.select().from(outbox);
    expect(mail.subject).toBe('Contact form: Asha Bcc: everyone@example.com');
  });

  it('starts a double opt-in newsletter subscription when the box is on', async () => {
    const res = await send({ ...valid, email: 'Asha.Rao@Example.com', newsletter: true });
    expect(res.statusCode).toBe(201);
    const [subscription] = await t.app.ctx.db.select().from(newsletterSubscriptions);
    expect(subscription).toMatchObject({
      email: 'asha.rao@example.com',
      status: 'pending',
      source: 'contact',
      userId: null,
    });
    const confirmation = await t.app.ctx.db.select().from(outbox).where(eq(outbox.toAddress, 'asha.rao@example.com'));
    expect(confirmation).toHaveLength(1);
    expect(confirmation[0].subject).toBe(CONFIRM_SUBJECT);
    expect(confirmation[0].textBody).toContain(`${t.config.publicUrl}/newsletter/confirm?token=`);
    expect(confirmation[0].textBody).toContain(`${t.config.publicUrl}/newsletter/unsubscribe?token=`);
    expect(await t.app.ctx.db.select().from(outbox).where(eq(outbox.toAddress, SUPPORT_EMAIL))).toHaveLength(1);
  });

  it('rate-limits each client IP, with a clear message, and stores nothing over the limit', async () => {
    const ip = freshIp();
    for (let i = 0; i < CONTACT_RATE_LIMIT.max; i += 1) {
      expect((await send(valid, ip)).statusCode).toBe(201);
    }
    const limited = await send({ ...valid, newsletter: true, email: 'late@example.com' }, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'rate_limited' });
    expect(limited.json().detail).toMatch(
      /^You've sent several messages in a short time\. Please try again in \d+ minutes?\.$/,
    );
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(await t.app.ctx.db.select().from(contactMessages)).toHaveLength(CONTACT_RATE_LIMIT.max);
    expect(await t.app.ctx.db.select().from(newsletterSubscriptions)).toHaveLength(0);
    expect(await t.app.ctx.db.select().from(outbox).where(eq(outbox.toAddress, 'late@example.com'))).toHaveLength(0);

    // Another visitor is not affected.
    expect((await send(valid, freshIp())).statusCode).toBe(201);
  });

  it('rolls everything back when a later step fails', async () => {
    const original = t.app.ctx.mailer.send;
    t.app.ctx.mailer.send = async (message, tx) => {
      if (message.subject === CONFIRM_SUBJECT) throw new Error('mail store down');
      return original(message, tx);
    };
    try {
      const res = await send({ ...valid, newsletter: true });
      expect(res.statusCode).toBe(500);
      expect(res.json().detail).toBe('Something went wrong on our side. Please try again.');
    } finally {
      t.app.ctx.mailer.send = original;
    }
    await expectNothingStored();
  });
});
