import { SimplePage } from '@client/components/SimplePage';

/** The blog (/blog). */
export function BlogPage() {
  return <SimplePage title="Blog" intro="Notes on ad performance, creative testing and persuasion psychology." />;
}
