import { SimplePage } from '@client/components/SimplePage';

/** The account page (/account-page). */
export function AccountPage() {
  return <SimplePage title="Account" intro="Your profile and trial." />;
}
