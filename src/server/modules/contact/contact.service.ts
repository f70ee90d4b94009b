import { CONTACT_MESSAGES, type ContactReply } from '@shared/api/contact';
import { REPLY_HOURS_MAX, REPLY_HOURS_MIN, SUPPORT_EMAIL } from '@shared/constants';
import type { ContactInput } from '@shared/validation/contact';

import type { AppContext } from '../../context';
import type { NewsletterService } from '../newsletter/newsletter.service';
import { insertContactMessage } from './contact.queries';

/** Subject lines are one line: a name cannot add headers or lines to the team's mail. */
const oneLine = (text: string) => text.replace(/[\r\n\t]+/g, ' ').trim();

/** The team's mail about one message. */
export function teamMail(input: ContactInput, id: string) {
  const yesNo = (flag: boolean) => (flag ? 'Yes' : 'No');
  return {
    subject: `Contact form: ${oneLine(input.fullName)}${input.partnership ? ' (partnership)' : ''}`,
    text:
      `A message came in through the contact form.\n\n` +
      `Name: ${oneLine(input.fullName)}\n` +
      `E-mail: ${input.email}\n` +
      `Interested in a partnership: ${yesNo(input.partnership)}\n` +
      `Asked for the newsletter: ${yesNo(input.newsletter)}\n` +
      `Reference: ${id}\n\n` +
      `Message:\n${input.message}\n\n` +
      `Reply to ${input.email} directly; the sender was promised an answer within ${REPLY_HOURS_MIN}-${REPLY_HOURS_MAX} hours.\n`,
  };
}

/**
 * get-in-touch/: stores the message, mails the team and, when the box was on, starts a newsletter
 * subscription — all in one transaction, so a failure leaves nothing behind.
 */
export function createContactService(
  { db, mailer, config, clock, log }: Pick<AppContext, 'db' | 'mailer' | 'config' | 'clock' | 'log'>,
  newsletter: NewsletterService,
) {
  const inbox = config.contactInbox ?? SUPPORT_EMAIL;
  return {
    async send(input: ContactInput): Promise<ContactReply> {
      const id = await db.transaction(async (tx) => {
        const messageId = await insertContactMessage(tx, {
          fullName: input.fullName,
          email: input.email,
          message: input.message,
          newsletter: input.newsletter,
          partnership: input.partnership,
          createdAt: clock.now(),
        });
        await mailer.send({ to: inbox, ...teamMail(input, messageId) }, tx);
        if (input.newsletter) await newsletter.subscribe({ email: input.email, source: 'contact' }, tx);
        return messageId;
      });
      log.info(
        { contactMessageId: id, newsletter: input.newsletter, partnership: input.partnership },
        'contact message received',
      );
      return { detail: CONTACT_MESSAGES.sent };
    },
  };
}
export type ContactService = ReturnType<typeof createContactService>;
