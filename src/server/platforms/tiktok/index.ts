import type { PlatformAdapter } from '../types';

/** Placeholder until the tiktok client lands. */
export const tiktokAdapter: PlatformAdapter = {
  platform: 'tiktok',
  oauth: () => {
    throw new Error('tiktok oauth is not written yet');
  },
  client: () => {
    throw new Error('tiktok client is not written yet');
  },
};
