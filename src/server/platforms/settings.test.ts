import { SANDBOX_GOOGLE_DEVELOPER_TOKEN, sandboxCredentials, supportsVersion } from '@sandbox/contract';
import { PLATFORMS } from '@shared/constants';

import { DEFAULT_VERSIONS, loadPlatformSettings, sandboxSettings } from './settings';

describe('platform settings against the sandbox contract', () => {
  it.each(PLATFORMS)('calls a %s API version the sandbox serves', (platform) => {
    // Our default moving ahead of the emulator would fail every sandbox call at run time.
    expect(supportsVersion(platform, DEFAULT_VERSIONS[platform])).toBe(true);
  });

  it('points sandbox clients at the credentials and endpoints the sandbox publishes', () => {
    const settings = sandboxSettings('http://127.0.0.1:4010/');
    for (const platform of PLATFORMS) {
      expect(settings[platform]).toMatchObject({
        mode: 'sandbox',
        apiVersion: DEFAULT_VERSIONS[platform],
        ...sandboxCredentials(platform),
      });
      expect(settings[platform].authorizeUrl.startsWith(`http://127.0.0.1:4010/${platform}/`)).toBe(true);
    }
    expect(settings.google.extra.developerToken).toBe(SANDBOX_GOOGLE_DEVELOPER_TOKEN);
    expect(settings.google.apiBaseUrl).toBe(`http://127.0.0.1:4010/google/${DEFAULT_VERSIONS.google}`);
    expect(settings.x.extra).toMatchObject({
      authMode: 'oauth2',
      requestTokenUrl: 'http://127.0.0.1:4010/x/oauth/request_token',
    });
  });

  it('uses the sandbox for a platform without credentials and reports half-set ones', () => {
    const problems: string[] = [];
    const settings = loadPlatformSettings({ META_APP_ID: 'only-the-id' }, 'http://localhost:3000/sandbox', problems);
    expect(settings.google.mode).toBe('sandbox');
    expect(settings.meta.mode).toBe('sandbox');
    expect(problems).toEqual([
      'META_APP_ID and META_APP_SECRET must be set together (leave both unset to use the sandbox)',
    ]);
  });
});
