import { errorMessage } from '@client/api/errors';
import { lazyPage } from '@client/app/lazyPage';
import { RetryAlert } from '@client/components/RetryAlert';
import { SelectFilter } from '@client/components/SelectFilter';
import { SimplePage } from '@client/components/SimplePage';
import { ConversionBasisNote } from '@client/features/firstParty/ConversionBasisSetting';
import { paths } from '@client/lib/paths';
import { useCan } from '@client/session/useCan';
import { Link, Stack } from '@mui/material';
import {
  type Suggestion,
  SUGGESTION_TYPE_LABELS,
  SUGGESTION_TYPES,
  SUGGESTIONS_NOTE,
  type SuggestionType,
} from '@shared/api/suggestions';
import { type Platform, PLATFORM_LABELS, PLATFORMS } from '@shared/constants';
import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router-dom';

import type { EvidenceChartProps } from './EvidenceChart';
import { SuggestionCardSkeleton } from './SuggestionCard';
import {
  isFiltered,
  type SuggestionFilters,
  toSuggestionQuery,
  useSuggestionFilters,
  useSuggestionGrouping,
} from './suggestionFilters';
import { SuggestionList } from './SuggestionList';
import { useListSuggestionsQuery } from './suggestions.api';
import { NotForRoleNotice, SuggestionsEmpty } from './SuggestionsEmpty';
import { GroupingToggle, SuggestionsSummary } from './SuggestionsSummary';

// The chart (and Victory with it) loads when the first card's details are opened: the cards open collapsed.
const EvidenceChart = lazyPage<'EvidenceChart', EvidenceChartProps>(
  () => import(/* webpackChunkName: "evidence-chart" */ './EvidenceChart'),
  'EvidenceChart',
);

const TITLE = 'Smart Suggestions';
/** Said when the list cannot be loaded and the server gave no reason. */
export const SUGGESTIONS_FAILED = 'Unable to load suggestions right now.';
/** The link to the actions log. */
export const ACTIONS_LINK_TEXT = 'Actions and results: what was applied and whether it worked';
/** The filters' 'every one' choices. */
export const ALL_FILTER_LABELS = { type: 'All types', platform: 'All platforms', account: 'All accounts' } as const;
const SKELETONS = 3;

/** An account a suggestion is about, for the account filter. */
interface AccountOption {
  id: string;
  name: string;
  platform: Platform;
}

/** Every account the suggestions are about, once each, by name. */
function accountsOf(suggestions: readonly Suggestion[]): AccountOption[] {
  const byId = new Map<string, AccountOption>();
  for (const { account, platform } of suggestions)
    if (!byId.has(account.id)) byId.set(account.id, { id: account.id, name: account.name, platform });
  return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name));
}

function Filters({
  filters,
  onChange,
  accounts,
}: {
  filters: SuggestionFilters;
  onChange: (patch: Partial<SuggestionFilters>) => void;
  accounts: AccountOption[];
}) {
  const shownAccounts = accounts.filter(
    (account) => filters.platform === null || account.platform === filters.platform,
  );
  return (
    <Stack
      direction={{ xs: 'column', md: 'row' }}
      spacing={1.5}
      useFlexGap
      role="group"
      aria-label="Filters"
      sx={{ flexWrap: 'wrap' }}
    >
      <SelectFilter<SuggestionType>
        label="Type"
        value={filters.type}
        allLabel={ALL_FILTER_LABELS.type}
        options={SUGGESTION_TYPES.map((type) => ({ value: type, label: SUGGESTION_TYPE_LABELS[type] }))}
        onChange={(type) => onChange({ type })}
        minWidth={240}
      />
      <SelectFilter<Platform>
        label="Platform"
        value={filters.platform}
        allLabel={ALL_FILTER_LABELS.platform}
        options={PLATFORMS.map((platform) => ({ value: platform, label: PLATFORM_LABELS[platform] }))}
        onChange={(platform) => onChange({ platform, account: null })}
      />
      <SelectFilter
        label="Account"
        value={filters.account}
        allLabel={ALL_FILTER_LABELS.account}
        options={shownAccounts.map((account) => ({
          value: account.id,
          label: `${account.name} (${PLATFORM_LABELS[account.platform]})`,
        }))}
        onChange={(account) => onChange({ account })}
        minWidth={200}
      />
    </Stack>
  );
}

function Suggestions() {
  const { filters, setFilters } = useSuggestionFilters();
  const { grouping, setGrouping } = useSuggestionGrouping();
  const { data, error, isError, isFetching, isLoading, refetch } = useListSuggestionsQuery(toSuggestionQuery(filters));
  // The account choices come from every open suggestion, whatever the filters (the same request when none is set).
  const { data: everything } = useListSuggestionsQuery({});
  const accounts = useMemo(() => accountsOf(everything?.items ?? []), [everything]);

  let content;
  if (isError && !data) {
    content = (
      <RetryAlert retrying={isFetching} onRetry={() => void refetch()}>
        {errorMessage(error, SUGGESTIONS_FAILED)}
      </RetryAlert>
    );
  } else if (isLoading || !data) {
    content = (
      <Stack spacing={2} role="status" aria-label="Loading suggestions">
        {Array.from({ length: SKELETONS }, (_, index) => (
          <SuggestionCardSkeleton key={index} />
        ))}
      </Stack>
    );
  } else if (data.items.length === 0) {
    content = <SuggestionsEmpty list={data} filtered={isFiltered(filters)} />;
  } else {
    content = (
      <Stack spacing={2} aria-busy={isFetching} sx={{ opacity: isFetching ? 0.6 : 1, transition: 'opacity 150ms' }}>
        <SuggestionsSummary suggestions={data.items} />
        <GroupingToggle grouping={grouping} onChange={setGrouping} />
        <SuggestionList suggestions={data.items} EvidenceChart={EvidenceChart} grouping={grouping} />
      </Stack>
    );
  }

  return (
    <>
      <Filters filters={filters} onChange={setFilters} accounts={accounts} />
      {content}
    </>
  );
}

/**
 * Smart Suggestions (/suggestions): the workspace's open suggestions, read at a glance: a summary
 * (how many, the conversions a week if all are applied, per type), then a card per suggestion,
 * best first or grouped by account or type, each showing what to do, how sure and what it should
 * bring, with its evidence, chart and what Apply would change one click away. Filters (type,
 * platform, account) and the grouping are kept in the address. The note that they are not
 * guarantees is always shown.
 */
export function SuggestionsPage() {
  const canRead = useCan('suggestions:read');
  return (
    <SimplePage title={TITLE} intro={SUGGESTIONS_NOTE}>
      {canRead ? (
        <>
          <Link component={RouterLink} to={paths.actions}>
            {ACTIONS_LINK_TEXT}
          </Link>
          <ConversionBasisNote />
          <Suggestions />
        </>
      ) : (
        <NotForRoleNotice />
      )}
    </SimplePage>
  );
}
