import { Stack } from '@mui/material';
import { DAY_MS, TRIAL_DURATION_MS } from '@shared/constants';
import { SimplePage } from '@client/components/SimplePage';
import { YourProgress } from '@client/features/account/YourProgress';
import { TrialCallToAction } from '@client/features/trial/TrialCallToAction';

const TRIAL_DAYS = TRIAL_DURATION_MS / DAY_MS;

/** The landing page (/): the hero with the trial button or countdown, and the signed-in user's progress. */
export function HomePage() {
  return (
    <SimplePage
      title="Every ad platform in one dashboard"
      intro={`Connect Meta, Google Ads, LinkedIn, Twitter/X and TikTok, and get suggestions that lift conversions. Start a ${TRIAL_DAYS}-day free trial, no card needed.`}
    >
      <Stack spacing={3} sx={{ alignItems: 'flex-start' }}>
        <TrialCallToAction />
        <YourProgress />
      </Stack>
    </SimplePage>
  );
}
