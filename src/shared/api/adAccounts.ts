import type { Platform } from '../constants';

/**
 * The Connected Ad Accounts contract (spec sections 2, 3, 4, 7 and 8), shared by client and server.
 * All endpoints are under the API base and need the signed-in user's access token.
 *
 * GET  ad-accounts/                 -> ConnectedAdAccount[]
 * GET  auth/<platform>/             -> StartConnectionResult (browser navigates to auth_url); also sets
 *                                      an HttpOnly cookie that binds the flow to this browser
 * GET  oauth/<platform>/callback    -> 302 to /connected-accounts?invite_status=...&platform=...[&reason=...]
 *                                      (only the browser holding that cookie can finish the flow)
 * POST generate-otp/        {}      -> GenerateOtpResult      (429 + Retry-After inside the resend lock)
 * POST verify-otp/          {otp}   -> VerifyOtpResult        (400 'Invalid OTP.' ...)
 * POST delete-connected-account/ {accid} -> DeleteConnectedAccountResult (403 without a fresh verified OTP)
 */

/** A connection's health: 'needs_reconnect' when the platform expired or revoked its tokens. */
export type ConnectionStatus = 'active' | 'needs_reconnect';

export interface ConnectedAdAccount {
  /** Adwise's id of the connected account (send it as `accid` to disconnect). */
  id: string;
  platform: Platform;
  /** The platform's own account id (act_123…, 1234567890, …). */
  account_id: string;
  /** The account's name at the platform. */
  name: string;
  currency: string;
  status: ConnectionStatus;
  /** ISO 8601. */
  connected_at: string;
  /**
   * ISO 8601: when the connection stops working unless someone reconnects it (a token we cannot
   * refresh runs out, or the refresh token itself does); null when it does not end on its own.
   */
  expires_at: string | null;
  /** True while the connection is active and expires_at is at most 7 days away: ask for a reconnect now. */
  expiring: boolean;
}

export interface StartConnectionResult {
  /** Where the browser goes next: the platform's consent page. */
  auth_url: string;
  /**
   * X only (spec): the PKCE verifier, saved by the client under TWITTER_CODE_VERIFIER_KEY and
   * removed when the browser comes back. The server never reads it back: it uses its own sealed copy.
   */
  code_verifier?: string;
}

/** Local-storage key the client keeps X's code verifier under. */
export const TWITTER_CODE_VERIFIER_KEY = 'twitter_code_verifier';

/** Stored invite status values (spec section 3). */
export const INVITE_STATUSES = ['FAILED', 'PENDING', 'ALREADY_LINKED'] as const;
export type InviteStatus = (typeof INVITE_STATUSES)[number];
/** Local-storage key of the invite status (spec section 4). */
export const INVITE_STATUS_KEY = 'invite_status';

/**
 * Why a connection failed, sent as `reason` next to invite_status=FAILED on the callback redirect.
 * The client turns it into words; the URL never carries free text. 'wrong_browser': the callback
 * came back to a browser other than the one that started the connection (or without its cookie).
 */
export const CONNECT_FAILURE_REASONS = [
  'denied',
  'expired_state',
  'wrong_browser',
  'plan_limit',
  'no_accounts',
  'platform_error',
] as const;
export type ConnectFailureReason = (typeof CONNECT_FAILURE_REASONS)[number];

/** Query parameters the OAuth callback redirects to /connected-accounts with. */
export interface ConnectRedirectQuery {
  invite_status: InviteStatus;
  platform: Platform;
  reason?: ConnectFailureReason;
  /** How many ad accounts were connected (success). */
  connected?: string;
  /** Plan limit details for reason=plan_limit. */
  plan?: string;
  limit?: string;
}

export interface GenerateOtpResult {
  sent: true;
  /** Seconds until another OTP may be requested. */
  resend_after_seconds: number;
  /** Seconds the OTP stays valid. */
  expires_in_seconds: number;
}

export interface VerifyOtpRequest {
  otp: string;
}

export interface VerifyOtpResult {
  verified: true;
  /** Seconds the verification allows a disconnect for. */
  expires_in_seconds: number;
}

export interface DeleteConnectedAccountRequest {
  accid: string;
}

export interface DeleteConnectedAccountResult {
  deleted: true;
  /** The connected account's id. */
  id: string;
}

/** Plans and how many ad accounts each may connect (spec section 9); null: no fixed cap (Agency is "20+", by contract). */
export const PLANS = ['starter', 'pro', 'agency'] as const;
export type Plan = (typeof PLANS)[number];
export const PLAN_ACCOUNT_LIMITS: Record<Plan, number | null> = { starter: 1, pro: 5, agency: null };
export const PLAN_TITLES: Record<Plan, string> = { starter: 'Starter', pro: 'Pro', agency: 'Agency' };
