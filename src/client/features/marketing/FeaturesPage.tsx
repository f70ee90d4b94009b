import { SimplePage } from '@client/components/SimplePage';

/** The features page (/features). */
export function FeaturesPage() {
  return <SimplePage title="Features" intro="Suggestions, real-time alerts, budget tools and a Creative Analyzer for every ad account you run." />;
}
