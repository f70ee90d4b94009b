import { LoadingButton } from '@client/components/LoadingButton';
import { Stack, Typography } from '@mui/material';
import type { Alert } from '@shared/api/alerts';
import { useEffect, useRef, useState } from 'react';

import { AlertRow } from './AlertRow';
import { useMarkAlertsReadMutation } from './alerts.api';

/** The words of the paging button. */
export const LOAD_MORE_LABEL = 'Load more';

/** Props of AlertList. */
export interface AlertListProps {
  alerts: readonly Alert[];
  /** Alerts matching the filters, loaded or not. */
  total: number;
  /** Set while more alerts match than are loaded. */
  onLoadMore?: () => void;
  loadingMore: boolean;
}

/**
 * The loaded alerts, each with Mark as read while unread, and Load more while some are not
 * loaded yet. Focus follows the keyboard user: to the first new row after Load more, and to
 * the row itself once its Mark as read button is gone.
 */
export function AlertList({ alerts, total, onLoadMore, loadingMore }: AlertListProps) {
  const [markAlertsRead] = useMarkAlertsReadMutation();
  const [marking, setMarking] = useState<ReadonlySet<string>>(new Set());
  const listRef = useRef<HTMLUListElement>(null);
  // The row to focus once it is rendered: the first one Load more brings.
  const focusIndex = useRef<number | null>(null);

  useEffect(() => {
    const index = focusIndex.current;
    if (index === null || index >= alerts.length) return;
    focusIndex.current = null;
    (listRef.current?.children[index] as HTMLElement | undefined)?.focus();
  }, [alerts]);

  const markRead = async (id: string, row: HTMLElement | null) => {
    setMarking((current) => new Set(current).add(id));
    try {
      await markAlertsRead({ ids: [id] }).unwrap();
      row?.focus();
    } catch {
      // Said by the API error channel.
    } finally {
      setMarking((current) => {
        const next = new Set(current);
        next.delete(id);
        return next;
      });
    }
  };

  const loadMore = () => {
    focusIndex.current = alerts.length;
    onLoadMore?.();
  };

  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Stack
        component="ul"
        ref={listRef}
        spacing={1.5}
        aria-label="Alerts"
        sx={{ listStyle: 'none', m: 0, p: 0, width: '100%' }}
      >
        {alerts.map((alert, index) => (
          <AlertRow
            key={alert.id}
            alert={alert}
            marking={marking.has(alert.id)}
            onMarkRead={() =>
              void markRead(alert.id, (listRef.current?.children[index] as HTMLElement | undefined) ?? null)
            }
          />
        ))}
      </Stack>
      <Typography variant="body2" color="text.secondary">
        Showing {alerts.length} of {total}
      </Typography>
      {onLoadMore && (
        <LoadingButton variant="outlined" loading={loadingMore} onClick={loadMore}>
          {LOAD_MORE_LABEL}
        </LoadingButton>
      )}
    </Stack>
  );
}
