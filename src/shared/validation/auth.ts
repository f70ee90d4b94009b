import { boolean, type InferType, object, string } from 'yup';

import { AUTH_MESSAGES } from '../api/auth';
import { PASSWORD_MIN_LENGTH } from '../constants';

/**
 * The yup schemas of the account screens (spec section 5), with their exact messages.
 * The client's forms and the server's routes run the same schema, so both give the same words.
 */

/** Longest password we accept: long passphrases are welcome (ASVS 6.2.9), unbounded input is not. */
export const PASSWORD_MAX_LENGTH = 128;
const NAME_MAX_LENGTH = 120;
export const EMAIL_MAX_LENGTH = 254;

/** Shared e-mail rule: trimmed, lower-cased, a simple address. */
const email = (invalid: string, required: string) =>
  string().trim().lowercase().max(EMAIL_MAX_LENGTH, invalid).email(invalid).required(required);

/** POST login/: the e-mail goes as `username`, lower-cased. */
export const loginSchema = object({
  username: email('Please enter a valid email.', 'Email is required.'),
  password: string().max(PASSWORD_MAX_LENGTH, 'Password is required.').required('Password is required.'),
  remember: boolean().default(true),
});
export type LoginInput = InferType<typeof loginSchema>;

/** The shared password rule of register and reset. */
const newPassword = string()
  .required('Password is required.')
  .min(PASSWORD_MIN_LENGTH, 'Use at least 8 characters.')
  .max(PASSWORD_MAX_LENGTH, `Use at most ${PASSWORD_MAX_LENGTH} characters.`);
// A test rather than oneOf(ref): yup checks oneOf before `required`, which would say
// 'Passwords do not match.' for an empty box.
const confirmation = string()
  .required('Please retype your password.')
  .test('matches-password', 'Passwords do not match.', (value, context) => !value || value === context.parent.password);

/** POST register/. */
export const registerSchema = object({
  fullName: string()
    .trim()
    .max(NAME_MAX_LENGTH, `Please keep your name under ${NAME_MAX_LENGTH} characters.`)
    .required('Full name is required.'),
  email: email('Please enter a valid email address.', 'Please enter a valid email address.'),
  password: newPassword,
  confirmPassword: confirmation,
  /** The form's box starts on (spec section 4); a caller that says nothing has not asked for mail. */
  newsletter: boolean().default(false),
  /** The browser's IANA time zone, for streaks counted in the user's days. */
  timeZone: string().max(64).optional(),
});
export type RegisterInput = InferType<typeof registerSchema>;

/** POST forgot-password/. */
export const forgotPasswordSchema = object({
  email: email('Please enter a valid email address.', 'Email is required.'),
});
export type ForgotPasswordInput = InferType<typeof forgotPasswordSchema>;

/** POST reset-password/: the token from the mailed link and the new password. */
export const resetPasswordSchema = object({
  token: string().trim().required('This reset link is invalid or has expired.'),
  password: newPassword,
  confirmPassword: confirmation,
});
export type ResetPasswordInput = InferType<typeof resetPasswordSchema>;

/** POST token/refresh/ and POST logout/. */
export const refreshSchema = object({
  refresh: string().trim().max(200, AUTH_MESSAGES.sessionExpired).required(AUTH_MESSAGES.sessionExpired),
});

/** The Delete Account screen (client only: the username is not compared to the real one, spec section 5). */
export const deleteAccountFormSchema = object({
  username: string().trim().required('Please enter your username to proceed.'),
});
