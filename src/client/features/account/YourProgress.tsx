import { Paper, Stack, Typography } from '@mui/material';
import LocalFireDepartmentIcon from '@mui/icons-material/LocalFireDepartment';
import StarIcon from '@mui/icons-material/Star';
import { useAppSelector } from '@client/app/hooks';
import { selectIsLoggedIn } from '@client/features/session/session.slice';
import { useUserInfo } from './account.api';

const HEADING_ID = 'your-progress-heading';

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** The signed-in user's streak and points from user-info; nothing for a visitor. */
export function YourProgress() {
  const isLoggedIn = useAppSelector(selectIsLoggedIn);
  const { data } = useUserInfo();
  if (!isLoggedIn || !data) return null;
  const { streak, points } = data.gamification;
  return (
    <Paper component="section" variant="outlined" aria-labelledby={HEADING_ID} sx={{ p: 2, maxWidth: 420 }}>
      <Typography id={HEADING_ID} component="h2" variant="h6" gutterBottom>
        Your progress
      </Typography>
      <Stack direction="row" spacing={3}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <LocalFireDepartmentIcon color="warning" aria-hidden />
          <Typography>
            Streak: <strong>{plural(streak, 'day', 'days')}</strong>
          </Typography>
        </Stack>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <StarIcon color="primary" aria-hidden />
          <Typography>
            Points: <strong>{points}</strong>
          </Typography>
        </Stack>
      </Stack>
    </Paper>
  );
}
