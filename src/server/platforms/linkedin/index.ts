import type { PlatformAdapter } from '../types';
import { linkedinClient } from './client';
import { linkedinOAuth } from './oauth';

/**
 * LinkedIn Marketing API integration: OAuth (oauth.ts), the API client (client.ts) and the
 * mapping to unified rows (map.ts). The same code talks to the sandbox and, with
 * LINKEDIN_CLIENT_ID/SECRET set, to api.linkedin.com; only settings differ.
 */
export const linkedinAdapter: PlatformAdapter = {
  platform: 'linkedin',
  oauth: (settings, runtime) => linkedinOAuth(settings, runtime),
  client: (settings, tokens, runtime) => linkedinClient(settings, tokens, runtime),
};
