import { createHash } from 'node:crypto';

import type { CookieSerializeOptions } from '@fastify/cookie';
import type { Platform } from '@shared/constants';
import type { FastifyReply, FastifyRequest } from 'fastify';

import type { AppConfig } from '../../config';
import { randomToken } from '../../platforms/http';

/**
 * Binds an OAuth round trip to the browser that started it (audit finding 1). `auth/<platform>/`
 * is a same-origin XHR, so it can set a cookie; the callback is a top-level navigation back from
 * the platform, which a SameSite=Lax cookie still rides on. The cookie holds a random nonce, the
 * state row its SHA-256 (oauth_states.browser_hash), and the callback only goes on when the two
 * match. Someone who sends their consent link to another person gets a callback without the
 * cookie, which is refused before the code is exchanged.
 *
 * One cookie per platform, so flows on two platforms run side by side in one browser. A second
 * flow for the same platform in the same browser replaces the cookie: the later flow wins, and
 * the earlier one's callback is refused as coming from the wrong browser.
 */

/** The cookie of one platform's flow. */
export const browserCookieName = (platform: Platform) => `adwise_oauth_${platform}`;

/** Only the OAuth callbacks ever receive it; signed, so a cookie the server did not set is not read. */
export function browserCookieOptions(config: Pick<AppConfig, 'apiBase' | 'env'>): CookieSerializeOptions {
  return {
    path: `${config.apiBase}/oauth/`,
    httpOnly: true,
    sameSite: 'lax',
    secure: config.env === 'production',
    signed: true,
  };
}

/** The value kept with the state: the nonce itself never reaches the database. */
export const browserHash = (nonce: string) => createHash('sha256').update(`oauth-browser:${nonce}`).digest('base64url');

/** A fresh nonce for a new flow. */
export const newBrowserNonce = () => randomToken(32);

/** Sets the flow's cookie on the auth/<platform>/ reply; it lives as long as the state (`ttlMs`). */
export function setBrowserCookie(
  reply: FastifyReply,
  config: Pick<AppConfig, 'apiBase' | 'env'>,
  platform: Platform,
  nonce: string,
  ttlMs: number,
): void {
  reply.setCookie(browserCookieName(platform), nonce, {
    ...browserCookieOptions(config),
    maxAge: Math.floor(ttlMs / 1000),
  });
}

/** What the callback's browser brought: the nonce when the cookie is there and its signature holds. */
export function readBrowserCookie(request: FastifyRequest, platform: Platform): { present: boolean; nonce?: string } {
  const raw = request.cookies[browserCookieName(platform)];
  if (!raw) return { present: false };
  const unsigned = request.unsignCookie(raw);
  return unsigned.valid && unsigned.value ? { present: true, nonce: unsigned.value } : { present: true };
}

/** Removes the cookie (the same path and flags it was set with, or the browser keeps it). */
export function clearBrowserCookie(
  reply: FastifyReply,
  config: Pick<AppConfig, 'apiBase' | 'env'>,
  platform: Platform,
): void {
  reply.clearCookie(browserCookieName(platform), browserCookieOptions(config));
}
