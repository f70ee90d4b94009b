import { type InferType, mixed, object, string } from 'yup';

import { NEWSLETTER_MESSAGES, NEWSLETTER_SOURCES, type NewsletterSource } from '../api/newsletter';

const EMAIL_MAX_LENGTH = 254;

/**
 * POST newsletter/subscribe/. The address is optional here because a signed-in user may
 * leave it out; the server then requires it for a visitor. Trimmed and lower-cased.
 */
export const newsletterSubscribeSchema = object({
  email: string()
    .trim()
    .lowercase()
    .max(EMAIL_MAX_LENGTH, NEWSLETTER_MESSAGES.emailRequired)
    .email(NEWSLETTER_MESSAGES.emailRequired)
    .optional(),
  source: mixed<NewsletterSource>()
    .oneOf([...NEWSLETTER_SOURCES], 'Unknown sign-up source.')
    .required('Unknown sign-up source.'),
});
export type NewsletterSubscribeInput = InferType<typeof newsletterSubscribeSchema>;

/** The visitor's form: the address is required. */
export const newsletterEmailSchema = object({
  email: string()
    .trim()
    .lowercase()
    .max(EMAIL_MAX_LENGTH, NEWSLETTER_MESSAGES.emailRequired)
    .email(NEWSLETTER_MESSAGES.emailRequired)
    .required(NEWSLETTER_MESSAGES.emailRequired),
});

/** POST newsletter/confirm/ and newsletter/unsubscribe/. */
export const newsletterTokenSchema = object({
  token: string().trim().max(200, NEWSLETTER_MESSAGES.invalidToken).required(NEWSLETTER_MESSAGES.missingToken),
});
