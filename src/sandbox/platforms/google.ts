import type { SandboxPlatform } from '../sandbox';

/** Placeholder: the google emulator is being written. */
export const googleSandbox: SandboxPlatform = {
  platform: 'google',
  routes: () => {},
};
