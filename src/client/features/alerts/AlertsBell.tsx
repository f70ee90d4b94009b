import { paths } from '@client/lib/paths';
import NotificationsIcon from '@mui/icons-material/Notifications';
import { Badge, IconButton } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';

import { UNREAD_POLL_MS, useGetUnreadAlertCountQuery } from './alerts.api';

/** Above this the badge reads '99+'. */
export const MAX_BADGE_COUNT = 99;

/** The bell's accessible name: 'Alerts, 3 unread', or just 'Alerts' with none (or before the count arrives). */
export function bellLabel(count: number): string {
  return count > 0 ? `Alerts, ${count} unread` : 'Alerts';
}

/**
 * The top bar's bell: the user's unread alerts in the current workspace as a badge, linking to
 * /alerts. The app keeps it live (app/shell/useAlertStream refreshes the count as alerts arrive); the
 * count is also polled, in case the stream is down. The app renders the bell only for a signed-in
 * user with a workspace.
 */
export function AlertsBell() {
  const { data } = useGetUnreadAlertCountQuery(undefined, { pollingInterval: UNREAD_POLL_MS });
  const count = data?.count ?? 0;
  return (
    <IconButton component={RouterLink} to={paths.alerts} color="inherit" aria-label={bellLabel(count)}>
      {/* No badge at all without unread alerts: a hidden badge keeps its last number in the page, which axe reads as visible text missing from the name. */}
      {count > 0 ? (
        <Badge badgeContent={count} max={MAX_BADGE_COUNT} color="error">
          <NotificationsIcon aria-hidden />
        </Badge>
      ) : (
        <NotificationsIcon aria-hidden />
      )}
    </IconButton>
  );
}
