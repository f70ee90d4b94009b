import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { loggerOptions, OneLinePerRequest, redactUrl } from './logger';

describe('redactUrl', () => {
  it('hides OAuth codes, state and tokens but keeps the rest', () => {
    expect(redactUrl('/api/auth/google/callback?code=4/abc&state=xyz&scope=ads')).toBe(
      '/api/auth/google/callback?code=%5Bredacted%5D&state=%5Bredacted%5D&scope=ads',
    );
    expect(redactUrl('/api/health')).toBe('/api/health');
  });

  it('hides the secrets platform token calls carry in the query (the in-process sandbox is logged too)', () => {
    const logged = redactUrl('/sandbox/meta/v25.0/oauth/access_token?grant_type=fb_exchange_token&client_id=1&client_secret=s&fb_exchange_token=t');
    expect(logged).not.toMatch(/=s(&|$)|=t(&|$)/);
    expect(logged).toContain('client_id=1');
    expect(redactUrl('/api/oauth/tiktok/callback?auth_code=abc&code=abc&state=s')).not.toContain('abc');
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
    const app = Fastify({ logger: { ...(loggerOptions('info') as object), stream } as never, logController: new OneLinePerRequest() });
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
