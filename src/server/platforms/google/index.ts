import type { PlatformAdapter } from '../types';
import { createGoogleClient } from './client';
import { createGoogleOAuth } from './oauth';

/** Google Ads: OAuth 2.0 with PKCE and refresh tokens, GAQL reporting over searchStream, mutates for status and budgets. */
export const googleAdapter: PlatformAdapter = {
  platform: 'google',
  oauth: (settings, runtime) => createGoogleOAuth(settings, runtime),
  client: (settings, tokens, runtime) => createGoogleClient(settings, tokens, runtime),
};
