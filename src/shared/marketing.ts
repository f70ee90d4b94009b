import { REPLY_HOURS_MAX, REPLY_HOURS_MIN, TRIAL_DURATION_MS } from './constants';
import { DAY_MS } from './days';

/**
 * The spec's marketing claims (section 1), worded once. Pages and the site search take them from
 * here so a figure never differs between two places.
 */
export const MARKETING_FACTS = {
  brands: '500+',
  brandsText: 'Trusted by 500+ brands',
  roiLift: '+23%',
  roiLiftText: '+23% average ROI lift',
  replyText: `We reply within ${REPLY_HOURS_MIN}-${REPLY_HOURS_MAX} hours`,
  trialDays: TRIAL_DURATION_MS / DAY_MS,
  trialText: `${TRIAL_DURATION_MS / DAY_MS}-day free trial, no card needed to explore core features`,
} as const;

/** The About page's pilot figures and the caveat that goes with them. */
export const PILOT_FACTS = {
  earlyAdopters: { value: 12, suffix: '+', label: 'early adopters' },
  conversionLift: { value: 93, suffix: '%', label: 'average conversion lift' },
  satisfaction: { value: 48, suffix: '/50', label: 'user satisfaction' },
  note: 'Results vary by vertical and spend.',
} as const;

/** The badge on every career opening. */
export const CAREERS_BADGE = 'Fast response under 48h';
