import { RetryAlert } from '@client/components/RetryAlert';
import { useHasActiveTrial, useUserInfo } from '@client/features/account/account.api';
import { paths } from '@client/lib/paths';
import { Box, Button, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';

import { PROGRESS_LOAD_FAILED, ProgressCard, ProgressLoading, YOUR_PROGRESS_TITLE } from './ProgressCard';

// A chunk of its own ("home-signed-in"): it reads user-info, and a visitor's home page loads no API code.

/** The signed-in user's own streak and points from user-info (0 when the server sends none). */
export function HomeSignedInProgress() {
  const { data, isError, isFetching, refetch } = useUserInfo();
  const hasActiveTrial = useHasActiveTrial();
  if (data) {
    const { streak, points } = data.gamification;
    return (
      <ProgressCard title={YOUR_PROGRESS_TITLE} streak={streak} points={points}>
        {hasActiveTrial ? (
          <Box>
            <Button component={RouterLink} to={paths.dashboard} variant="contained">
              Open your dashboard
            </Button>
          </Box>
        ) : (
          <Typography variant="body2" color="text.secondary">
            Start your trial to open the full dashboard with your own campaigns.
          </Typography>
        )}
      </ProgressCard>
    );
  }
  if (isError) {
    return (
      <RetryAlert retrying={isFetching} onRetry={() => void refetch()}>
        {PROGRESS_LOAD_FAILED}
      </RetryAlert>
    );
  }
  return <ProgressLoading />;
}
