import { boolean, mixed, number, object, string } from 'yup';

import { PLATFORMS } from '../constants';

/** Fire-and-forget product beacons of spec section 7, sent to `analytics/<name>`. */
export const BEACON_NAMES = [
  'about-contact-preference',
  'careers-apply',
  'manual-sync',
  'connect-click',
  'contact-submit',
  'delete-account',
  'start-trial',
  'login',
  'register',
  'pricing-cta',
  '404-search',
  '404-suggestion',
] as const;
export type BeaconName = (typeof BEACON_NAMES)[number];

/** True for a name the API accepts. */
export const isBeaconName = (name: string): name is BeaconName => (BEACON_NAMES as readonly string[]).includes(name);

const SLUG = /^[a-z0-9-]{1,40}$/;
const ROLE_TITLE = /^[A-Za-z0-9 &/+.,-]{1,80}$/;

/**
 * What a beacon may carry: non-personal flags, a timestamp, and a plan, platform, page or role.
 * Free text is impossible by construction (every string is an enum or a short pattern), so a
 * beacon can never hold an e-mail address, a name or a search query.
 */
export const beaconPropsSchema = object({
  ts: number().integer().positive().required('ts is required.'),
  openToContact: boolean(),
  talentOptIn: boolean(),
  newsletter: boolean(),
  partnership: boolean(),
  remember: boolean(),
  success: boolean(),
  plan: mixed<'starter' | 'pro' | 'agency'>().oneOf(
    ['starter', 'pro', 'agency'],
    'plan must be starter, pro or agency.',
  ),
  billing: mixed<'monthly' | 'yearly'>().oneOf(['monthly', 'yearly'], 'billing must be monthly or yearly.'),
  platform: mixed<(typeof PLATFORMS)[number]>().oneOf([...PLATFORMS], 'platform is not a supported platform.'),
  target: string().matches(SLUG, 'target must be a page key.'),
  role: string().matches(ROLE_TITLE, 'role must be a job title.'),
});
