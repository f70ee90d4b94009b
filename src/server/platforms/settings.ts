// The sandbox publishes the credentials it accepts and where its endpoints are; this is the one
// place the product reads them (data only: nothing here depends on the emulator itself).
import { SANDBOX_GOOGLE_DEVELOPER_TOKEN, sandboxCredentials, sandboxEndpoints } from '@sandbox/contract';
import { type Platform, PLATFORMS } from '@shared/constants';

import type { PlatformSettings } from './types';

/**
 * Where each platform lives, in one place. With credentials in the environment a platform talks
 * to the real API; without them it talks to the sandbox (src/sandbox), which serves the same
 * paths under `<sandbox url>/<platform>/`. Nothing else in the product knows the difference.
 *
 * Versions are configuration because they go stale fast (research: Google v26, Graph v25.0,
 * LinkedIn-Version 202607, X Ads /12, TikTok v1.3 as of autumn 2026). These are the versions our
 * clients call; the sandbox keeps its own list of what it serves (settings.test.ts checks they agree).
 */

export const DEFAULT_VERSIONS: Record<Platform, string> = {
  google: 'v26',
  meta: 'v25.0',
  linkedin: '202607',
  x: '12',
  tiktok: 'v1.3',
};

type Endpoints = Pick<PlatformSettings, 'authorizeUrl' | 'tokenUrl' | 'revokeUrl' | 'apiBaseUrl'> & {
  extra?: Record<string, string>;
};

/** The real hosts (research sections 1-5). */
function liveEndpoints(platform: Platform, version: string): Endpoints {
  switch (platform) {
    case 'google':
      return {
        authorizeUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
        tokenUrl: 'https://oauth2.googleapis.com/token',
        revokeUrl: 'https://oauth2.googleapis.com/revoke',
        apiBaseUrl: `https://googleads.googleapis.com/${version}`,
      };
    case 'meta':
      return {
        authorizeUrl: `https://www.facebook.com/${version}/dialog/oauth`,
        tokenUrl: `https://graph.facebook.com/${version}/oauth/access_token`,
        apiBaseUrl: `https://graph.facebook.com/${version}`,
      };
    case 'linkedin':
      return {
        authorizeUrl: 'https://www.linkedin.com/oauth/v2/authorization',
        tokenUrl: 'https://www.linkedin.com/oauth/v2/accessToken',
        revokeUrl: 'https://www.linkedin.com/oauth/v2/revoke',
        apiBaseUrl: 'https://api.linkedin.com/rest',
      };
    case 'x':
      return {
        authorizeUrl: 'https://x.com/i/oauth2/authorize',
        tokenUrl: 'https://api.x.com/2/oauth2/token',
        revokeUrl: 'https://api.x.com/2/oauth2/revoke',
        apiBaseUrl: `https://ads-api.x.com/${version}`,
        extra: {
          requestTokenUrl: 'https://api.x.com/oauth/request_token',
          oauth1AuthorizeUrl: 'https://api.x.com/oauth/authorize',
          accessTokenUrl: 'https://api.x.com/oauth/access_token',
        },
      };
    case 'tiktok':
      return {
        authorizeUrl: 'https://business-api.tiktok.com/portal/auth',
        tokenUrl: `https://business-api.tiktok.com/open_api/${version}/oauth2/access_token/`,
        revokeUrl: `https://business-api.tiktok.com/open_api/${version}/oauth2/revoke_token/`,
        apiBaseUrl: `https://business-api.tiktok.com/open_api/${version}`,
      };
  }
}

/** Every platform pointed at a sandbox at `sandboxUrl` (tests, and `npm start` without credentials). */
export function sandboxSettings(sandboxUrl: string): Record<Platform, PlatformSettings> {
  return Object.fromEntries(
    PLATFORMS.map((platform) => [platform, sandboxSettingsFor(platform, sandboxUrl)]),
  ) as Record<Platform, PlatformSettings>;
}

function sandboxSettingsFor(platform: Platform, sandboxUrl: string): PlatformSettings {
  const { extra, ...endpoints } = sandboxEndpoints(platform, sandboxUrl, DEFAULT_VERSIONS[platform]);
  return {
    platform,
    mode: 'sandbox',
    ...sandboxCredentials(platform),
    ...endpoints,
    apiVersion: DEFAULT_VERSIONS[platform],
    extra: {
      ...extra,
      ...(platform === 'google' ? { developerToken: SANDBOX_GOOGLE_DEVELOPER_TOKEN } : {}),
      ...(platform === 'x' ? { authMode: 'oauth2' } : {}),
    },
  };
}

/**
 * The live settings of one platform with its API host swapped for `origin` (the replay harness,
 * src/server/platforms/replay): the same paths, versions and headers the real API gets, fake
 * credentials. Only apiBaseUrl is served by the replay; the OAuth URLs keep their live hosts
 * and must not be called.
 */
export function replaySettings(platform: Platform, origin: string): PlatformSettings {
  const version = DEFAULT_VERSIONS[platform];
  const { extra, apiBaseUrl, ...endpoints } = liveEndpoints(platform, version);
  const base = new URL(apiBaseUrl);
  return {
    platform,
    mode: 'live',
    clientId: 'replay-client-id',
    clientSecret: 'replay-client-secret',
    ...endpoints,
    apiBaseUrl: `${origin.replace(/\/+$/, '')}${base.pathname.replace(/\/+$/, '')}`,
    apiVersion: version,
    extra: {
      ...extra,
      ...(platform === 'google' ? { developerToken: 'replay-developer-token' } : {}),
      ...(platform === 'x' ? { authMode: 'oauth2' } : {}),
    },
  };
}

/** Environment variables per platform: the credentials that switch it to live, and its extras. */
const ENV: Record<Platform, { id: string; secret: string; version: string; extra: Record<string, string> }> = {
  google: {
    id: 'GOOGLE_ADS_CLIENT_ID',
    secret: 'GOOGLE_ADS_CLIENT_SECRET',
    version: 'GOOGLE_ADS_API_VERSION',
    extra: { developerToken: 'GOOGLE_ADS_DEVELOPER_TOKEN', loginCustomerId: 'GOOGLE_ADS_LOGIN_CUSTOMER_ID' },
  },
  meta: { id: 'META_APP_ID', secret: 'META_APP_SECRET', version: 'META_API_VERSION', extra: {} },
  linkedin: { id: 'LINKEDIN_CLIENT_ID', secret: 'LINKEDIN_CLIENT_SECRET', version: 'LINKEDIN_API_VERSION', extra: {} },
  x: {
    id: 'X_CLIENT_ID',
    secret: 'X_CLIENT_SECRET',
    version: 'X_API_VERSION',
    extra: { consumerKey: 'X_CONSUMER_KEY', consumerSecret: 'X_CONSUMER_SECRET', authMode: 'X_AUTH_MODE' },
  },
  tiktok: { id: 'TIKTOK_APP_ID', secret: 'TIKTOK_APP_SECRET', version: 'TIKTOK_API_VERSION', extra: {} },
};

/**
 * Reads each platform's settings from the environment. A platform with a client id and secret
 * is live; one with neither uses the sandbox at `sandboxUrl`; one with only half is a problem.
 */
export function loadPlatformSettings(
  env: NodeJS.ProcessEnv,
  sandboxUrl: string,
  problems: string[],
): Record<Platform, PlatformSettings> {
  const value = (name: string) => env[name]?.trim() || undefined;
  const entries = PLATFORMS.map((platform): [Platform, PlatformSettings] => {
    const names = ENV[platform];
    const clientId = value(names.id);
    const clientSecret = value(names.secret);
    if (!clientId && !clientSecret) return [platform, sandboxSettingsFor(platform, sandboxUrl)];
    if (!clientId || !clientSecret) {
      problems.push(`${names.id} and ${names.secret} must be set together (leave both unset to use the sandbox)`);
      return [platform, sandboxSettingsFor(platform, sandboxUrl)];
    }
    const version = value(names.version) ?? DEFAULT_VERSIONS[platform];
    const { extra: endpointExtra, ...endpoints } = liveEndpoints(platform, version);
    const extra: Record<string, string> = { ...endpointExtra };
    for (const [key, name] of Object.entries(names.extra)) {
      const found = value(name);
      if (found) extra[key] = found;
    }
    if (platform === 'google' && !extra.developerToken) {
      problems.push('GOOGLE_ADS_DEVELOPER_TOKEN is required when GOOGLE_ADS_CLIENT_ID is set');
    }
    if (platform === 'x') {
      extra.authMode ??= 'oauth2';
      if (!['oauth1', 'oauth2'].includes(extra.authMode)) problems.push('X_AUTH_MODE must be oauth1 or oauth2');
      if (extra.authMode === 'oauth1' && (!extra.consumerKey || !extra.consumerSecret)) {
        problems.push('X_CONSUMER_KEY and X_CONSUMER_SECRET are required when X_AUTH_MODE is oauth1');
      }
    }
    return [platform, { platform, mode: 'live', clientId, clientSecret, ...endpoints, apiVersion: version, extra }];
  });
  return Object.fromEntries(entries) as Record<Platform, PlatformSettings>;
}
