import type { SandboxPlatform } from '../sandbox';

/** Placeholder: the linkedin emulator is being written. */
export const linkedinSandbox: SandboxPlatform = {
  platform: 'linkedin',
  routes: () => {},
};
