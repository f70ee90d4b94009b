import type { PlatformAdapter } from '../types';
import { createXClient } from './client';
import { createXOAuth } from './oauth';

/**
 * X (Twitter) Ads: OAuth 2.0 + PKCE connections with rotating refresh tokens (or OAuth 1.0a
 * signed requests with settings.extra.authMode 'oauth1'), and the Ads API v12 client.
 */
export const xAdapter: PlatformAdapter = {
  platform: 'x',
  oauth: (settings, runtime) => createXOAuth(settings, runtime),
  client: (settings, tokens, runtime) => createXClient(settings, tokens, runtime),
};
