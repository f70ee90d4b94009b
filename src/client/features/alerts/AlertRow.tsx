import { LoadingButton } from '@client/components/LoadingButton';
import { visuallyHidden } from '@client/components/visuallyHidden';
import { formatDayWithYear } from '@client/lib/format';
import { Box, Chip, Paper, Skeleton, Stack, Typography } from '@mui/material';
import type { Alert } from '@shared/api/alerts';
import { PLATFORM_LABELS } from '@shared/constants';
import { useId } from 'react';

import { ALERT_KIND_LABELS, ALERT_SEVERITY_COLORS, ALERT_SEVERITY_LABELS, describeObservation } from './alertFormat';

/** The words of a row's button. */
export const MARK_READ_LABEL = 'Mark as read';
/** Read out before an unread row's details: bold type alone says nothing to a screen reader. */
export const UNREAD_LABEL = 'Unread';

/** Props of AlertRow. */
export interface AlertRowProps {
  alert: Alert;
  onMarkRead: () => void;
  /** While this alert's mark-as-read is being sent. */
  marking: boolean;
}

/**
 * One alert as a list item: severity, kind, where and which day, the headline (bold while unread)
 * and, for an anomaly, what was seen against what was expected. An unread one has Mark as read,
 * described by the headline so a screen reader knows which alert it acts on.
 */
export function AlertRow({ alert, onMarkRead, marking }: AlertRowProps) {
  const headlineId = useId();
  const unread = !alert.read;
  const observation = describeObservation(alert);
  return (
    <Paper
      component="li"
      variant="outlined"
      aria-labelledby={headlineId}
      // Focusable from script only: focus lands here after Load more or Mark as read.
      tabIndex={-1}
      sx={{
        p: 2,
        borderLeftWidth: 4,
        borderLeftColor: unread ? 'primary.main' : 'divider',
        bgcolor: unread ? 'action.hover' : undefined,
      }}
    >
      <Stack spacing={1}>
        <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
          {unread && (
            <Box component="span" sx={visuallyHidden}>
              {UNREAD_LABEL}
            </Box>
          )}
          <Chip
            size="small"
            color={ALERT_SEVERITY_COLORS[alert.severity]}
            label={ALERT_SEVERITY_LABELS[alert.severity]}
          />
          <Typography variant="body2" color="text.secondary">
            {ALERT_KIND_LABELS[alert.kind]}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {alert.account ? `${alert.account.name} · ${PLATFORM_LABELS[alert.account.platform]}` : alert.entity_name}
          </Typography>
          <Typography variant="body2" color="text.secondary" component="time" dateTime={alert.day} sx={{ ml: 'auto' }}>
            {formatDayWithYear(alert.day)}
          </Typography>
        </Stack>
        <Typography
          id={headlineId}
          component="h2"
          variant="subtitle1"
          sx={{ fontWeight: unread ? 700 : 400, overflowWrap: 'anywhere' }}
        >
          {alert.headline}
        </Typography>
        {alert.level === 'campaign' && (
          <Typography variant="body2" color="text.secondary">
            Campaign: {alert.entity_name}
          </Typography>
        )}
        {observation && <Typography variant="body2">{observation}</Typography>}
        {unread && (
          <Box>
            <LoadingButton
              size="small"
              variant="outlined"
              loading={marking}
              onClick={onMarkRead}
              aria-describedby={headlineId}
            >
              {MARK_READ_LABEL}
            </LoadingButton>
          </Box>
        )}
      </Stack>
    </Paper>
  );
}

/** A row's placeholder while alerts load. */
export function AlertRowSkeleton() {
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Skeleton variant="text" width="40%" />
      <Skeleton variant="text" width="75%" sx={{ fontSize: '1.1rem' }} />
      <Skeleton variant="text" width="55%" />
    </Paper>
  );
}
