import type { SandboxPlatform } from '../sandbox';
import { googleSandbox } from './google';
import { linkedinSandbox } from './linkedin';
import { metaSandbox } from './meta';
import { tiktokSandbox } from './tiktok';
import { xSandbox } from './x';

/** Every platform the sandbox emulates. */
export const sandboxPlatforms: SandboxPlatform[] = [googleSandbox, metaSandbox, linkedinSandbox, xSandbox, tiktokSandbox];
