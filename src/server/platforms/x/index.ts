import type { PlatformAdapter } from '../types';

/** Placeholder until the x client lands. */
export const xAdapter: PlatformAdapter = {
  platform: 'x',
  oauth: () => {
    throw new Error('x oauth is not written yet');
  },
  client: () => {
    throw new Error('x client is not written yet');
  },
};
