import { SimplePage } from '@client/components/SimplePage';

/** The public About page (/about-us). */
export function AboutPage() {
  return <SimplePage title="About Us" intro="Why we built Adwise, and the people behind it." />;
}
