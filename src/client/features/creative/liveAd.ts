import { CREATIVE_LIMITS, type AdCreative, type CreativePlacement } from '@shared/api/creative';
import type { PostLaunchAdImage } from '@shared/api/creativePostLaunch';
import type { CreativeFormValues } from './CreativeForm';

/** A platform's call-to-action code as a button reads: LEARN_MORE → "Learn more"; a label ("Shop now") stays as it is. */
export function ctaLabel(code: string | null): string {
  if (!code) return '';
  if (!/^[A-Z0-9_]+$/.test(code)) return code;
  const words = code.toLowerCase().split('_').filter(Boolean).join(' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The analyzer's form filled from a live ad's creative as its platform lists it (and its image, when it could be read). */
export function formValuesOfLiveAd(creative: AdCreative, placement: CreativePlacement, adId: string, image: PostLaunchAdImage | null): CreativeFormValues {
  const headlines = creative.headlines.slice(0, CREATIVE_LIMITS.maxHeadlines);
  return {
    placement,
    headlines: headlines.length ? headlines : [''],
    primary_text: creative.primaryText ?? '',
    description: creative.description ?? '',
    cta: ctaLabel(creative.callToAction),
    landing_url: creative.landingUrl ?? '',
    image: image && { name: image.name || `${adId}.png`, base64: image.base64, dataUrl: `data:${image.content_type};base64,${image.base64}` },
  };
}
