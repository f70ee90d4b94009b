/** Request and response shapes of the account endpoints (spec section 7). */

/** POST login/ reply: the session the client stores under `userInfo`. */
export interface SessionPayload {
  /**
   * Short-lived access token (JWT, 15 minutes). It stops working earlier when the user logs out
   * anywhere, a refresh token is reused or the password is reset: the client then refreshes once.
   */
  access: string;
  /** Opaque refresh token, rotated on every use. */
  refresh: string;
  fullName: string;
  /** The account's e-mail address. */
  username: string;
}

/**
 * POST token/refresh/ reply. The same refresh token sent again within REFRESH_REUSE_GRACE_MS (another
 * tab refreshing at the same moment) gets the same new refresh token, while that one is unused.
 */
export interface TokenPair {
  access: string;
  refresh: string;
}

/** POST register/ reply. */
export interface RegisteredUser {
  id: string;
  fullName: string;
  email: string;
}

/** GET account-info/ reply: the account's meta information. */
export interface AccountInfo {
  fullName: string;
  email: string;
  /** ISO timestamp of registration. */
  memberSince: string;
  timeZone: string;
  newsletter: boolean;
}

/** POST start-trial/ reply. */
export interface StartTrialResult {
  is_trial: true;
  trial_ends_at: string;
}

/** Generic acknowledgement with a message safe to show. */
export interface DetailReply {
  detail: string;
}

/** Header the client sends with its IANA time zone so streaks follow the user's days. */
export const TIME_ZONE_HEADER = 'x-time-zone';

/** Messages the server sends and the client shows, named once. */
export const AUTH_MESSAGES = {
  invalidCredentials: 'Invalid email or password.',
  emailTaken: 'An account with this email already exists. Please log in instead.',
  sessionExpired: 'Please login again, token has expired',
  notSignedIn: 'Please log in to continue.',
  trialAlreadyUsed: 'Your trial has already been used; it can only be started once.',
  resetSent: 'If an account exists for that email, we have sent a link to reset the password. It works for 30 minutes.',
  resetInvalid: 'This reset link is invalid or has expired.',
  passwordChanged: 'Your password has been changed. Please log in.',
} as const;

/** The cooldown reply of login/ (spec: failed logins trigger a cooldown). */
export const cooldownMessage = (seconds: number) =>
  `Too many failed logins. Please try again in ${seconds} second${seconds === 1 ? '' : 's'}.`;
