import { boolean, type InferType, object, string } from 'yup';

import { CONTACT_MESSAGES } from '../api/contact';
import { CONTACT_MESSAGE_MAX } from '../constants';

/** Longest name and address the form accepts (beyond them input is not a name or an address). */
export const CONTACT_NAME_MAX = 120;
export const CONTACT_EMAIL_MAX = 254;

/**
 * The contact form (spec section 5) with its exact messages. The client's form and the server's
 * get-in-touch/ route run this same schema; every text is trimmed before it is checked.
 */
export const contactSchema = object({
  fullName: string()
    .trim()
    .required(CONTACT_MESSAGES.fullNameRequired)
    .max(CONTACT_NAME_MAX, `Please keep your name under ${CONTACT_NAME_MAX} characters.`),
  email: string()
    .trim()
    .required(CONTACT_MESSAGES.emailInvalid)
    .max(CONTACT_EMAIL_MAX, CONTACT_MESSAGES.emailInvalid)
    .email(CONTACT_MESSAGES.emailInvalid),
  message: string()
    .trim()
    .required(CONTACT_MESSAGES.messageRequired)
    .max(CONTACT_MESSAGE_MAX, CONTACT_MESSAGES.messageTooLong),
  newsletter: boolean().default(true),
  partnership: boolean().default(false),
  /** The hidden spam trap: people never see it, so anything in it came from a bot. */
  website: string().trim().max(0, CONTACT_MESSAGES.spam).default(''),
});
export type ContactInput = InferType<typeof contactSchema>;

/** The form's starting values: the newsletter box on (spec section 4), partnership off. */
export const CONTACT_INITIAL_VALUES: ContactInput = {
  fullName: '',
  email: '',
  message: '',
  newsletter: true,
  partnership: false,
  website: '',
};
