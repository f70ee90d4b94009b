import { SimplePage } from '@client/components/SimplePage';

/** The terms of service (/terms-and-service). */
export function TermsPage() {
  return <SimplePage title="Terms of Service" intro="The terms that govern your use of Adwise." />;
}
