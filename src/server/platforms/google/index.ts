import type { PlatformAdapter } from '../types';

/** Placeholder until the google client lands. */
export const googleAdapter: PlatformAdapter = {
  platform: 'google',
  oauth: () => {
    throw new Error('google oauth is not written yet');
  },
  client: () => {
    throw new Error('google client is not written yet');
  },
};
