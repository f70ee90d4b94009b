/** POST get-in-touch/ (spec section 7): shared by the server's route and the client's endpoint. */

/** The request body: what the form sends, trimmed. `website` is the hidden spam trap and must stay empty. */
export interface ContactRequest {
  fullName: string;
  email: string;
  message: string;
  newsletter: boolean;
  partnership: boolean;
  website?: string;
}

/** The reply on success (201). */
export interface ContactReply {
  detail: string;
}

/** The words of the contact flow (spec sections 5 and 8), word for word. */
export const CONTACT_MESSAGES = {
  fullNameRequired: 'Please enter your full name.',
  emailInvalid: 'Please enter a valid email address.',
  messageRequired: 'Tell us a bit about your request.',
  messageTooLong: 'Please keep your message under 1000 characters.',
  spam: 'Spam detected.',
  summary: 'Please fix the highlighted fields.',
  sent: 'Thanks! Your message was sent.',
  failed: 'Failed to submit. Please try again.',
  rateLimited: (after: string) => `You've sent several messages in a short time. Please try again in ${after}.`,
} as const;

/** Messages one client IP may send per window. */
export const CONTACT_RATE_LIMIT = { max: 5, windowMinutes: 10 } as const;
