import type { PlatformAdapter } from '../types';

/** Placeholder until the linkedin client lands. */
export const linkedinAdapter: PlatformAdapter = {
  platform: 'linkedin',
  oauth: () => {
    throw new Error('linkedin oauth is not written yet');
  },
  client: () => {
    throw new Error('linkedin client is not written yet');
  },
};
