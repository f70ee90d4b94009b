import { createHmac } from 'node:crypto';

import type { PlatformSettings } from '../types';
import { metaFailure } from './errors';

/**
 * Graph API URLs with the caller's credentials. The token goes in the `access_token` parameter
 * (Meta's documented way), with `appsecret_proof` beside it so apps that turn on "Require App
 * Secret" keep working (Meta documents the proof as optional hardening; whether it is needed
 * depends on the app's settings, UNCONFIRMED for ours).
 */

/** Whether calls carry appsecret_proof = HMAC-SHA256(access token, app secret), hex. */
export const SEND_APPSECRET_PROOF = true;

/** The credential parameters of one Graph call. */
export function credentialParams(settings: PlatformSettings, accessToken: string): Record<string, string> {
  const params: Record<string, string> = { access_token: accessToken };
  if (SEND_APPSECRET_PROOF)
    params.appsecret_proof = createHmac('sha256', settings.clientSecret).update(accessToken).digest('hex');
  return params;
}

/** `<apiBaseUrl><path>?<params>&access_token=…&appsecret_proof=…`; path starts with a slash. */
export function graphUrl(
  settings: PlatformSettings,
  path: string,
  accessToken: string,
  params: Record<string, string> = {},
): string {
  const query = new URLSearchParams({ ...params, ...credentialParams(settings, accessToken) });
  return `${settings.apiBaseUrl}${path}?${query}`;
}

/**
 * A `paging.next` link made safe to follow: it must point under our Graph base URL (a token is
 * never sent anywhere else), and the credentials in it are replaced by the current ones (a
 * refresh between pages must not resend the old token).
 */
export function nextPageUrl(settings: PlatformSettings, next: string, accessToken: string): string {
  const url = new URL(next);
  const base = new URL(settings.apiBaseUrl);
  if (url.origin !== base.origin || !url.pathname.startsWith(`${base.pathname.replace(/\/$/, '')}/`)) {
    throw metaFailure(
      'invalid',
      `Refusing to follow a paging link outside the Graph API: ${url.origin}${url.pathname}`,
    );
  }
  url.searchParams.delete('appsecret_proof');
  for (const [key, value] of Object.entries(credentialParams(settings, accessToken))) url.searchParams.set(key, value);
  return url.toString();
}
