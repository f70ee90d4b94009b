import { Writable } from 'node:stream';

import { DrizzleQueryError } from 'drizzle-orm';
import Fastify from 'fastify';
import pino from 'pino';

import { loggerOptions, OneLinePerRequest, redactUrl, serializeError } from './logger';

describe('redactUrl', () => {
  it('hides OAuth codes, state and tokens but keeps the rest', () => {
    expect(redactUrl('/api/auth/google/callback?code=4/abc&state=xyz&scope=ads')).toBe(
      '/api/auth/google/callback?code=%5Bredacted%5D&state=%5Bredacted%5D&scope=ads',
    );
    expect(redactUrl('/api/health')).toBe('/api/health');
  });

  it('hides the secrets platform token calls carry in the query (the in-process sandbox is logged too)', () => {
    const logged = redactUrl(
      '/sandbox/meta/v25.0/oauth/access_token?grant_type=fb_exchange_token&client_id=1&client_secret=s&fb_exchange_token=t',
    );
    expect(logged).not.toMatch(/=s(&|$)|=t(&|$)/);
    expect(logged).toContain('client_id=1');
    expect(redactUrl('/api/oauth/tiktok/callback?auth_code=abc&code=abc&state=s')).not.toContain('abc');
  });

  it('hides the token of an invitation link, on the page and on the API, but not the accept route', () => {
    expect(redactUrl('/invitations/s3cretT0ken')).toBe('/invitations/[redacted]');
    expect(redactUrl('/api/invitations/s3cretT0ken/?x=1')).toBe('/api/invitations/[redacted]/?x=1');
    expect(redactUrl('/api/invitations/accept/')).toBe('/api/invitations/accept/');
  });
});

describe('request logging', () => {
  it('puts the request id on every line and never writes secrets', async () => {
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    const app = Fastify({
      logger: { ...(loggerOptions('info') as object), stream } as never,
      logController: new OneLinePerRequest(),
    });
    app.post('/login', async (request) => {
      request.log.info({ body: request.body, headers: request.headers }, 'handling');
      return { ok: true };
    });
    await app.inject({
      method: 'POST',
      url: '/login?code=secret-code',
      headers: { authorization: 'Bearer eyJhbGciOi.secret.token', 'x-user-email': 'ann@example.com' },
      payload: { username: 'ann@example.com', password: 'hunter22', refresh: 'r-token' },
    });
    await app.close();
    const text = JSON.stringify(lines);
    expect(text).not.toContain('hunter22');
    expect(text).not.toContain('ann@example.com');
    expect(text).not.toContain('secret.token');
    expect(text).not.toContain('r-token');
    expect(text).not.toContain('secret-code');
    const requestLines = lines.filter((l) => l.msg === 'handling' || l.msg === 'request completed');
    expect(requestLines).toHaveLength(2);
    const ids = new Set(requestLines.map((l) => l.reqId));
    expect(ids.size).toBe(1);
    expect([...ids][0]).toEqual(expect.any(String));
  });
});

describe('serializeError', () => {
  const email = 'ann@example.com';
  const hash = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNo';
  const fullName = 'Ann Example';

  /** A failed insert as Drizzle reports it: every bound value in the message, the driver's error as the cause. */
  function failedInsert() {
    const driverError = Object.assign(
      new Error('duplicate key value violates unique constraint "users_email_unique"'),
      {
        name: 'DatabaseError',
        code: '23505',
        severity: 'ERROR',
        constraint: 'users_email_unique',
        table: 'users',
        schema: 'public',
        routine: '_bt_check_unique',
        detail: `Key (email)=(${email}) already exists.`,
        where: `row (${fullName})`,
      },
    );
    return new DrizzleQueryError(
      'insert into "users" ("email", "full_name", "password_hash") values ($1, $2, $3)',
      [email, fullName, hash],
      driverError,
    );
  }

  it('drops the parameters and the driver detail of a failed query, keeping the code and constraint', () => {
    const error = failedInsert();
    // The raw error does carry them: this is what must not reach the log.
    expect(error.message).toContain(email);
    expect(error.stack).toContain(hash);

    const out = serializeError(error);
    const text = JSON.stringify(out);
    for (const value of [email, hash, fullName, 'already exists', 'params:']) expect(text).not.toContain(value);
    expect(out).toMatchObject({
      // Drizzle does not name its error class.
      type: 'Error',
      message: 'Failed query: insert into "users" ("email", "full_name", "password_hash") values ($1, $2, $3)',
      cause: {
        code: '23505',
        constraint: 'users_email_unique',
        table: 'users',
        schema: 'public',
        severity: 'ERROR',
        routine: '_bt_check_unique',
      },
    });
    expect(out.stack).toMatch(/^Error: Failed query: insert into "users"/);
    expect(out.stack).toMatch(/\n\s+at /);
    // The query's own fields are not copied either.
    expect(out).not.toHaveProperty('params');
    expect(out).not.toHaveProperty('query');
  });

  it('drops every parameter even when one contains line breaks that look like stack frames', () => {
    const message = 'Hi,\n    at Acme we would like a demo.\nparams: not really';
    const driverError = Object.assign(new Error('value too long'), { name: 'DatabaseError', code: '22001' });
    const error = new DrizzleQueryError(
      'insert into "contact_messages" ("message") values ($1)',
      [message, email],
      driverError,
    );
    const text = JSON.stringify(serializeError(error));
    for (const value of ['Acme', 'demo', email, 'not really']) expect(text).not.toContain(value);
    expect(serializeError(error).stack).toMatch(/^Error: Failed query: insert into "contact_messages"/);
  });

  it('keeps the code and status of other errors and none of their other properties', () => {
    const error = Object.assign(new Error('upstream refused'), {
      code: 'ECONNREFUSED',
      statusCode: 502,
      token: 'ya29.secret',
      body: { email },
    });
    const out = serializeError(error);
    expect(out).toMatchObject({ type: 'Error', message: 'upstream refused', code: 'ECONNREFUSED', statusCode: 502 });
    expect(JSON.stringify(out)).not.toMatch(/ya29|ann@/);
    expect(serializeError('a string')).toEqual({ type: 'string', message: '[not an Error]', stack: '' });
  });

  it('is the logger’s err serializer, so a logged database error carries no values', () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const log = pino({ ...(loggerOptions('info') as pino.LoggerOptions) }, stream);
    log.error({ err: failedInsert() }, 'request failed');
    const text = lines.join('');
    expect(text).toContain('"code":"23505"');
    expect(text).toContain('"constraint":"users_email_unique"');
    for (const value of [email, 'argon2id', fullName, 'already exists']) expect(text).not.toContain(value);
  });
});
