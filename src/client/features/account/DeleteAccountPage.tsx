import { SimplePage } from '@client/components/SimplePage';

/** The delete-account page (/delete-account). */
export function DeleteAccountPage() {
  return <SimplePage title="Delete Account" intro="Deleting your account removes your data and connected ad accounts." />;
}
