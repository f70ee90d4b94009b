import { SimplePage } from '@client/components/SimplePage';

/** The pricing page (/pricing). */
export function PricingPage() {
  return <SimplePage title="Pricing" intro="Simple plans for founders, marketers and agencies." />;
}
