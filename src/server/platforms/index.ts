import type { Platform } from '@shared/constants';

import { googleAdapter } from './google';
import { linkedinAdapter } from './linkedin';
import { metaAdapter } from './meta';
import { tiktokAdapter } from './tiktok';
import type { PlatformAdapter } from './types';
import { xAdapter } from './x';

/** The five platform integrations, by platform. */
export const platformAdapters: Record<Platform, PlatformAdapter> = {
  google: googleAdapter,
  meta: metaAdapter,
  linkedin: linkedinAdapter,
  x: xAdapter,
  tiktok: tiktokAdapter,
};
