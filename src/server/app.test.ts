import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { SESSION_HINT_SCRIPT } from '@shared/prerender';

import { buildTestApp, type TestApp } from './test/buildTestApp';
import { signUp } from './test/factories';

describe('the API shell', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('answers liveness and readiness', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', database: process.env.DATABASE_URL ? 'postgres' : 'pglite' });
  });

  it('returns JSON 404 with a detail for unknown API paths', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no-such-thing/' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toMatchObject({ detail: 'No such API endpoint: GET /api/no-such-thing/', code: 'not_found' });
  });

  it('answers malformed JSON with a 400 detail', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/analytics/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"ts":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toEqual(expect.any(String));
  });

  it('sends security headers and a request id', async () => {
    const offered = '0b5f1c2e-4d1a-4c8e-9f3b-2a6d7e8f9a0b';
    const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': offered } });
    expect(res.headers['x-request-id']).toBe(offered);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("object-src 'none'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    // Every answer carries them, the not-found one included.
    const missing = await t.app.inject({ method: 'GET', url: '/api/no-such-route' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['x-content-type-options']).toBe('nosniff');
    expect(missing.headers['content-security-policy']).toContain("object-src 'none'");
  });

  it('makes up its own request id when the offered one is not a UUID (no forged or colliding ids)', async () => {
    for (const offered of ['abc-123', 'abc"}\n{"level":60', 'x'.repeat(300)]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': offered } });
      expect(res.headers['x-request-id']).not.toBe(offered);
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    }
  });

  it('keeps the development mailbox closed outside NODE_ENV=development', async () => {
    expect(t.config.env).toBe('test');
    expect((await t.app.inject({ method: 'GET', url: '/dev/mailbox' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/dev/outbox' })).statusCode).toBe(404);
  });
});

describe('in development', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ config: { env: 'development' } });
  });
  afterAll(() => t.close());

  it('serves the development mailbox page and its JSON twin', async () => {
    await t.app.ctx.mailer.send({ to: 'ann@example.com', subject: 'Your code <b>', text: 'Code: 123456' });
    const page = await t.app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Your code &lt;b&gt;');
    expect(page.body).toContain('Code: 123456');
    const json = await t.app.inject({ method: 'GET', url: '/api/dev/outbox' });
    expect(json.json().messages[0]).toMatchObject({
      to: 'ann@example.com',
      subject: 'Your code <b>',
      htmlUrl: null,
      attachments: [],
    });
  });

  it('shows a message’s HTML with its inline images, its attachments, and its links clickable', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
    const id = await t.app.ctx.mailer.send({
      to: 'cfo@acme.example',
      subject: 'Acme weekly',
      text: 'Review it: http://localhost:3000/reports/review/abc',
      html: '<p>Hi</p><img src="cid:chart" alt="chart">',
      fromName: 'Northwind Reports',
      attachments: [
        { fileName: 'acme weekly.pdf', contentType: 'application/pdf', content: Buffer.from('%PDF-1.4') },
        { fileName: 'chart.png', contentType: 'image/png', content: png, contentId: 'chart' },
      ],
    });
    const page = await t.app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(page.body).toContain('<a href="http://localhost:3000/reports/review/abc">');
    expect(page.body).toContain(`<a href="/dev/mailbox/${id}/html">View as HTML</a>`);
    expect(page.body).toContain(`<a href="/dev/mailbox/${id}/attachments/0">acme weekly.pdf</a>`);
    expect(page.body).toContain('from <b>Northwind Reports</b>');
    const html = await t.app.inject({ method: 'GET', url: `/dev/mailbox/${id}/html` });
    expect(html.body).toContain(`<img src="/dev/mailbox/${id}/attachments/1" alt="chart">`);
    expect(html.headers['content-security-policy']).toContain("default-src 'none'");
    const pdf = await t.app.inject({ method: 'GET', url: `/dev/mailbox/${id}/attachments/0` });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe('attachment; filename="acme-weekly.pdf"');
    expect((await t.app.inject({ method: 'GET', url: `/dev/mailbox/${id}/attachments/1` })).rawPayload).toEqual(png);
    expect((await t.app.inject({ method: 'GET', url: `/dev/mailbox/${id}/attachments/7` })).statusCode).toBe(404);
  });

  it('serves the API description at /api/docs', async () => {
    const json = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(json.statusCode).toBe(200);
    expect(json.json().openapi).toBe('3.1.0');
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(page.statusCode);
  });
});

describe('rate limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ config: { rateLimitPerMinute: 2 } });
  });
  afterAll(() => t.close());

  it('answers 429 with a detail that says when to retry', async () => {
    const urls = ['/api/nope', '/api/nope', '/api/nope'];
    const codes = [];
    for (const url of urls) codes.push(await t.app.inject({ method: 'GET', url }));
    const limited = codes[2];
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({
      code: 'rate_limited',
      detail: expect.stringMatching(/^Too many requests\. Please try again in \d+ (second|minute)/),
    });
    expect(limited.headers['retry-after']).toBeDefined();
  });
});

describe('rate limits per signed-in user', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ config: { rateLimitPerMinute: 3 } });
  });
  afterAll(() => t.close());

  const statuses = async (count: number, headers: Record<string, string> = {}) => {
    const codes: number[] = [];
    for (let i = 0; i < count; i += 1)
      codes.push(
        (await t.app.inject({ method: 'GET', url: '/api/nope', remoteAddress: '10.1.2.3', headers })).statusCode,
      );
    return codes;
  };

  it('counts a signed-in user’s requests against their own budget, not their office address’s', async () => {
    const [asha, ben] = [await signUp(t.app), await signUp(t.app)];
    // Two colleagues and a visitor behind one address: each has the whole budget.
    expect(await statuses(4, asha.auth)).toEqual([404, 404, 404, 429]);
    expect(await statuses(3, ben.auth)).toEqual([404, 404, 404]);
    expect(await statuses(3)).toEqual([404, 404, 404]);
    expect(await statuses(1)).toEqual([429]);
  });

  it('counts a token it cannot verify against the address', async () => {
    const codes = [];
    for (let i = 0; i < 4; i += 1)
      codes.push(
        (
          await t.app.inject({
            method: 'GET',
            url: '/api/nope',
            remoteAddress: '10.9.9.9',
            headers: { authorization: `Bearer forged-${i}` },
          })
        ).statusCode,
      );
    expect(codes).toEqual([404, 404, 404, 429]);
  });
});

describe('rate limits and the SPA’s assets', () => {
  let t: TestApp;
  let spaDir: string;
  beforeAll(async () => {
    spaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'adwise-spa-'));
    fs.mkdirSync(path.join(spaDir, 'assets'));
    fs.writeFileSync(path.join(spaDir, 'index.html'), '<!doctype html><div id="root"></div>');
    fs.writeFileSync(path.join(spaDir, 'assets', 'main.abc.js'), 'console.log(1)');
    t = await buildTestApp({ config: { env: 'production', staticDir: spaDir, rateLimitPerMinute: 2 } });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(spaDir, { recursive: true, force: true });
  });

  it('never limits the hashed assets a page loads, and still limits pages and the API', async () => {
    for (let i = 0; i < 5; i += 1)
      expect((await t.app.inject({ method: 'GET', url: '/assets/main.abc.js' })).statusCode).toBe(200);
    const pages = [];
    for (let i = 0; i < 3; i += 1) pages.push((await t.app.inject({ method: 'GET', url: '/dashboard' })).statusCode);
    expect(pages).toEqual([200, 200, 429]);
  });
});

describe('in production', () => {
  let t: TestApp;
  let spaDir: string;
  beforeAll(async () => {
    spaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'adwise-spa-'));
    fs.mkdirSync(path.join(spaDir, 'assets'));
    fs.writeFileSync(path.join(spaDir, 'index.html'), '<!doctype html><div id="root"></div>');
    fs.writeFileSync(path.join(spaDir, 'assets', 'main.abc.js'), 'console.log(1)');
    fs.mkdirSync(path.join(spaDir, 'prerendered'));
    fs.writeFileSync(
      path.join(spaDir, 'prerendered', 'manifest.json'),
      JSON.stringify({ '/': 'home.html', '/pricing': 'pricing.html' }),
    );
    fs.writeFileSync(
      path.join(spaDir, 'prerendered', 'home.html'),
      '<!doctype html><div id="root"><h1>Home, prerendered</h1></div>',
    );
    fs.writeFileSync(
      path.join(spaDir, 'prerendered', 'pricing.html'),
      '<!doctype html><div id="root"><h1>Pricing, prerendered</h1></div>',
    );
    t = await buildTestApp({ config: { env: 'production', staticDir: spaDir } });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(spaDir, { recursive: true, force: true });
  });

  it('serves the SPA at the root, prerendered', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"><h1>Home, prerendered</h1>');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('serves each prerendered page at its path, and the empty index.html everywhere else', async () => {
    const pricing = await t.app.inject({ method: 'GET', url: '/pricing?plan=pro' });
    expect(pricing.statusCode).toBe(200);
    expect(pricing.headers['content-type']).toMatch(/text\/html/);
    expect(pricing.body).toContain('Pricing, prerendered');
    const dashboard = await t.app.inject({ method: 'GET', url: '/dashboard' });
    expect(dashboard.body).toBe('<!doctype html><div id="root"></div>');
  });

  it('lets the prerendered pages run their inline session hint, and no other inline script', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    const hash = createHash('sha256').update(SESSION_HINT_SCRIPT).digest('base64');
    const scriptSrc = String(res.headers['content-security-policy'])
      .split(';')
      .find((directive) => directive.startsWith('script-src'));
    expect(scriptSrc).toBe(`script-src 'self' 'sha256-${hash}'`);
  });

  it('serves the SPA with history fallback for unknown page paths', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/some/unknown/page?x=1' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('<div id="root">');
  });

  it('serves hashed assets as immutable and 404s missing ones', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/main.abc.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const missing = await t.app.inject({ method: 'GET', url: '/assets/gone.js' });
    expect(missing.statusCode).toBe(404);
  });

  it('keeps unknown API paths as JSON 404 and hides the dev mailbox', async () => {
    const api = await t.app.inject({ method: 'GET', url: '/api/unknown' });
    expect(api.statusCode).toBe(404);
    expect(api.json().detail).toBe('No such API endpoint: GET /api/unknown');
    const outbox = await t.app.inject({ method: 'GET', url: '/api/dev/outbox' });
    expect(outbox.statusCode).toBe(404);
    expect(outbox.headers['content-type']).toMatch(/json/);
  });

  it('sends HSTS', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['strict-transport-security']).toContain('max-age=31536000');
  });
});
