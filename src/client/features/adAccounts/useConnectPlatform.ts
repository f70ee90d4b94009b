import { sendBeacon } from '@client/api/beacons';
import type { Platform } from '@shared/constants';
import { useEffect, useState } from 'react';

import { useStartConnectionMutation } from './adAccounts.api';
import { browserLocation } from './browserLocation';
import { saveCodeVerifier } from './codeVerifier';

/**
 * Starts a platform's OAuth connection (spec section 4): the connect-click beacon, the
 * startConnection call (whose reply also sets the cookie that ties the flow to this browser),
 * X's code verifier kept until the browser comes back, then the browser leaves for the consent
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
