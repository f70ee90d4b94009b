import type { TokenSet } from '../../platforms/types';

/**
 * When a connection stops working unless someone reconnects it, and whether that is soon.
 * A token we can refresh (one with a refresh token) lives on until its refresh token ends: never
 * for Google, 365 days from consent for LinkedIn. A token without one ends at its own expiry:
 * Meta's long-lived user tokens (about 60 days), LinkedIn's without refresh (60 days). TikTok's
 * advertiser tokens and X's OAuth 1.0a tokens carry no expiry and are never "expiring".
 * Noticing this a week ahead lets people reconnect before syncing stops, instead of after.
 */

/** How far ahead of the end a connection counts as expiring. */
export const EXPIRY_WARNING_MS = 7 * 24 * 60 * 60 * 1000;

export interface ConnectionExpiry {
  /** When the connection ends without a reconnect; null: not on its own. */
  expiresAt: Date | null;
  expiring: boolean;
}

function parse(value: string | null | undefined): Date | null {
  if (!value) return null;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? null : at;
}

/**
 * The rule. `accessExpiresAt` is the connection's column (kept in step with the sealed tokens);
 * the refresh token and its end only live in the sealed tokens.
 */
export function connectionExpiry(
  connection: { accessExpiresAt: Date | null; tokens: Pick<TokenSet, 'refreshToken' | 'refreshExpiresAt'> },
  now: Date,
): ConnectionExpiry {
  const expiresAt = connection.tokens.refreshToken
    ? parse(connection.tokens.refreshExpiresAt)
    : connection.accessExpiresAt;
  return { expiresAt, expiring: expiresAt !== null && expiresAt.getTime() - now.getTime() <= EXPIRY_WARNING_MS };
}
