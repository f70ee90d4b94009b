import { SimplePage } from '@client/components/SimplePage';

/** Where the newsletter mails' links land: confirm a subscription or unsubscribe (?token=...). */
export function NewsletterPage({ action }: { action: 'confirm' | 'unsubscribe' }) {
  return <SimplePage title={action === 'confirm' ? 'Confirm your subscription' : 'Unsubscribe'} />;
}
