import { SimplePage } from '@client/components/SimplePage';

/** The dashboard (/dashboard); only reached with a session. */
export function DashboardPage() {
  return <SimplePage title="Unified Ad Intelligence" intro="Performance from Google, Meta, LinkedIn and X/Twitter in one view." />;
}
