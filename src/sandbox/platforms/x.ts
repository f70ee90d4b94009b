import type { SandboxPlatform } from '../sandbox';

/** Placeholder: the x emulator is being written. */
export const xSandbox: SandboxPlatform = {
  platform: 'x',
  routes: () => {},
};
