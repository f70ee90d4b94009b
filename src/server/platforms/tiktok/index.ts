import type { PlatformAdapter } from '../types';
import { tiktokClient } from './client';
import { tiktokOAuth } from './oauth';

/** TikTok API for Business: advertiser authorization, advertisers, campaigns, daily reports, status and budget. */
export const tiktokAdapter: PlatformAdapter = {
  platform: 'tiktok',
  oauth: (settings, runtime) => tiktokOAuth(settings, runtime),
  client: (settings, tokens, runtime) => tiktokClient(settings, tokens, runtime),
};
