import type { Platform } from '@shared/constants';

/**
 * What the sandbox publishes to whoever points a client at it: the app credentials it accepts,
 * the API versions it answers, and where each platform's endpoints live under its root. These
 * belong to the sandbox, like a real platform's developer docs belong to the platform; the
 * product's own choices (which version its clients call) live in server/platforms/settings.ts,
 * and a test there checks they stay within what the sandbox serves.
 *
 * This file is data only and imports nothing but shared code, so the server can read it without
 * depending on the emulator.
 */

/** Client credentials the sandbox accepts (and nothing else). */
export const sandboxCredentials = (platform: Platform) => ({
  clientId: `sandbox-${platform}-client`,
  clientSecret: `sandbox-${platform}-secret`,
});

/** The developer-token header value the Google Ads emulator accepts. */
export const SANDBOX_GOOGLE_DEVELOPER_TOKEN = 'sandbox-developer-token';

// ---- API versions ----

/** The Google Ads API version the emulator mounts, at /google/<version>. */
export const GOOGLE_ADS_VERSION = 'v26';
/** Graph versions the Meta emulator answers; others get Graph's deprecated-version error. */
export const GRAPH_VERSIONS: readonly string[] = ['v24.0', 'v25.0', 'v26.0'];
/** The version Graph tells callers of a deprecated one to move to. */
export const LATEST_GRAPH_VERSION = 'v25.0';
/** The oldest LinkedIn-Version (YYYYMM) still answered; older ones get 426 NONEXISTENT_VERSION. */
export const LINKEDIN_OLDEST_ACTIVE_VERSION = '202511';
/** LinkedIn-Version values: a month, optionally with a two-digit patch (202607 or 202607.01). */
export const LINKEDIN_VERSION_PATTERN = /^(\d{6})(\.\d{2})?$/;
/** The X Ads API version, the first path segment of every API call. */
export const X_ADS_VERSION = '12';
/** The TikTok API for Business version, in /open_api/<version>/. */
export const TIKTOK_API_VERSION = 'v1.3';

/** Whether the sandbox answers this version of a platform's API. */
export function supportsVersion(platform: Platform, version: string): boolean {
  switch (platform) {
    case 'google':
      return version === GOOGLE_ADS_VERSION;
    case 'meta':
      return GRAPH_VERSIONS.includes(version);
    case 'linkedin': {
      const month = LINKEDIN_VERSION_PATTERN.exec(version)?.[1];
      return month !== undefined && month >= LINKEDIN_OLDEST_ACTIVE_VERSION;
    }
    case 'x':
      return version === X_ADS_VERSION;
    case 'tiktok':
      return version === TIKTOK_API_VERSION;
  }
}

// ---- URL layout ----

/** Where a platform's endpoints are; the same fields a client's settings need. */
export interface SandboxEndpoints {
  /** Browser-facing consent page. */
  authorizeUrl: string;
  tokenUrl: string;
  revokeUrl?: string;
  /** API root including the version segment, no trailing slash. */
  apiBaseUrl: string;
  /** Further endpoints a platform has (X's OAuth 1.0a flow). */
  extra?: Record<string, string>;
}

/** Admin routes (ground truth, fault injection) under the sandbox root; they need the admin token. */
export const ADMIN_PATH = '/_sandbox';

/**
 * A platform's endpoints on a sandbox whose root is `sandboxUrl`: the real platform's paths under
 * `<root>/<platform>`, with `version` where the platform puts it in the path.
 */
export function sandboxEndpoints(platform: Platform, sandboxUrl: string, version: string): SandboxEndpoints {
  const root = `${sandboxUrl.replace(/\/+$/, '')}/${platform}`;
  switch (platform) {
    case 'google':
      return {
        authorizeUrl: `${root}/o/oauth2/v2/auth`,
        tokenUrl: `${root}/token`,
        revokeUrl: `${root}/revoke`,
        apiBaseUrl: `${root}/${version}`,
      };
    case 'meta':
      return {
        authorizeUrl: `${root}/${version}/dialog/oauth`,
        tokenUrl: `${root}/${version}/oauth/access_token`,
        apiBaseUrl: `${root}/${version}`,
      };
    case 'linkedin':
      return {
        authorizeUrl: `${root}/oauth/v2/authorization`,
        tokenUrl: `${root}/oauth/v2/accessToken`,
        revokeUrl: `${root}/oauth/v2/revoke`,
        apiBaseUrl: `${root}/rest`,
      };
    case 'x':
      return {
        authorizeUrl: `${root}/i/oauth2/authorize`,
        tokenUrl: `${root}/2/oauth2/token`,
        revokeUrl: `${root}/2/oauth2/revoke`,
        apiBaseUrl: `${root}/${version}`,
        extra: {
          requestTokenUrl: `${root}/oauth/request_token`,
          oauth1AuthorizeUrl: `${root}/oauth/authorize`,
          accessTokenUrl: `${root}/oauth/access_token`,
        },
      };
    case 'tiktok':
      return {
        authorizeUrl: `${root}/portal/auth`,
        tokenUrl: `${root}/open_api/${version}/oauth2/access_token/`,
        revokeUrl: `${root}/open_api/${version}/oauth2/revoke_token/`,
        apiBaseUrl: `${root}/open_api/${version}`,
      };
  }
}
