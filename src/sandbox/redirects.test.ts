import { type Platform, PLATFORMS } from '@shared/constants';

import {
  GOOGLE_ADS_VERSION,
  LATEST_GRAPH_VERSION,
  LINKEDIN_OLDEST_ACTIVE_VERSION,
  sandboxCredentials,
  sandboxEndpoints,
  TIKTOK_API_VERSION,
  X_ADS_VERSION,
} from './contract';
import { parseOrigin, redirectPolicy } from './redirects';
import { type RunningSandbox, startSandbox } from './sandbox';

describe('redirect policy', () => {
  it('accepts loopback http origins on any port when no origins are configured', () => {
    const check = redirectPolicy();
    for (const uri of [
      'http://localhost:3000/api/oauth/callback',
      'http://127.0.0.1:49152/cb',
      'http://[::1]:8080/cb',
      'http://localhost/cb',
    ]) {
      expect(check(uri)).toEqual({ ok: true, uri });
    }
  });

  it('refuses every other origin, look-alikes included, and tells malformed from unregistered', () => {
    const check = redirectPolicy();
    for (const uri of [
      'https://evil.example/cb',
      'http://localhost.evil.example/cb',
      'http://localhost@evil.example/cb',
      'https://localhost:3000/cb',
    ]) {
      expect(check(uri)).toEqual({ ok: false, reason: 'unregistered' });
    }
    for (const uri of [undefined, '', '/relative/cb', 'javascript:alert(1)', 'not a url']) {
      expect(check(uri)).toEqual({ ok: false, reason: 'malformed' });
    }
  });

  it('accepts exactly the configured origins, and nothing when the list is empty', () => {
    const check = redirectPolicy(['https://app.example.com/ignored/path', 'http://127.0.0.1:3000']);
    expect(check('https://app.example.com/api/oauth/callback').ok).toBe(true);
    expect(check('http://127.0.0.1:3000/api/oauth/callback').ok).toBe(true);
    expect(check('http://127.0.0.1:3001/api/oauth/callback')).toEqual({ ok: false, reason: 'unregistered' });
    expect(check('https://app.example.com.evil.io/cb')).toEqual({ ok: false, reason: 'unregistered' });
    expect(check('http://localhost:3000/cb')).toEqual({ ok: false, reason: 'unregistered' });
    expect(redirectPolicy([])('http://localhost:3000/cb').ok).toBe(false);
  });

  it('refuses to start with an origin that is not http(s)', () => {
    expect(parseOrigin('https://app.example.com:8443/x')).toBe('https://app.example.com:8443');
    expect(() => parseOrigin('app.example.com')).toThrow(/http\(s\) origins/);
    expect(() => parseOrigin('ftp://app.example.com')).toThrow(/http\(s\) origins/);
  });
});

/** An authorize URL each platform would show its consent page for, redirect_uri aside. */
function authorizeUrl(sandbox: RunningSandbox, platform: Platform, redirectUri: string): string {
  const version = {
    google: GOOGLE_ADS_VERSION,
    meta: LATEST_GRAPH_VERSION,
    linkedin: LINKEDIN_OLDEST_ACTIVE_VERSION,
    x: X_ADS_VERSION,
    tiktok: TIKTOK_API_VERSION,
  }[platform];
  const { clientId } = sandboxCredentials(platform);
  const params: Record<Platform, Record<string, string>> = {
    google: {
      client_id: clientId,
      response_type: 'code',
      scope: 'https://www.googleapis.com/auth/adwords',
      state: 'st',
    },
    meta: { client_id: clientId, response_type: 'code', scope: 'ads_read', state: 'st' },
    linkedin: { client_id: clientId, response_type: 'code', scope: 'r_ads', state: 'st' },
    x: {
      client_id: clientId,
      response_type: 'code',
      scope: 'ads.read',
      state: 'st',
      code_challenge: 'c'.repeat(43),
      code_challenge_method: 'S256',
    },
    tiktok: { app_id: clientId, state: 'st' },
  };
  const query = new URLSearchParams({ ...params[platform], redirect_uri: redirectUri });
  return `${sandboxEndpoints(platform, sandbox.url, version).authorizeUrl}?${query}`;
}

describe('authorize endpoints and redirect_uri', () => {
  let loopbackOnly: RunningSandbox;
  let configured: RunningSandbox;

  beforeAll(async () => {
    loopbackOnly = await startSandbox({ seed: 7 });
    configured = await startSandbox({ seed: 7, redirectOrigins: ['https://app.example.com'] });
  });
  afterAll(async () => {
    await loopbackOnly.close();
    await configured.close();
  });

  const open = (url: string) => fetch(url, { redirect: 'manual' });

  it.each(PLATFORMS)('%s: shows the consent page for a loopback redirect_uri by default', async (platform) => {
    const response = await open(authorizeUrl(loopbackOnly, platform, 'http://localhost:3000/api/oauth/callback'));
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('name="request_id"');
  });

  it.each(PLATFORMS)('%s: answers 400 and never redirects for any other redirect_uri', async (platform) => {
    for (const redirectUri of ['https://evil.example/steal', 'http://localhost@evil.example/steal']) {
      const response = await open(authorizeUrl(loopbackOnly, platform, redirectUri));
      expect(response.status).toBe(400);
      expect(response.headers.get('location')).toBeNull();
      expect(await response.text()).not.toContain('name="request_id"');
    }
  });

  it.each(PLATFORMS)('%s: with redirectOrigins, accepts those and refuses loopback', async (platform) => {
    const accepted = await open(authorizeUrl(configured, platform, 'https://app.example.com/api/oauth/callback'));
    expect(accepted.status).toBe(200);
    const refused = await open(authorizeUrl(configured, platform, 'http://localhost:3000/api/oauth/callback'));
    expect(refused.status).toBe(400);
    expect(refused.headers.get('location')).toBeNull();
  });

  it('does not send errors to an unregistered redirect_uri either (LinkedIn and X redirect their other errors)', async () => {
    for (const platform of ['linkedin', 'x'] as const) {
      const url = new URL(authorizeUrl(loopbackOnly, platform, 'https://evil.example/steal'));
      url.searchParams.set('response_type', 'token');
      const response = await open(url.toString());
      expect(response.status).toBe(400);
      expect(response.headers.get('location')).toBeNull();
    }
  });
});
