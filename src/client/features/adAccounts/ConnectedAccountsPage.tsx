import { SimplePage } from '@client/components/SimplePage';

/** The connected ad accounts page (/connected-accounts). */
export function ConnectedAccountsPage() {
  return <SimplePage title="Connected Ad Accounts" intro="Connect and manage the ad accounts Adwise reads." />;
}
