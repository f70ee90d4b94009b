import type { SandboxPlatform } from '../types';
import { googleSandbox } from './google';
import { linkedinSandbox } from './linkedin';
import { metaSandbox } from './meta';
import { tiktokSandbox } from './tiktok';
import { xSandbox } from './x';

/** Every platform the sandbox emulates; each folder has the same shape: index (mounts), oauth, api, and its wire format. */
export const sandboxPlatforms: SandboxPlatform[] = [
  googleSandbox,
  metaSandbox,
  linkedinSandbox,
  xSandbox,
  tiktokSandbox,
];
