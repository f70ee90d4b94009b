import { type AdCreative, CREATIVE_LIMITS, type CreativeCopyInput, type CreativePlacement } from '../api/creative';

/**
 * A live ad's creative, as its platform lists it, read as the analyzer's copy: the browser fills
 * the form with it and the server analyses launched ads with it (the workspace refit), so both
 * read a synced ad the same way.
 */

/** A platform's call-to-action code as a button reads: LEARN_MORE → "Learn more"; a label ("Shop now") stays as it is. */
export function ctaLabel(code: string | null): string {
  if (!code) return '';
  if (!/^[A-Z0-9_]+$/.test(code)) return code;
  const words = code.toLowerCase().split('_').filter(Boolean).join(' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Every field the creative has, the rest empty (never invented); at most the analyzer's number of headlines. */
export function copyOfAdCreative(creative: AdCreative, placement: CreativePlacement): CreativeCopyInput {
  return {
    placement,
    headlines: creative.headlines.slice(0, CREATIVE_LIMITS.maxHeadlines),
    primary_text: creative.primaryText ?? '',
    description: creative.description ?? '',
    cta: ctaLabel(creative.callToAction),
    landing_url: creative.landingUrl ?? '',
  };
}
