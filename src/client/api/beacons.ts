import { apiUrl } from '@client/lib/config';
import type { Platform } from '@shared/constants';

/** Quick links of the not-found page, as reported by its suggestion beacon. */
export type NotFoundSuggestion = 'home' | 'features' | 'careers' | 'contact' | 'login';

/**
 * Each beacon path and its body. Beacons carry only non-personal flags and a
 * timestamp (epoch milliseconds): never what the user typed, never a URL.
 */
export interface BeaconBodies {
  'analytics/404-search': { ts: number };
  'analytics/404-suggestion': { target: NotFoundSuggestion; ts: number };
  /** A login attempt's outcome and whether Remember me was on. */
  'analytics/login': { ts: number; remember: boolean; success: boolean };
  /** A completed registration and whether the newsletter box was left on. */
  'analytics/register': { ts: number; newsletter: boolean };
  /** A trial that started. */
  'analytics/start-trial': { ts: number };
  /** An account that was deleted. */
  'analytics/delete-account': { ts: number };
  /** A Connect button pressed, and for which platform. */
  'analytics/connect-click': { platform: Platform; ts: number };
  /** The dashboard's Refresh button pressed. */
  'analytics/manual-sync': { ts: number };
  /** The About page's Contact Us pressed, with the pilot-slots opt-in. */
  'analytics/about-contact-preference': { openToContact: boolean; ts: number };
  /** A career opening's Apply pressed: the role's title (never the applicant) and the talent-pool opt-in. */
  'analytics/careers-apply': { role: string; talentOptIn: boolean; ts: number };
  /** A plan's call to action pressed on the pricing page. */
  'analytics/pricing-cta': { plan: 'starter' | 'pro' | 'agency'; billing: 'monthly' | 'yearly'; ts: number };
  /** A contact message sent, and which boxes were on; never what was written. */
  'analytics/contact-submit': { newsletter: boolean; partnership: boolean; ts: number };
}

/** One of the beacon paths. */
export type BeaconPath = keyof BeaconBodies;

/** Sends an analytics beacon and forgets it: it survives page changes, and every failure is swallowed. */
export function sendBeacon<P extends BeaconPath>(path: P, body: BeaconBodies[P]): void {
  try {
    fetch(apiUrl(path), {
      method: 'POST',
      keepalive: true,
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    }).catch(() => undefined);
  } catch {
    // fetch itself can throw (blocked by policy, no fetch at all); analytics never breaks a page.
  }
}
