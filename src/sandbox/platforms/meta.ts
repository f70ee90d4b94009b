import type { SandboxPlatform } from '../sandbox';

/** Placeholder: the meta emulator is being written. */
export const metaSandbox: SandboxPlatform = {
  platform: 'meta',
  routes: () => {},
};
