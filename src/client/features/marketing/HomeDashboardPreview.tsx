import { useId, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Box, Button, Chip, Grid, Link, List, ListItem, ListItemIcon, ListItemText, Paper, Skeleton, Stack, Typography } from '@mui/material';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import LocalFireDepartmentIcon from '@mui/icons-material/LocalFireDepartment';
import StarIcon from '@mui/icons-material/Star';
import { POINTS } from '@shared/constants';
import { useAppSelector } from '@client/app/hooks';
import { paths } from '@client/app/paths';
import { RetryAlert } from '@client/components/RetryAlert';
import { useHasActiveTrial, useUserInfo } from '@client/features/account/account.api';
import { selectIsLoggedIn } from '@client/features/session/session.slice';

/** The heading of the signed-in user's own numbers. */
export const YOUR_PROGRESS_TITLE = 'Your progress';
/** The heading of the sample a visitor sees. */
export const PROGRESS_PREVIEW_TITLE = 'Progress preview';
/** Shown when user-info could not be read. */
export const PROGRESS_LOAD_FAILED = "We couldn't load your streak and points.";

/** What the dashboard holds, in the order it shows it. */
const DASHBOARD_PARTS = [
  'Total Spend, Impressions, CTR and Conversions across your platforms',
  'A weekly chart of spend, CTR and conversions',
  'Campaign Overview: every campaign, with pause and resume',
  'Smart Suggestions on what to change next',
] as const;

/** How points are earned (the actions the server rewards today). */
export const EARN_POINTS_TEXT = `Earn ${POINTS.dailyVisit} points for each day you visit, ${POINTS.startTrial} for starting your trial and ${POINTS.firstConnection} for connecting your first ad account. Visit on consecutive days to grow your streak.`;

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

function Stat({ icon, label, value }: { icon: ReactNode; label: string; value: string }) {
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 0 }}>
      <Box sx={{ display: 'flex' }}>{icon}</Box>
      <Typography>
        <Box component="span" sx={{ display: 'block', typography: 'body2', color: 'text.secondary' }}>
          {label}:{' '}
        </Box>
        <Box component="strong" sx={{ display: 'block', fontSize: '1.75rem', lineHeight: 1.2, fontVariantNumeric: 'tabular-nums' }}>
          {value}
        </Box>
      </Typography>
    </Stack>
  );
}

interface ProgressCardProps {
  title: string;
  streak: number;
  points: number;
  /** A badge next to the title (the visitor's "Sample"). */
  badge?: ReactNode;
  children?: ReactNode;
}

/** Streak and points in a card named by its heading. */
function ProgressCard({ title, streak, points, badge, children }: ProgressCardProps) {
  const headingId = useId();
  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack spacing={2.5}>
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="h3" id={headingId}>
            {title}
          </Typography>
          {badge}
        </Stack>
        <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', columnGap: 5, rowGap: 2 }}>
          <Stat icon={<LocalFireDepartmentIcon sx={{ color: 'warning.main' }} aria-hidden />} label="Streak" value={plural(streak, 'day', 'days')} />
          <Stat icon={<StarIcon color="primary" aria-hidden />} label="Points" value={String(points)} />
        </Stack>
        {children}
      </Stack>
    </Paper>
  );
}

/** The signed-in user's own streak and points from user-info (0 when the server sends none). */
function SignedInProgress() {
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
  return (
    <Box role="status" aria-busy="true" aria-label="Loading your progress">
      <Skeleton variant="rounded" height={168} />
    </Box>
  );
}

/** What a visitor sees: a sample at zero, clearly marked, with the way in. */
function VisitorPreview() {
  return (
    <ProgressCard title={PROGRESS_PREVIEW_TITLE} streak={0} points={0} badge={<Chip label="Sample" size="small" variant="outlined" />}>
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
      <Grid size={{ xs: 12, md: 6 }}>{isLoggedIn ? <SignedInProgress /> : <VisitorPreview />}</Grid>
    </Grid>
  );
}
