import { errorMessage } from '@client/api/errors';
import { LoadingButton } from '@client/components/LoadingButton';
import { RetryAlert } from '@client/components/RetryAlert';
import { SimplePage } from '@client/components/SimplePage';
import { Alert as Notice, Box, Stack, Typography } from '@mui/material';
import type { Alert } from '@shared/api/alerts';
import { useMemo } from 'react';

import { AlertEmailSettings } from './AlertEmailSettings';
import { type AlertAccountOption, AlertFilterBar } from './AlertFilterBar';
import { isAlertFiltered, NO_ALERT_FILTERS, toAlertQuery, useAlertFilters } from './alertFilters';
import { AlertList } from './AlertList';
import { AlertRowSkeleton } from './AlertRow';
import { alertsOfPages, useListAlertsInfiniteQuery, useMarkAlertsReadMutation } from './alerts.api';
import { AlertsEmpty } from './AlertsEmpty';
import { AlertSensitivitySettings } from './AlertSensitivitySettings';
import { AlertWebhookSettings } from './AlertWebhookSettings';

const TITLE = 'Alerts';
/** The line under the title. */
export const ALERTS_INTRO = 'What moved outside its normal range in your ad accounts, newest first.';
/** Said when the list cannot be loaded and the server gave no reason. */
export const ALERTS_FAILED = 'Unable to load alerts right now.';
/** Said when Load more fails and the server gave no reason. */
export const MORE_ALERTS_FAILED = 'Unable to load more alerts right now.';
/** Said to a role that does not read alerts (a client). */
export const ALERTS_NOT_FOR_ROLE = 'Alerts are for the team running the ads: your role does not include them.';
/** The words of the button that marks every alert read. */
export const MARK_ALL_READ_LABEL = 'Mark all as read';
const SKELETONS = 3;

/** The unread count as read: 'No unread alerts', '1 unread alert', '3 unread alerts'. */
export function unreadText(count: number): string {
  if (count === 0) return 'No unread alerts';
  return count === 1 ? '1 unread alert' : `${count} unread alerts`;
}

/** Every account the alerts are about, once each, by name. */
function accountsOf(alerts: readonly Alert[]): AlertAccountOption[] {
  const byId = new Map<string, AlertAccountOption>();
  for (const { account } of alerts)
    if (account && !byId.has(account.id))
      byId.set(account.id, { id: account.id, name: account.name, platform: account.platform });
  return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** The unread count and Mark all as read, which marks every alert of the workspace, whatever the filters show. */
function MarkAllRead({ unread }: { unread: number | undefined }) {
  const [markAlertsRead, { isLoading }] = useMarkAlertsReadMutation();
  return (
    <Stack direction="row" useFlexGap spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      {unread !== undefined && (
        <Typography aria-live="polite" sx={{ fontWeight: 600 }}>
          {unreadText(unread)}
        </Typography>
      )}
      <LoadingButton
        variant="outlined"
        size="small"
        loading={isLoading}
        disabled={!unread}
        // A failure is said by the API error channel.
        onClick={() =>
          void markAlertsRead({ all: true })
            .unwrap()
            .catch(() => undefined)
        }
      >
        {MARK_ALL_READ_LABEL}
      </LoadingButton>
    </Stack>
  );
}

function Alerts({ managesAlerts }: { managesAlerts: boolean }) {
  const { filters, setFilters } = useAlertFilters();
  const {
    data,
    error,
    isError,
    isFetching,
    isLoading,
    refetch,
    hasNextPage,
    fetchNextPage,
    isFetchingNextPage,
    isFetchNextPageError,
  } = useListAlertsInfiniteQuery(toAlertQuery(filters));
  // The account choices come from the alerts themselves, whatever the filters (the same request when none is set).
  const { data: everything } = useListAlertsInfiniteQuery({});
  const accounts = useMemo(() => accountsOf(alertsOfPages(everything?.pages)), [everything]);
  const alerts = useMemo(() => alertsOfPages(data?.pages), [data]);
  const lastPage = data?.pages.at(-1);
  // The unread count is the workspace's, filters aside: either list tells it.
  const unread = data?.pages[0]?.unread ?? everything?.pages[0]?.unread;

  let content;
  if (isError && !data) {
    content = (
      <RetryAlert retrying={isFetching} onRetry={() => void refetch()}>
        {errorMessage(error, ALERTS_FAILED)}
      </RetryAlert>
    );
  } else if (isLoading || !data) {
    content = (
      <Stack spacing={1.5} role="status" aria-label="Loading alerts">
        {Array.from({ length: SKELETONS }, (_, index) => (
          <AlertRowSkeleton key={index} />
        ))}
      </Stack>
    );
  } else if (alerts.length === 0) {
    content = <AlertsEmpty filtered={isAlertFiltered(filters)} onClearFilters={() => setFilters(NO_ALERT_FILTERS)} />;
  } else {
    content = (
      <Box
        aria-busy={isFetching}
        sx={{ opacity: isFetching && !isFetchingNextPage ? 0.6 : 1, transition: 'opacity 150ms' }}
      >
        <AlertList
          alerts={alerts}
          total={lastPage?.total ?? alerts.length}
          loadingMore={isFetchingNextPage}
          onLoadMore={hasNextPage ? () => void fetchNextPage() : undefined}
        />
        {isFetchNextPageError && (
          <Box sx={{ mt: 2 }}>
            <RetryAlert retrying={isFetchingNextPage} onRetry={() => void fetchNextPage()}>
              {errorMessage(error, MORE_ALERTS_FAILED)}
            </RetryAlert>
          </Box>
        )}
      </Box>
    );
  }

  return (
    <>
      {/* The user's own e-mails, above the filters: they are about every alert, not the ones listed. */}
      <AlertEmailSettings />
      {/* The workspace's webhook: only the roles that manage it may even read its address. */}
      {managesAlerts && <AlertWebhookSettings />}
      {/* The workspace's anomaly sensitivity: every reader sees what it is; managers change it. */}
      <AlertSensitivitySettings canChange={managesAlerts} />
      <AlertFilterBar filters={filters} onChange={setFilters} accounts={accounts} />
      <MarkAllRead unread={unread} />
      {content}
    </>
  );
}

/** Props of AlertsPage. */
export interface AlertsPageProps {
  /** Whether the role reads alerts ('alerts:read'); the app decides, as features do not read each other's state. */
  readsAlerts?: boolean;
  /** Whether the role manages the workspace's alerts ('alerts:manage'): its webhook (hidden otherwise) and its sensitivity (read-only otherwise). */
  managesAlerts?: boolean;
}

/**
 * Alerts (/alerts): what the checks after each sync found in the workspace's accounts, newest
 * first, filtered by kind, severity, account and read state (kept in the address), with Mark as
 * read on each unread one and Mark all as read, and the user's alert e-mail settings above them (with
 * the workspace's webhook for a role that manages it). A role without 'alerts:read' is told so, and
 * nothing is asked.
 */
export function AlertsPage({ readsAlerts = true, managesAlerts = false }: AlertsPageProps) {
  return (
    <SimplePage title={TITLE} intro={ALERTS_INTRO}>
      {readsAlerts ? <Alerts managesAlerts={managesAlerts} /> : <Notice severity="info">{ALERTS_NOT_FOR_ROLE}</Notice>}
    </SimplePage>
  );
}
