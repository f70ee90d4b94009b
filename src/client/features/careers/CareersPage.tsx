import { SimplePage } from '@client/components/SimplePage';

/** The public careers page (/careers). */
export function CareersPage() {
  return <SimplePage title="Careers" intro="Help advertisers run high-converting ads without being data scientists." />;
}
