/** The newsletter calls (double opt-in): shared by the server's routes and the client's endpoints. */

/** Where a subscription started. */
export const NEWSLETTER_SOURCES = ['footer', 'features', 'contact', 'register'] as const;
export type NewsletterSource = (typeof NEWSLETTER_SOURCES)[number];

/** A subscription's state: pending until the mailed link is opened. */
export const NEWSLETTER_STATUSES = ['pending', 'confirmed', 'unsubscribed'] as const;
export type NewsletterStatus = (typeof NEWSLETTER_STATUSES)[number];

/** POST newsletter/subscribe/: a visitor gives `email`; a signed-in user may leave it out. */
export interface NewsletterSubscribeRequest {
  email?: string;
  source: NewsletterSource;
}

/** POST newsletter/confirm/ and newsletter/unsubscribe/: the token from the mailed link. */
export interface NewsletterTokenRequest {
  token: string;
}

/** Every newsletter reply that only says what happened. */
export interface NewsletterReply {
  detail: string;
}

/** GET newsletter/ (signed in): the user's subscription, `none` when there is none. */
export interface NewsletterStatusReply {
  status: NewsletterStatus | 'none';
  email: string;
}

/** The replies' words, shared so the client's tests and the server agree. */
export const NEWSLETTER_MESSAGES = {
  /** Also the reply for an address that is already pending, so a visitor learns nothing about an address. */
  checkInbox: 'Check your inbox to confirm your subscription.',
  alreadyConfirmed: "You're already subscribed to the newsletter.",
  confirmed: 'Your subscription is confirmed.',
  unsubscribed: 'You have been unsubscribed.',
  invalidToken: 'This link is invalid or has expired. Please subscribe again.',
  missingToken: 'This link is incomplete. Please open the link from the e-mail again.',
  rateLimited: 'Too many subscription requests. Please try again in a few minutes.',
  emailRequired: 'Please enter a valid email address.',
} as const;

/** A confirmation link works this long. */
export const NEWSLETTER_CONFIRM_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** A pending address gets at most one confirmation mail in this window. */
export const NEWSLETTER_RESEND_MS = 10 * 60 * 1000;
/** Subscribe requests one client IP may make per window. */
export const NEWSLETTER_RATE_LIMIT = { max: 10, windowMinutes: 10 } as const;
