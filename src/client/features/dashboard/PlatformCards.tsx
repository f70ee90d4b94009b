import { formatMoney } from '@client/lib/format';
import { Box, Chip, type ChipProps, Paper, Skeleton, Stack, Typography } from '@mui/material';
import type { ConnectionSync } from '@shared/api/dashboard';
import { type Platform, PLATFORM_LABELS } from '@shared/constants';
import type { IsoDay } from '@shared/days';
import { useId } from 'react';

import { useGetPlatformPerformanceQuery } from './dashboard.api';

/** A platform's sync state in a word, worst connection first. */
export function platformSyncChip(connections: readonly ConnectionSync[]): { label: string; color: ChipProps['color'] } {
  const has = (status: ConnectionSync['status']) => connections.some((connection) => connection.status === status);
  if (has('needs_reconnect')) return { label: 'Needs reconnect', color: 'warning' };
  if (has('failed')) return { label: 'Sync failed', color: 'error' };
  if (has('retrying')) return { label: 'Retrying', color: 'warning' };
  if (has('running') || has('queued')) return { label: 'Syncing', color: 'info' };
  if (connections.length > 0 && connections.every((connection) => connection.last_synced_at === null))
    return { label: 'Not synced yet', color: 'default' };
  return { label: 'Synced', color: 'success' };
}

interface PlatformCardProps {
  platform: Platform;
  from: IsoDay;
  to: IsoDay;
}

/** One platform's spend and sync state, from its own performance call. */
function PlatformCard({ platform, from, to }: PlatformCardProps) {
  const titleId = useId();
  // Its failure is toasted by the API error channel (`❌ <platform> API failed`, server detail first).
  const { data, isError, isFetching } = useGetPlatformPerformanceQuery({ platform, from, to });
  const chip = data ? platformSyncChip(data.sync) : isError ? { label: 'Unavailable', color: 'error' as const } : null;

  return (
    <Paper
      variant="outlined"
      component="li"
      aria-labelledby={titleId}
      aria-busy={isFetching}
      sx={{ p: 1.5, listStyle: 'none', minWidth: 170 }}
    >
      <Stack spacing={0.5}>
        <Typography id={titleId} variant="body2" sx={{ fontWeight: 600 }}>
          {PLATFORM_LABELS[platform]}
        </Typography>
        {data ? (
          <Typography sx={{ fontWeight: 700 }}>
            {formatMoney(data.summary.spend, data.currency)}
            <Box component="span" sx={{ color: 'text.secondary', fontWeight: 400, fontSize: '0.875rem' }}>
              {' '}
              spent
            </Box>
          </Typography>
        ) : isError ? (
          <Typography variant="body2" color="text.secondary">
            No figures right now
          </Typography>
        ) : (
          <Skeleton variant="text" width="70%" aria-label={`Loading ${PLATFORM_LABELS[platform]}`} />
        )}
        {chip && (
          <Chip
            size="small"
            variant="outlined"
            label={chip.label}
            color={chip.color}
            sx={{ alignSelf: 'flex-start' }}
          />
        )}
      </Stack>
    </Paper>
  );
}

/** Props of PlatformCards. */
export interface PlatformCardsProps {
  platforms: readonly Platform[];
  from: IsoDay;
  to: IsoDay;
}

/** A small card per platform shown, each from that platform's performance call (all asked in parallel). */
export function PlatformCards({ platforms, from, to }: PlatformCardsProps) {
  if (platforms.length === 0) return null;
  return (
    <Box component="ul" aria-label="Platforms" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, m: 0, p: 0 }}>
      {platforms.map((platform) => (
        <PlatformCard key={platform} platform={platform} from={from} to={to} />
      ))}
    </Box>
  );
}
