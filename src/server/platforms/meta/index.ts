import type { PlatformAdapter } from '../types';
import { metaClient } from './client';
import { metaOAuth } from './oauth';

/** Meta (Facebook/Instagram ads) through the Marketing API; live or sandbox is only a matter of settings. */
export const metaAdapter: PlatformAdapter = {
  platform: 'meta',
  oauth: (settings, runtime) => metaOAuth(settings, runtime),
  client: (settings, tokens, runtime) => metaClient(settings, tokens, runtime),
};
