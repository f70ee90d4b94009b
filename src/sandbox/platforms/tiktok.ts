import type { SandboxPlatform } from '../sandbox';

/** Placeholder: the tiktok emulator is being written. */
export const tiktokSandbox: SandboxPlatform = {
  platform: 'tiktok',
  routes: () => {},
};
