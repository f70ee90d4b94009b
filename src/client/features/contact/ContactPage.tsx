import { REPLY_HOURS_MAX, REPLY_HOURS_MIN } from '@shared/constants';
import { SimplePage } from '@client/components/SimplePage';

/** The contact page (/contact). */
export function ContactPage() {
  return <SimplePage title="Contact Us" intro={`Tell us what you need; we reply within ${REPLY_HOURS_MIN}-${REPLY_HOURS_MAX} hours.`} />;
}
