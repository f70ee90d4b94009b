import { SimplePage } from '@client/components/SimplePage';

/** The integrations page (/integrations). */
export function IntegrationsPage() {
  return <SimplePage title="Integrations" intro="Meta, Google Ads, LinkedIn, Twitter and TikTok in one place." />;
}
