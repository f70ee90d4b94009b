import { errorMessage } from '@client/api/errors';
import { RetryAlert } from '@client/components/RetryAlert';
import { SuggestionCardSkeleton } from '@client/features/suggestions/SuggestionCard';
import { SuggestionList } from '@client/features/suggestions/SuggestionList';
import { useListSuggestionsQuery } from '@client/features/suggestions/suggestions.api';
import { SuggestionsEmpty } from '@client/features/suggestions/SuggestionsEmpty';
import { paths } from '@client/lib/paths';
import { useCan } from '@client/session/useCan';
import LightbulbOutlinedIcon from '@mui/icons-material/LightbulbOutlined';
import { Link, List, ListItem, ListItemIcon, ListItemText, Paper, Stack, Typography } from '@mui/material';
import { DASHBOARD_SUGGESTIONS, SUGGESTIONS_NOTE } from '@shared/api/suggestions';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router-dom';

/** The spec's four tips (section 2), in order: what Adwise looks for, shown while there is nothing specific to suggest. */
export const SMART_SUGGESTIONS = [
  'Reduce bids on campaigns with a high CPC and a low CTR.',
  'Boost creatives that perform well across platforms.',
  'Adjust the timing of your ads to when your audience responds best.',
  'Test new calls to action (CTAs).',
] as const;

/** The link to the whole list. */
export const SEE_ALL_SUGGESTIONS = 'See all suggestions';
/** The heading over the four tips. */
export const TIPS_HEADING = 'What Adwise looks for';
/** Said when the suggestions cannot be loaded and the server gave no reason. */
export const DASHBOARD_SUGGESTIONS_FAILED = 'Unable to load suggestions right now.';

function Tips() {
  const headingId = useId();
  return (
    <Stack spacing={0.5}>
      <Typography id={headingId} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {TIPS_HEADING}
      </Typography>
      <List dense aria-labelledby={headingId}>
        {SMART_SUGGESTIONS.map((tip) => (
          <ListItem key={tip} disableGutters>
            <ListItemIcon sx={{ minWidth: 36, color: 'warning.main' }}>
              <LightbulbOutlinedIcon fontSize="small" aria-hidden />
            </ListItemIcon>
            <ListItemText primary={tip} />
          </ListItem>
        ))}
      </List>
    </Stack>
  );
}

function TopSuggestions() {
  const { data, error, isError, isFetching, refetch } = useListSuggestionsQuery({ limit: DASHBOARD_SUGGESTIONS });

  if (isError && !data) {
    return (
      <RetryAlert retrying={isFetching} onRetry={() => void refetch()}>
        {errorMessage(error, DASHBOARD_SUGGESTIONS_FAILED)}
      </RetryAlert>
    );
  }
  if (!data) {
    return (
      <Stack spacing={2} role="status" aria-label="Loading suggestions">
        {Array.from({ length: DASHBOARD_SUGGESTIONS }, (_, index) => (
          <SuggestionCardSkeleton key={index} compact />
        ))}
      </Stack>
    );
  }
  if (data.items.length === 0) {
    return (
      <>
        <SuggestionsEmpty list={data} />
        <Tips />
      </>
    );
  }
  return (
    <>
      <SuggestionList suggestions={data.items.slice(0, DASHBOARD_SUGGESTIONS)} compact headingLevel={3} />
      <Link component={RouterLink} to={paths.suggestions} sx={{ alignSelf: 'flex-start' }}>
        {SEE_ALL_SUGGESTIONS}
      </Link>
    </>
  );
}

/**
 * Smart Suggestions on the dashboard: the best few open suggestions for this workspace, with the
 * same actions as on /suggestions and a link to them all; while there are none, what Adwise looks
 * for. Always with the note that they promise nothing; hidden from a role that does not read
 * suggestions (a client).
 */
export function SmartSuggestions() {
  const headingId = useId();
  const canRead = useCan('suggestions:read');
  if (!canRead) return null;
  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Stack spacing={2}>
        <Typography variant="h3" component="h2" id={headingId}>
          Smart Suggestions
        </Typography>
        <TopSuggestions />
        <Typography variant="body2" color="text.secondary">
          {SUGGESTIONS_NOTE}
        </Typography>
      </Stack>
    </Paper>
  );
}
