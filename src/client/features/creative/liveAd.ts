import type { AdCreative, CreativePlacement } from '@shared/api/creative';
import type { PostLaunchAdImage } from '@shared/api/creativePostLaunch';
import { copyOfAdCreative } from '@shared/creative/liveCopy';

import type { CreativeFormValues } from './CreativeForm';

export { ctaLabel } from '@shared/creative/liveCopy';

/** The analyzer's form filled from a live ad's creative as its platform lists it (and its image, when it could be read). */
export function formValuesOfLiveAd(
  creative: AdCreative,
  placement: CreativePlacement,
  adId: string,
  image: PostLaunchAdImage | null,
): CreativeFormValues {
  const copy = copyOfAdCreative(creative, placement);
  return {
    ...copy,
    headlines: copy.headlines.length ? copy.headlines : [''],
    image: image && {
      name: image.name || `${adId}.png`,
      base64: image.base64,
      dataUrl: `data:${image.content_type};base64,${image.base64}`,
    },
  };
}
