import LocalFireDepartmentIcon from '@mui/icons-material/LocalFireDepartment';
import StarIcon from '@mui/icons-material/Star';
import { Box, Paper, Skeleton, Stack, Typography } from '@mui/material';
import { type ReactNode, useId } from 'react';

// The home page's streak-and-points card, shared by the visitor's sample (HomeDashboardPreview)
// and the signed-in user's own numbers (HomeSignedInProgress, a chunk of its own).

/** The heading of the signed-in user's own numbers. */
export const YOUR_PROGRESS_TITLE = 'Your progress';
/** Shown when user-info could not be read. */
export const PROGRESS_LOAD_FAILED = "We couldn't load your streak and points.";

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
        <Box
          component="strong"
          sx={{ display: 'block', fontSize: '1.75rem', lineHeight: 1.2, fontVariantNumeric: 'tabular-nums' }}
        >
          {value}
        </Box>
      </Typography>
    </Stack>
  );
}

/** Props of ProgressCard. */
export interface ProgressCardProps {
  title: string;
  streak: number;
  points: number;
  /** A badge next to the title (the visitor's "Sample"). */
  badge?: ReactNode;
  children?: ReactNode;
}

/** Streak and points in a card named by its heading. */
export function ProgressCard({ title, streak, points, badge, children }: ProgressCardProps) {
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
          <Stat
            icon={<LocalFireDepartmentIcon sx={{ color: 'warning.main' }} aria-hidden />}
            label="Streak"
            value={plural(streak, 'day', 'days')}
          />
          <Stat icon={<StarIcon color="primary" aria-hidden />} label="Points" value={String(points)} />
        </Stack>
        {children}
      </Stack>
    </Paper>
  );
}

/** What stands in for the signed-in user's card while their numbers load. */
export function ProgressLoading() {
  return (
    <Box role="status" aria-busy="true" aria-label="Loading your progress">
      <Skeleton variant="rounded" height={168} />
    </Box>
  );
}
