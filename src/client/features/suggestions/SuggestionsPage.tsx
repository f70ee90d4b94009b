import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Box, Link, MenuItem, Stack, TextField } from '@mui/material';
import { SUGGESTION_TYPE_LABELS, SUGGESTION_TYPES, SUGGESTIONS_NOTE, type Suggestion, type SuggestionType } from '@shared/api/suggestions';
import { PLATFORM_LABELS, PLATFORMS, type Platform } from '@shared/constants';
import { errorMessage } from '@client/api/errors';
import { paths } from '@client/app/paths';
import { RetryAlert } from '@client/components/RetryAlert';
import { SimplePage } from '@client/components/SimplePage';
import { useCan } from '@client/features/session/useCan';
import { SuggestionCardSkeleton } from './SuggestionCard';
import { isFiltered, toSuggestionQuery, useSuggestionFilters, type SuggestionFilters } from './suggestionFilters';
import { SuggestionList } from './SuggestionList';
import { useListSuggestionsQuery } from './suggestions.api';
import { NotForRoleNotice, SuggestionsEmpty } from './SuggestionsEmpty';

const TITLE = 'Smart Suggestions';
/** Said when the list cannot be loaded and the server gave no reason. */
export const SUGGESTIONS_FAILED = 'Unable to load suggestions right now.';
/** The link to the actions log. */
export const ACTIONS_LINK_TEXT = 'Actions and results: what was applied and whether it worked';
/** The filters' 'every one' choices. */
export const ALL_FILTER_LABELS = { type: 'All types', platform: 'All platforms', account: 'All accounts' } as const;
const ALL = 'all';
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
  for (const { account, platform } of suggestions) if (!byId.has(account.id)) byId.set(account.id, { id: account.id, name: account.name, platform });
  return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name));
}

function Filters({ filters, onChange, accounts }: { filters: SuggestionFilters; onChange: (patch: Partial<SuggestionFilters>) => void; accounts: AccountOption[] }) {
  const shownAccounts = accounts.filter((account) => filters.platform === null || account.platform === filters.platform);
  const accountKnown = filters.account === null || shownAccounts.some((account) => account.id === filters.account);
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} useFlexGap role="group" aria-label="Filters" sx={{ flexWrap: 'wrap' }}>
      <TextField
        select
        size="small"
        label="Type"
        value={filters.type ?? ALL}
        onChange={(event) => onChange({ type: event.target.value === ALL ? null : (event.target.value as SuggestionType) })}
        sx={{ minWidth: 240 }}
      >
        <MenuItem value={ALL}>{ALL_FILTER_LABELS.type}</MenuItem>
        {SUGGESTION_TYPES.map((type) => (
          <MenuItem key={type} value={type}>
            {SUGGESTION_TYPE_LABELS[type]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label="Platform"
        value={filters.platform ?? ALL}
        onChange={(event) => onChange({ platform: event.target.value === ALL ? null : (event.target.value as Platform), account: null })}
        sx={{ minWidth: 170 }}
      >
        <MenuItem value={ALL}>{ALL_FILTER_LABELS.platform}</MenuItem>
        {PLATFORMS.map((platform) => (
          <MenuItem key={platform} value={platform}>
            {PLATFORM_LABELS[platform]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label="Account"
        value={filters.account ?? ALL}
        onChange={(event) => onChange({ account: event.target.value === ALL ? null : event.target.value })}
        sx={{ minWidth: 200 }}
      >
        <MenuItem value={ALL}>{ALL_FILTER_LABELS.account}</MenuItem>
        {!accountKnown && <MenuItem value={filters.account ?? ''}>Account {filters.account}</MenuItem>}
        {shownAccounts.map((account) => (
          <MenuItem key={account.id} value={account.id}>
            {account.name} ({PLATFORM_LABELS[account.platform]})
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );
}

function Suggestions() {
  const { filters, setFilters } = useSuggestionFilters();
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
      <Box aria-busy={isFetching} sx={{ opacity: isFetching ? 0.6 : 1, transition: 'opacity 150ms' }}>
        <SuggestionList suggestions={data.items} />
      </Box>
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
 * Smart Suggestions (/suggestions): the workspace's open suggestions, best first, each with its
 * evidence and what Apply would change; filtered by type, platform and account (kept in the
 * address). The note that they are not guarantees is always shown.
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
          <Suggestions />
        </>
      ) : (
        <NotForRoleNotice />
      )}
    </SimplePage>
  );
}
