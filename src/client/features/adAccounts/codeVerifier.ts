import { TWITTER_CODE_VERIFIER_KEY } from '@shared/api/adAccounts';

/*
 * X's PKCE code verifier (spec section 4): auth/x/ returns it and the spec has the client keep it
 * in localStorage under TWITTER_CODE_VERIFIER_KEY. The server finishes the flow with its own
 * sealed copy and never reads this one back, so it is kept only while the browser is away at
 * the consent page and removed as soon as it comes back.
 */

/** Keeps the verifier before the browser leaves for X's consent page. */
export function saveCodeVerifier(verifier: string): void {
  try {
    window.localStorage.setItem(TWITTER_CODE_VERIFIER_KEY, verifier);
  } catch {
    // Storage can be off (private modes); the server does not need this copy, so nothing breaks.
  }
}

/** Removes it: the round trip is over (whatever the platform, whatever the outcome). */
export function forgetCodeVerifier(): void {
  try {
    window.localStorage.removeItem(TWITTER_CODE_VERIFIER_KEY);
  } catch {
    // See saveCodeVerifier.
  }
}
