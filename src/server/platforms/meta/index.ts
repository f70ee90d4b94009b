import type { PlatformAdapter } from '../types';

/** Placeholder until the meta client lands. */
export const metaAdapter: PlatformAdapter = {
  platform: 'meta',
  oauth: () => {
    throw new Error('meta oauth is not written yet');
  },
  client: () => {
    throw new Error('meta client is not written yet');
  },
};
