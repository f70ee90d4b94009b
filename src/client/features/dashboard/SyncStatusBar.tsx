import { LoadingButton } from '@client/components/LoadingButton';
import { formatExactTime, formatRelativeTime } from '@client/lib/format';
import { useCan } from '@client/session/useCan';
import RefreshIcon from '@mui/icons-material/Refresh';
import { Box, LinearProgress, Stack, Tooltip, Typography } from '@mui/material';
import type { SyncStatus } from '@shared/api/dashboard';

import { useNow } from '../../lib/useNow';
import { SyncCadenceSelect } from './SyncCadenceSelect';

const PERCENT = 100;

/** Share of the running sync done, 0–100; null when the platforms have not said how much there is. */
export function syncProgress(status: SyncStatus): number | null {
  const { done, total } = status.connections.reduce(
    (sum, connection) => ({ done: sum.done + connection.progress.done, total: sum.total + connection.progress.total }),
    { done: 0, total: 0 },
  );
  return total > 0 ? Math.min(PERCENT, Math.round((done / total) * PERCENT)) : null;
}

/** Props of SyncStatusBar. */
export interface SyncStatusBarProps {
  /** The sync state the page knows (from the view, or from the refresh in progress). */
  status: SyncStatus | undefined;
  refreshing: boolean;
  onRefresh: () => void;
}

/**
 * 'Last synced …' (exact time on hover and focus), 'Syncing…' with progress, the Refresh button,
 * disabled while refreshing, and how often the accounts sync on their own.
 */
export function SyncStatusBar({ status, refreshing, onRefresh }: SyncStatusBarProps) {
  const now = useNow();
  const canSync = useCan('sync:run');
  const progress = status?.running ? syncProgress(status) : null;

  let text;
  if (!status) text = null;
  else if (status.running) {
    text = (
      <Stack spacing={0.5} sx={{ minWidth: 160 }}>
        <Typography variant="body2" color="text.secondary">
          Syncing…{progress !== null && ` ${progress}%`}
        </Typography>
        <LinearProgress
          variant={progress === null ? 'indeterminate' : 'determinate'}
          value={progress ?? undefined}
          aria-label="Sync progress"
        />
      </Stack>
    );
  } else if (status.last_synced_at) {
    const exact = formatExactTime(status.last_synced_at);
    text = (
      <Tooltip title={exact}>
        <Typography variant="body2" color="text.secondary" component="span" tabIndex={0}>
          Last synced{' '}
          <time dateTime={status.last_synced_at} title={exact}>
            {formatRelativeTime(status.last_synced_at, now)}
          </time>
        </Typography>
      </Tooltip>
    );
  } else {
    text = (
      <Typography variant="body2" color="text.secondary">
        Not synced yet
      </Typography>
    );
  }

  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }} role="group" aria-label="Sync">
      <Box aria-live="polite">{text}</Box>
      {canSync && (
        <LoadingButton variant="contained" startIcon={<RefreshIcon />} loading={refreshing} onClick={onRefresh}>
          Refresh
        </LoadingButton>
      )}
      {status && <SyncCadenceSelect minutes={status.interval_minutes} />}
    </Stack>
  );
}
