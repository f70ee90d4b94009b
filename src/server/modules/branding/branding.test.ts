import { BRANDING_MESSAGES, type WorkspaceBranding } from '@shared/api/branding';
import { WORKSPACE_MESSAGES } from '@shared/api/workspaces';
import { eq } from 'drizzle-orm';

import { workspaceBranding } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/buildTestApp';
import { signUp, type TestUser } from '../../test/factories';
import { call, createWorkspace, joinAs } from '../workspaces/workspaces.fixtures';
import { b64, pngLogo, svgLogo, withTextChunk } from './branding.fixtures';

describe('branding per workspace', () => {
  let t: TestApp;
  let owner: TestUser;
  let manager: TestUser;
  let viewer: TestUser;
  let client: TestUser;
  let workspace: string;

  beforeAll(async () => {
    t = await buildTestApp({ workers: false });
    owner = await signUp(t.app, { fullName: 'Olga Owner' });
    workspace = await createWorkspace(t.app, owner, 'Acme Shoes');
    manager = await joinAs(t.app, owner, workspace, 'manager', 'Manu Manager');
    viewer = await joinAs(t.app, owner, workspace, 'viewer', 'Vera Viewer');
    client = await joinAs(t.app, owner, workspace, 'client', 'Cleo Client');
  });
  afterAll(async () => {
    await t?.close();
  });

  const valid = {
    name: 'Acme Shoes Ltd',
    primary_color: '#1A4FA0',
    sender_name: 'Acme reports',
    reply_to: 'Reports@Acme.example',
  };
  const get = (user: TestUser) => call(t.app, user, 'GET', 'workspace/branding/', { workspace });
  const put = (user: TestUser, payload: object) =>
    call(t.app, user, 'PUT', 'workspace/branding/', { workspace, payload });
  const stored = async () =>
    (await t.app.ctx.db.select().from(workspaceBranding).where(eq(workspaceBranding.workspaceId, workspace)))[0];
  const fetchLogo = (url: string) => t.app.inject({ method: 'GET', url });

  it('shows every member, the client role too, the defaults before anyone saved branding', async () => {
    for (const user of [owner, manager, viewer, client]) {
      const res = await get(user);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        configured: false,
        name: 'Acme Shoes',
        primary_color: null,
        contrast_ratio: null,
        sender_name: null,
        reply_to: null,
        logo: null,
        updated_at: null,
      });
    }
  });

  it('lets a manager save it with a PNG logo, metadata dropped, and the client sees it and loads the logo without a token', async () => {
    const png = withTextChunk(await pngLogo(120, 40), 'Comment', 'internal-only note');
    const res = await put(manager, { ...valid, logo: b64(png) });
    expect(res.statusCode).toBe(200);
    const saved: WorkspaceBranding = res.json();
    expect(saved).toMatchObject({
      configured: true,
      name: 'Acme Shoes Ltd',
      primary_color: '#1a4fa0',
      sender_name: 'Acme reports',
      reply_to: 'reports@acme.example',
      logo: {
        content_type: 'image/png',
        width: 120,
        height: 40,
        url: expect.stringMatching(/^\/api\/branding\/logo\/[^/]+\/$/),
      },
    });
    expect(saved.contrast_ratio).toBeGreaterThanOrEqual(4.5);
    expect((await get(client)).json()).toEqual(saved);

    // An <img> sends no access token: the signed URL is enough, and it never changes for these bytes.
    const logo = await fetchLogo(saved.logo!.url);
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/png');
    expect(logo.headers['cache-control']).toContain('immutable');
    expect(logo.rawPayload.includes(Buffer.from('internal-only note'))).toBe(false);
    expect(logo.rawPayload.length).toBe(saved.logo!.bytes);
  });

  it('keeps the logo when a save leaves it out', async () => {
    const before = (await get(owner)).json() as WorkspaceBranding;
    const res = await put(owner, { ...valid, name: 'Acme', sender_name: '', reply_to: '' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Acme', sender_name: null, reply_to: null, logo: before.logo });
  });

  it('serves a sanitised SVG with a policy that runs nothing', async () => {
    const res = await put(owner, {
      ...valid,
      logo: b64(svgLogo('<title>Acme</title><circle cx="10" cy="10" r="8" fill="#fff"/>')),
    });
    expect(res.statusCode).toBe(200);
    const saved: WorkspaceBranding = res.json();
    expect(saved.logo).toMatchObject({ content_type: 'image/svg+xml', width: 40, height: 20 });
    const logo = await fetchLogo(saved.logo!.url);
    expect(logo.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(logo.headers['content-security-policy']).toContain("default-src 'none'");
    expect(logo.headers['content-security-policy']).toContain('sandbox');
    expect(logo.body).toContain('<circle');
  });

  it.each([
    ['a colour that is not a colour', { primary_color: 'blue' }, BRANDING_MESSAGES.colourInvalid, 'primary_color'],
    [
      'a colour white text cannot be read on',
      { primary_color: '#ffdd00' },
      'White text on #ffdd00 has a contrast of 1.34:1; WCAG AA needs at least 4.5:1. Choose a darker primary colour.',
      'primary_color',
    ],
    [
      'a colour just under AA',
      { primary_color: '#777777' },
      'White text on #777777 has a contrast of 4.47:1; WCAG AA needs at least 4.5:1. Choose a darker primary colour.',
      'primary_color',
    ],
    ['an invalid reply-to', { reply_to: 'reports at acme' }, BRANDING_MESSAGES.replyToInvalid, 'reply_to'],
    ['no name', { name: '  ' }, BRANDING_MESSAGES.nameRequired, 'name'],
    [
      'a logo that is not an image',
      { logo: b64(Buffer.from('%PDF-1.7 not an image')) },
      BRANDING_MESSAGES.logoNotImage,
      'logo',
    ],
    [
      'an SVG with a script',
      { logo: b64(svgLogo('<script>fetch("/api/user-info/")</script>')) },
      BRANDING_MESSAGES.svgScript,
      'logo',
    ],
    [
      'an SVG with an event handler',
      { logo: b64(svgLogo('', ' onload="alert(1)"')) },
      BRANDING_MESSAGES.svgEventHandler('onload'),
      'logo',
    ],
    [
      'an SVG drawn at 20,000 pixels (reports could not draw it)',
      {
        logo: b64(
          Buffer.from(
            '<svg xmlns="http://www.w3.org/2000/svg" width="20000" height="20000" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>',
          ),
        ),
      },
      BRANDING_MESSAGES.svgTooBig(20000, 20000),
      'logo',
    ],
    [
      'an SVG drawn 4,000 points wide',
      { logo: b64(svgLogo(undefined, ' width="4000pt"')) },
      BRANDING_MESSAGES.svgTooBig(5333, 2667),
      'logo',
    ],
    [
      'an SVG with a url() spelt with a CSS escape',
      {
        logo: b64(
          svgLogo('<style>rect{fill:\\75 rl(https://evil.example/a.svg#b)}</style><rect width="10" height="10"/>'),
        ),
      },
      BRANDING_MESSAGES.svgExternal('url(https://evil.example/a.svg#b)'),
      'logo',
    ],
    [
      'an SVG with an @import spelt with a CSS escape',
      { logo: b64(svgLogo('<style>@\\69mport "https://evil.example/x.css";</style>')) },
      BRANDING_MESSAGES.svgExternal('@import'),
      'logo',
    ],
    [
      'an SVG with an image-set() in a style attribute',
      { logo: b64(svgLogo(`<rect width="10" height="10" style="fill:image-set('https://evil.example/x.png' 1x)"/>`)) },
      BRANDING_MESSAGES.svgExternal('image-set(https://evil.example/x.png)'),
      'logo',
    ],
  ])('refuses %s with a 400 naming it, and saves nothing', async (_what, change, detail, field) => {
    const before = await stored();
    const res = await put(owner, { ...valid, name: 'Changed', ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ detail, field });
    expect(await stored()).toEqual(before);
  });

  it('refuses a logo over 1 MB', async () => {
    const res = await put(owner, { ...valid, logo: 'A'.repeat(1_360_000) });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(/^The logo is 1,020 KB; the largest allowed is 1,000 KB\.$/);
  });

  it('lets only owners and managers change it', async () => {
    const before = await stored();
    for (const user of [viewer, client]) {
      expect((await put(user, valid)).json()).toMatchObject({ detail: WORKSPACE_MESSAGES.notAllowed });
      expect((await call(t.app, user, 'DELETE', 'workspace/branding/logo/', { workspace })).statusCode).toBe(403);
    }
    expect(await stored()).toEqual(before);
  });

  it('removes the logo (its URL stops working), and a new logo gets a new URL', async () => {
    const first = ((await put(owner, { ...valid, logo: b64(await pngLogo(32, 32)) })).json() as WorkspaceBranding).logo!
      .url;
    const second = ((await put(owner, { ...valid, logo: b64(await pngLogo(48, 48)) })).json() as WorkspaceBranding)
      .logo!.url;
    expect(second).not.toBe(first);
    expect((await fetchLogo(first)).statusCode).toBe(404);
    const removed = await call(t.app, manager, 'DELETE', 'workspace/branding/logo/', { workspace });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({ configured: true, logo: null, primary_color: '#1a4fa0' });
    expect((await fetchLogo(second)).json()).toEqual({ detail: BRANDING_MESSAGES.logoNotFound, code: 'not_found' });
  });

  it('does not serve a logo for a forged or altered URL', async () => {
    const url = ((await put(owner, { ...valid, logo: b64(await pngLogo()) })).json() as WorkspaceBranding).logo!.url;
    const token = url.split('/')[4];
    const [id, hash, sig] = token.split('.');
    const other = await createWorkspace(t.app, owner, 'Other');
    for (const forged of [
      `${other}.${hash}.${sig}`,
      `${id}.${'0'.repeat(16)}.${sig}`,
      `${id}.${hash}.${'A'.repeat(22)}`,
      'guess',
    ]) {
      expect((await fetchLogo(`/api/branding/logo/${forged}/`)).statusCode).toBe(404);
    }
    expect((await fetchLogo(url)).statusCode).toBe(200);
  });

  it('goes with the workspace when it is deleted', async () => {
    const doomed = await createWorkspace(t.app, owner, 'Doomed');
    expect(
      (await call(t.app, owner, 'PUT', 'workspace/branding/', { workspace: doomed, payload: valid })).statusCode,
    ).toBe(200);
    await t.app.ctx.db
      .delete((await import('../../db/schema')).workspaces)
      .where(eq((await import('../../db/schema')).workspaces.id, doomed));
    expect(
      await t.app.ctx.db.select().from(workspaceBranding).where(eq(workspaceBranding.workspaceId, doomed)),
    ).toEqual([]);
  });
});
