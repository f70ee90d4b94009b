import { useAppSelector } from '@client/app/hooks';
import { lazyPage } from '@client/app/lazyPage';
import { paths } from '@client/lib/paths';
import { selectIsLoggedIn } from '@client/session/session.slice';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { Chip, Grid, Link, List, ListItem, ListItemIcon, ListItemText, Stack, Typography } from '@mui/material';
import { POINTS } from '@shared/constants';
import { Suspense } from 'react';
import { Link as RouterLink } from 'react-router-dom';

import { ProgressCard, ProgressLoading } from './ProgressCard';

export { PROGRESS_LOAD_FAILED, YOUR_PROGRESS_TITLE } from './ProgressCard';

// The signed-in user's numbers come from user-info: that part (with the API) loads only for them.
const HomeSignedInProgress = lazyPage(
  () => import(/* webpackChunkName: "home-signed-in" */ './HomeSignedInProgress'),
  'HomeSignedInProgress',
);

/** The heading of the sample a visitor sees. */
export const PROGRESS_PREVIEW_TITLE = 'Progress preview';

/** What the dashboard holds, in the order it shows it. */
const DASHBOARD_PARTS = [
  'Total Spend, Impressions, CTR and Conversions across your platforms',
  'A weekly chart of spend, CTR and conversions',
  'Campaign Overview: every campaign, with pause and resume',
  'Smart Suggestions on what to change next',
] as const;

/** How points are earned (the actions the server rewards today). */
export const EARN_POINTS_TEXT = `Earn ${POINTS.dailyVisit} points for each day you visit, ${POINTS.startTrial} for starting your trial and ${POINTS.firstConnection} for connecting your first ad account. Visit on consecutive days to grow your streak.`;

/** What a visitor sees: a sample at zero, clearly marked, with the way in. */
function VisitorPreview() {
  return (
    <ProgressCard
      title={PROGRESS_PREVIEW_TITLE}
      streak={0}
      points={0}
      badge={<Chip label="Sample" size="small" variant="outlined" />}
    >
      <Typography variant="body2" color="text.secondary">
        Everyone starts at zero.{' '}
        <Link component={RouterLink} to={paths.login}>
          Log in
        </Link>{' '}
        to see your own streak and points.
      </Typography>
    </ProgressCard>
  );
}

/**
 * The home page's dashboard preview (spec section 2): what the dashboard holds, and the streak
 * and points of the signed-in user, or a marked sample for a visitor.
 */
export function HomeDashboardPreview() {
  const isLoggedIn = useAppSelector(selectIsLoggedIn);
  return (
    <Grid container spacing={{ xs: 3, md: 6 }} sx={{ alignItems: 'center' }}>
      <Grid size={{ xs: 12, md: 6 }}>
        <Stack spacing={2}>
          <Typography>One screen for every account you run, updated every hour:</Typography>
          <List disablePadding>
            {DASHBOARD_PARTS.map((part) => (
              <ListItem key={part} disableGutters>
                <ListItemIcon sx={{ minWidth: 36 }}>
                  <CheckCircleIcon color="success" fontSize="small" aria-hidden />
                </ListItemIcon>
                <ListItemText primary={part} />
              </ListItem>
            ))}
          </List>
          <Typography variant="body2" color="text.secondary">
            {EARN_POINTS_TEXT}
          </Typography>
        </Stack>
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        {isLoggedIn ? (
          // Until its chunk arrives, the loading state it starts with anyway.
          <Suspense fallback={<ProgressLoading />}>
            <HomeSignedInProgress />
          </Suspense>
        ) : (
          <VisitorPreview />
        )}
      </Grid>
    </Grid>
  );
}
