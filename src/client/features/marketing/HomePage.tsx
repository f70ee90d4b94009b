import { DAY_MS, TRIAL_DURATION_MS } from '@shared/constants';
import { SimplePage } from '@client/components/SimplePage';

const TRIAL_DAYS = TRIAL_DURATION_MS / DAY_MS;

/** The landing page (/). */
export function HomePage() {
  return (
    <SimplePage
      title="Every ad platform in one dashboard"
      intro={`Connect Meta, Google Ads, LinkedIn, Twitter/X and TikTok, and get suggestions that lift conversions. Start a ${TRIAL_DAYS}-day free trial, no card needed.`}
    />
  );
}
