import { type ErrorFallbacksOf, platformOfArgs } from '@client/api/errorFallbacks';
import { platformApiFailed } from '@shared/api/dashboard';

import type { dashboardApi } from './dashboard.api';

/**
 * What a failed request of dashboard.api.ts says when the server gives no reason (spec section 8), by
 * endpoint name; a name missing here gets the generic text, null means the feature shows its own
 * feedback. The app composes every feature's table (app/errorFallbacks.ts).
 */
export const dashboardErrorFallbacks = {
  getPlatformPerformance: (args) => {
    const platform = platformOfArgs(args);
    return platformApiFailed(platform);
  },
  getDashboard: 'Unified sync error',
  listCampaigns: 'Unable to load campaigns right now.',
  getCampaignAds: "Unable to load this campaign's ads right now.",
  setCampaignStatus: 'Failed to update the campaign.',
  exportCampaigns: 'Export failed. Please try again.',
  updateDashboardSettings: 'Unable to change the display currency.',
  startSync: 'Refresh failed',
  // Polling during a refresh: one failed poll is retried; the refresh machine reports a refresh that gives up.
  getSyncStatus: null,
  // The sync cadence select puts the old value back; the toast says why.
  updateSyncSettings: 'Unable to change how often the accounts sync. Please try again.',
} satisfies ErrorFallbacksOf<typeof dashboardApi>;
