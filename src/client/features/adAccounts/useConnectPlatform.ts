import { useEffect, useState } from 'react';
import { TWITTER_CODE_VERIFIER_KEY } from '@shared/api/adAccounts';
import type { Platform } from '@shared/constants';
import { sendBeacon } from '@client/api/beacons';
import { useStartConnectionMutation } from './adAccounts.api';
import { browserLocation } from './browserLocation';


function saveCodeVerifier(verifier: string): void {
  try {
    window.localStorage.setItem(TWITTER_CODE_VERIFIER_KEY, verifier);
  } catch {
    // Storage can be off (private modes); X's callback then fails and says so, which is all we can do.
  }
}

/**
 * Starts a platform's OAuth connection (spec section 4): the connect-click beacon, the
 * startConnection call, X's code verifier kept, then the browser leaves for the consent
 * page. A failed call is toasted by the API error channel, so nothing is shown here.
 * `busy` stays true from the click until the browser has left.
 */
export function useConnectPlatform(platform: Platform) {
  const [startConnection, { isLoading }] = useStartConnectionMutation();
  const [leaving, setLeaving] = useState(false);

  useEffect(() => {
    // Coming back from the consent page can restore this page from the back/forward cache, mid-"leaving".
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setLeaving(false);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  const connect = async () => {
    sendBeacon('analytics/connect-click', { platform, ts: Date.now() });
    let result;
    try {
      result = await startConnection({ platform }).unwrap();
    } catch {
      return;
    }
    if (platform === 'x' && result.code_verifier) saveCodeVerifier(result.code_verifier);
    setLeaving(true);
    browserLocation.assign(result.auth_url);
  };

  return { connect, busy: isLoading || leaving };
}
