import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';

import { eq, sql } from 'drizzle-orm';

import { executeRows } from './db/connect';
import { outbox, users } from './db/schema';
import { PASSWORD_RESET_JOB } from './modules/auth/auth.service';
import { buildTestApp, eventually, type TestApp } from './test/buildTestApp';

/**
 * docs/operations.md promises that no secret and no personal data reach the log. This file runs the flows
 * that handle them through the real app, at debug level, with every line captured: sign-up and
 * sign-in, token rotation, the e-mailed OTP, a password reset, the newsletter, the contact form,
 * and real database failures (a request's and a job's), then looks for each value in every line.
 */
describe('the log of a full flow', () => {
  const lines: string[] = [];
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp({ logStream, config: { logLevel: 'debug' } });
  });
  afterAll(() => t.close());

  const tag = randomBytes(4).toString('hex');
  const person = {
    fullName: `Philippa Logtest ${tag}`,
    email: `logs-${tag}@example.com`,
    password: `Secret pass ${tag} 9!`,
    newPassword: `Another pass ${tag} 8?`,
  };
  const contact = {
    fullName: `Quentin Contactson ${tag}`,
    email: `contact-${tag}@example.org`,
    message: `My confidential question number ${tag} about pricing.`,
  };
  const failingContact = {
    fullName: `Rosalind Failwright ${tag}`,
    email: `fail-${tag}@example.net`,
    message: `This message trips the check ${tag}.`,
  };
  const failingSignUp = {
    fullName: `Reject Me ${tag}`,
    email: `rejected-${tag}@example.com`,
    password: `Rejected pass ${tag} 7#`,
  };
  const resetFailure = {
    fullName: `Mallory Resetfail ${tag}`,
    email: `resetfail-${tag}@example.com`,
    password: `Resetfail pass ${tag} 6$`,
  };

  /** Values that must never appear in a log line; filled as the flow produces them. */
  const secrets: Record<string, string> = {};
  /** Six-digit codes: searched for with digit boundaries, so a timestamp cannot match one by chance. */
  const codes: string[] = [];

  const post = (url: string, payload: object, headers: Record<string, string> = {}, remoteAddress = '198.51.100.7') =>
    t.app.inject({ method: 'POST', url: `/api/${url}`, payload, headers, remoteAddress });
  const mailTo = (email: string, subject: string) =>
    eventually(async () => {
      const rows = await t.app.ctx.db.select().from(outbox).where(eq(outbox.toAddress, email));
      return rows.filter((row) => row.subject.includes(subject)).sort((a, b) => +b.createdAt - +a.createdAt)[0];
    });
  const hashOf = async (email: string) =>
    (await t.app.ctx.db.select({ hash: users.passwordHash }).from(users).where(eq(users.email, email)))[0].hash;
  const parsed = () => lines.map((line) => JSON.parse(line) as Record<string, unknown> & { msg: string });

  it('writes none of the secrets or personal data it handled', async () => {
    // Sign-up and sign-in, with a wrong password first.
    const registered = await post('register/', {
      ...person,
      confirmPassword: person.password,
      timeZone: 'Europe/Dublin',
    });
    expect(registered.statusCode).toBe(201);
    secrets.hash = await hashOf(person.email);
    expect((await post('login/', { username: person.email, password: `${person.password}x` })).statusCode).toBe(401);
    const login = await post('login/', { username: person.email, password: person.password });
    expect(login.statusCode).toBe(200);
    const refreshed = await post('token/refresh/', { refresh: login.json().refresh });
    expect(refreshed.statusCode).toBe(200);
    const auth = { authorization: `Bearer ${refreshed.json().access}` };
    Object.assign(secrets, {
      access: login.json().access,
      refresh: login.json().refresh,
      access2: refreshed.json().access,
      refresh2: refreshed.json().refresh,
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/user-info/', headers: auth })).statusCode).toBe(200);

    // The e-mailed OTP: a wrong one, then the right one.
    expect((await post('generate-otp/', {}, auth)).statusCode).toBe(200);
    const otpMail = await mailTo(person.email, 'verification code');
    const code = /\b(\d{6})\b/.exec(otpMail.textBody)![1];
    codes.push(code);
    expect((await post('verify-otp/', { otp: code === '000000' ? '111111' : '000000' }, auth)).statusCode).toBe(400);
    expect((await post('verify-otp/', { otp: code }, auth)).statusCode).toBe(200);

    // The newsletter's double opt-in.
    expect(
      (await post('newsletter/subscribe/', { email: person.email, source: 'footer' }, {}, '198.51.100.8')).statusCode,
    ).toBe(200);
    const confirmMail = await mailTo(person.email, 'onfirm');
    const confirmToken = decodeURIComponent(/[?&]token=([^\s&]+)/.exec(confirmMail.textBody)![1]);
    secrets.newsletterToken = confirmToken;
    expect((await post('newsletter/confirm/', { token: confirmToken })).statusCode).toBe(200);

    // The contact form.
    const sent = await post('get-in-touch/', { ...contact, newsletter: false, partnership: true }, {}, '198.51.100.9');
    expect(sent.statusCode).toBe(201);

    // A password reset: the link is opened (the address carries the token), then spent.
    expect((await post('forgot-password/', { email: person.email }, {}, '198.51.100.10')).statusCode).toBe(200);
    const resetMail = await mailTo(person.email, 'Reset your Adwise password');
    const link = /(https?:\/\/\S+forgot-password\?token=\S+)/.exec(resetMail.textBody)![1];
    const resetToken = decodeURIComponent(new URL(link).searchParams.get('token')!);
    Object.assign(secrets, { resetLink: link, resetToken });
    await t.app.inject({
      method: 'GET',
      url: new URL(link).pathname + new URL(link).search,
      remoteAddress: '198.51.100.10',
    });
    const reset = await post(
      'reset-password/',
      { token: resetToken, password: person.newPassword, confirmPassword: person.newPassword },
      {},
      '198.51.100.10',
    );
    expect(reset.statusCode).toBe(200);
    secrets.newHash = await hashOf(person.email);
    const again = await post('login/', { username: person.email, password: person.newPassword });
    expect(again.statusCode).toBe(200);
    Object.assign(secrets, { access3: again.json().access, refresh3: again.json().refresh });

    // Real database failures. A check constraint that refuses these rows turns the routes' own
    // inserts into failed queries, whose Drizzle errors quote every bound value (name, address,
    // message, password hash) in their message, and whose driver errors repeat the row in `detail`.
    await t.app.ctx.db.execute(
      sql.raw(
        `alter table contact_messages add constraint contact_messages_log_test check (message not like '%trips the check%')`,
      ),
    );
    await t.app.ctx.db.execute(
      sql.raw(`alter table users add constraint users_log_test check (full_name not like 'Reject Me%')`),
    );
    const failedContact = await post(
      'get-in-touch/',
      { ...failingContact, newsletter: true, partnership: false },
      {},
      '198.51.100.11',
    );
    expect(failedContact.statusCode).toBe(500);
    const failedSignUp = await post(
      'register/',
      { ...failingSignUp, confirmPassword: failingSignUp.password },
      {},
      '198.51.100.12',
    );
    expect(failedSignUp.statusCode).toBe(500);

    // And a job's: the reset mail of this user cannot be written to the outbox.
    expect(
      (await post('register/', { ...resetFailure, confirmPassword: resetFailure.password }, {}, '198.51.100.13'))
        .statusCode,
    ).toBe(201);
    secrets.resetFailureHash = await hashOf(resetFailure.email);
    await t.app.ctx.db.execute(
      sql.raw(`alter table outbox add constraint outbox_log_test check (to_address <> '${resetFailure.email}')`),
    );
    expect((await post('forgot-password/', { email: resetFailure.email }, {}, '198.51.100.14')).statusCode).toBe(200);
    const jobLine = await eventually(async () =>
      parsed().find((line) => line.msg.startsWith('job failed') && line.job === PASSWORD_RESET_JOB),
    );
    // What pg-boss keeps of the failure is cleaned the same way.
    const output = await eventually(async () => {
      const rows = await executeRows<{ output: unknown }>(
        t.app.ctx.db,
        sql`select output from pgboss.job where name = ${PASSWORD_RESET_JOB} and output is not null`,
      );
      return rows.length > 0 ? JSON.stringify(rows.map((row) => row.output)) : undefined;
    });

    // The failures are in the log, by their code and constraint.
    const failures = parsed().filter((line) => line.msg === 'request failed');
    expect(failures.map((line) => (line.err as { cause?: unknown }).cause)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ code: '23514', constraint: 'contact_messages_log_test' }),
        expect.objectContaining({ code: '23514', constraint: 'users_log_test' }),
      ]),
    );
    expect((jobLine.err as { cause?: unknown }).cause).toMatchObject({ code: '23514', constraint: 'outbox_log_test' });
    expect(output).toContain('outbox_log_test');

    const personal: Record<string, string> = {
      email: person.email,
      emailUser: person.email.split('@')[0],
      fullName: person.fullName,
      password: person.password,
      wrongPassword: `${person.password}x`,
      newPassword: person.newPassword,
      contactName: contact.fullName,
      contactEmail: contact.email,
      contactMessage: contact.message,
      failingName: failingContact.fullName,
      failingEmail: failingContact.email,
      failingMessage: failingContact.message,
      failingSignUpName: failingSignUp.fullName,
      failingSignUpEmail: failingSignUp.email,
      failingSignUpPassword: failingSignUp.password,
      resetFailureName: resetFailure.fullName,
      resetFailureEmail: resetFailure.email,
      resetFailurePassword: resetFailure.password,
    };
    const everything = { ...secrets, ...personal };
    expect(Object.values(everything).every((value) => typeof value === 'string' && value.length >= 8)).toBe(true);

    const log = lines.join('\n');
    expect(lines.length).toBeGreaterThan(30);
    const found = Object.entries(everything).filter(
      ([, value]) => log.includes(value) || log.includes(JSON.stringify(value).slice(1, -1)),
    );
    const foundCodes = codes.filter((code) => new RegExp(`(?<!\\d)${code}(?!\\d)`).test(log)).map(() => 'otp');
    expect([...found.map(([name]) => name), ...foundCodes]).toEqual([]);
    // No password hash at all (the failed sign-up's was never stored, so it is looked for by its form),
    // and no unredacted token in an address.
    expect(log).not.toContain('$argon2');
    expect(log).not.toMatch(/token=(?!%5Bredacted%5D|\[redacted\])/);
    // pg-boss's own record of the failed job holds none of it either.
    expect(
      Object.entries(personal)
        .filter(([, value]) => output.includes(value))
        .map(([name]) => name),
    ).toEqual([]);

    // The mailer names outbox rows by id only.
    const kept = parsed().filter((line) => line.msg.startsWith('e-mail kept in the outbox'));
    expect(kept.length).toBeGreaterThan(0);
    for (const line of kept)
      expect(Object.keys(line).filter((key) => !['level', 'time', 'pid', 'hostname', 'msg'].includes(key))).toEqual([
        'outboxId',
      ]);
  });
});
