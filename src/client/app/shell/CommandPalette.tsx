import { allowedPages } from '@client/app/appPages';
import { useAppSelector } from '@client/app/hooks';
import { usePageAccess } from '@client/app/usePageAccess';
import {
  useListCampaignsQuery,
  useSearchAdsQuery,
  useStartSyncMutation,
} from '@client/features/dashboard/dashboard.api';
import { SEARCH_DEBOUNCE_MS, useDebouncedValue } from '@client/features/dashboard/useCampaignTable';
import { matchEntries } from '@client/features/palette/matchEntries';
import { PaletteDialog } from '@client/features/palette/PaletteDialog';
import { campaignPath, pageAndCommandEntries, type PaletteEntry } from '@client/features/palette/paletteEntries';
import { ShortcutsHelpDialog } from '@client/features/palette/ShortcutsHelpDialog';
import { useKeyboardShortcuts } from '@client/features/palette/useKeyboardShortcuts';
import { usePaletteFlow, useShownEntries } from '@client/features/palette/usePaletteFlow';
import { useSwitchWorkspace } from '@client/features/workspaces/useSwitchWorkspace';
import { notify } from '@client/lib/notify';
import { selectWorkspace } from '@client/session/session.slice';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { ROLE_TITLES } from '@shared/access/policy';
import { useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';

import { useShellData } from './shellData';

/** What Refresh says once every connection's sync has started. */
export const REFRESH_STARTED_MESSAGE = 'Refreshing every connected account.';

/** Campaigns the palette asks for per search (the server's smallest page). */
const CAMPAIGN_MATCHES = 10;

/**
 * The command palette and the keyboard shortcuts of the signed-in pages (issue 36), composed
 * here from the features they reach: pages and commands by the policy, the user's workspaces,
 * and the current workspace's campaigns and ads from the dashboard's endpoints.
 */
export function CommandPalette() {
  const navigate = useNavigate();
  const access = usePageAccess();
  const workspace = useAppSelector(selectWorkspace);
  const { data: workspaces } = useShellData().workspaces;
  const { switchTo } = useSwitchWorkspace();
  const [startSync] = useStartSyncMutation();
  const [helpOpen, setHelpOpen] = useState(false);

  const run = useCallback(
    ({ run: what }: PaletteEntry) => {
      if (what.kind === 'navigate') navigate(what.to);
      else if (what.kind === 'switchWorkspace') void switchTo({ id: what.workspaceId });
      else
        startSync({})
          .unwrap()
          .then(() => notify(REFRESH_STARTED_MESSAGE, 'info'))
          // A refusal is toasted by the error channel.
          .catch(() => undefined);
    },
    [navigate, switchTo, startSync],
  );
  const flow = usePaletteFlow(run);
  const { query } = flow;

  const searchesData = access.entitled && access.can('dashboard:read');
  const wanted = useDebouncedValue(query.trim(), SEARCH_DEBOUNCE_MS);
  const searchArgs = searchesData && wanted !== '' ? wanted : null;
  const campaigns = useListCampaignsQuery(
    searchArgs === null ? skipToken : { q: searchArgs, page_size: CAMPAIGN_MATCHES },
  );
  const ads = useSearchAdsQuery(searchArgs === null ? skipToken : { q: searchArgs });

  const entries = useMemo((): PaletteEntry[] => {
    const others = (workspaces ?? [])
      .filter((summary) => summary.id !== workspace?.id)
      .map((summary): PaletteEntry => ({
        id: `workspace-${summary.id}`,
        group: 'Workspace',
        label: summary.name,
        detail: ROLE_TITLES[summary.role],
        run: { kind: 'switchWorkspace', workspaceId: summary.id },
      }));
    // Only the answers to what is typed now: an older search's rows would not match it.
    const typed = searchArgs !== null && searchArgs === query.trim();
    const campaignEntries = typed
      ? (campaigns.currentData?.items ?? []).map((row): PaletteEntry => ({
          id: `campaign-${row.id}`,
          group: 'Campaign',
          label: row.name,
          detail: row.account.name,
          run: { kind: 'navigate', to: campaignPath(row.id) },
        }))
      : [];
    const adEntries = typed
      ? (ads.currentData?.items ?? []).map((ad): PaletteEntry => ({
          id: `ad-${ad.campaign.id}-${ad.ad_id}`,
          group: 'Ad',
          label: ad.name,
          detail: ad.campaign.name,
          run: { kind: 'navigate', to: campaignPath(ad.campaign.id) },
        }))
      : [];
    return [...pageAndCommandEntries(access), ...others, ...campaignEntries, ...adEntries];
  }, [access, workspaces, workspace, campaigns.currentData, ads.currentData, searchArgs, query]);
  const shown = useMemo(() => matchEntries(query, entries), [query, entries]);
  useShownEntries(flow, shown);

  const pages = allowedPages(access);
  useKeyboardShortcuts({
    openPalette: () => flow.send({ type: 'OPEN' }),
    openHelp: () => setHelpOpen(true),
    goTo: (page) => {
      const target = pages.find((candidate) => candidate.key === page);
      if (target) navigate(target.to);
    },
  });

  const searching = searchArgs !== null && (query.trim() !== wanted || campaigns.isFetching || ads.isFetching);
  return (
    <>
      <PaletteDialog flow={flow} shown={shown} searching={searching} />
      <ShortcutsHelpDialog open={helpOpen} onClose={() => setHelpOpen(false)} pages={pages} />
    </>
  );
}
