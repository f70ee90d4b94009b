import { SimplePage } from '@client/components/SimplePage';
import { YourNumbersPanel } from '@client/features/firstParty/YourNumbersPanel';
import { Alert, Box, Stack } from '@mui/material';
import { skipToken } from '@reduxjs/toolkit/query/react';
import type { CampaignRow, DisplayCurrency } from '@shared/api/dashboard';
import { type Platform, PLATFORMS } from '@shared/constants';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';

import { CampaignAdsDialog } from './CampaignAdsDialog';
import { CampaignTable } from './CampaignTable';
import { useGetCampaignAdsQuery, useGetDashboardQuery, useUpdateDashboardSettingsMutation } from './dashboard.api';
import { toDashboardQuery } from './dashboardFilters';
import { ForbiddenNotice, isForbidden, NoConnections, UnifiedErrorNotice } from './DashboardNotices';
import { FiltersBar } from './FiltersBar';
import { LazyPerformanceChart, preloadPerformanceChart } from './LazyPerformanceChart';
import { PerformanceChartSkeleton } from './PerformanceChartSkeleton';
import { PlatformCards } from './PlatformCards';
import { SmartSuggestions } from './SmartSuggestions';
import { SummaryCards, SummaryCardsSkeleton } from './SummaryCards';
import { SyncStatusBar } from './SyncStatusBar';
import { useCampaignTable } from './useCampaignTable';
import { useDashboardFilters } from './useDashboardFilters';
import { useDashboardRefresh } from './useDashboardRefresh';
import { useFollowSync } from './useFollowSync';

const TITLE = 'Unified Ad Intelligence';
/** The address key naming a campaign whose drill-down opens with the page (the command palette links there). */
export const CAMPAIGN_PARAM = 'campaign';
const INTRO = 'Spend, reach and results from every connected ad platform in one view.';

/**
 * The dashboard (/dashboard, spec sections 2, 4 and 8). On load it asks for the unified view
 * and the campaigns together, then each shown platform's own performance in parallel; Refresh
 * syncs every connection and asks for all of it again. Filters live in the address.
 */
export function DashboardPage() {
  const { filters, setFilters, today } = useDashboardFilters();
  const viewQuery = toDashboardQuery(filters);
  const { data: view, error, isError, isFetching, isLoading, refetch } = useGetDashboardQuery(viewQuery);
  const table = useCampaignTable(viewQuery);
  const [updateSettings, { isLoading: savingCurrency }] = useUpdateDashboardSettingsMutation();
  const [adsOf, setAdsOf] = useState<CampaignRow | null>(null);
  // A campaign named in the address opens its drill-down; its row comes with the drill-down's own answer.
  const [params, setParams] = useSearchParams();
  const linkedId = params.get(CAMPAIGN_PARAM);
  const linked =
    useGetCampaignAdsQuery(linkedId ? { id: linkedId, from: filters.from, to: filters.to } : skipToken).currentData
      ?.campaign ?? null;
  const closeAds = () => {
    setAdsOf(null);
    if (linkedId)
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete(CAMPAIGN_PARAM);
          return next;
        },
        { replace: true },
      );
  };
  // The chart's code (Victory) comes after the page has drawn, while the view is asked for.
  useEffect(preloadPerformanceChart, []);

  // Known before the view answers when the address names a platform.
  const connected: readonly Platform[] = view?.platforms ?? (filters.platform === 'all' ? [] : [filters.platform]);
  const shownPlatforms = PLATFORMS.filter(
    (platform) => connected.includes(platform) && (filters.platform === 'all' || filters.platform === platform),
  );
  const range = { from: filters.from, to: filters.to };
  // One account is one platform; otherwise the totals add up every shown platform's own claims.
  const summedPlatforms = filters.account ? 1 : shownPlatforms.length;

  const { refresh, refreshing, liveStatus } = useDashboardRefresh({
    view: viewQuery,
    campaigns: table.query,
    performance: shownPlatforms.map((platform) => ({ platform, ...range })),
  });

  useFollowSync(view?.sync.running ?? false, refreshing, refetch);

  const changeCurrency = (currency: DisplayCurrency) => {
    // Saved, then every figure is asked for again in it (the mutation invalidates them); a failure is toasted.
    updateSettings({ currency }).catch(() => undefined);
  };

  // The view failed and nothing older is at hand (a failed refetch keeps showing the last view).
  const failed = isError && !view;
  const empty = view !== undefined && view.accounts.length === 0;

  let content;
  if (failed && isForbidden(error)) {
    content = <ForbiddenNotice error={error} />;
  } else if (failed) {
    content = <UnifiedErrorNotice error={error} retrying={isFetching} onRetry={() => void refetch()} />;
  } else if (empty) {
    content = <NoConnections />;
  } else {
    content = (
      <>
        {view ? (
          <Stack
            direction={{ xs: 'column', lg: 'row' }}
            spacing={2}
            sx={{ justifyContent: 'space-between', alignItems: { lg: 'flex-start' } }}
          >
            <FiltersBar
              filters={filters}
              today={today}
              onChange={setFilters}
              platforms={view.platforms}
              accounts={view.accounts}
              currency={view.currency}
              onCurrencyChange={changeCurrency}
              currencyBusy={savingCurrency}
            />
            <SyncStatusBar status={liveStatus ?? view.sync} refreshing={refreshing} onRefresh={refresh} />
          </Stack>
        ) : null}
        {view && view.unconverted_currencies.length > 0 && (
          <Alert severity="warning">
            No exchange rate is known for {view.unconverted_currencies.join(', ')}; those accounts are left out of the
            totals.
          </Alert>
        )}
        {isError && view && <UnifiedErrorNotice error={error} retrying={isFetching} onRetry={() => void refetch()} />}
        <PlatformCards platforms={shownPlatforms} {...range} />
        <Box aria-busy={isFetching} sx={{ opacity: isFetching && !isLoading ? 0.6 : 1, transition: 'opacity 150ms' }}>
          <Stack spacing={2}>
            {view ? <SummaryCards view={view} summedPlatforms={summedPlatforms} /> : <SummaryCardsSkeleton />}
            {view && <YourNumbersPanel query={viewQuery} />}
            {view ? (
              <LazyPerformanceChart series={view.series} currency={view.currency} />
            ) : (
              <PerformanceChartSkeleton />
            )}
          </Stack>
        </Box>
        <CampaignTable table={table} {...range} onOpenAds={setAdsOf} />
        <SmartSuggestions />
        <CampaignAdsDialog campaign={adsOf ?? linked} {...range} onClose={closeAds} />
      </>
    );
  }

  return (
    <SimplePage title={TITLE} intro={INTRO}>
      {content}
    </SimplePage>
  );
}
