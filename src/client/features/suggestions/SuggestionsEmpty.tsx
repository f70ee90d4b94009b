import { Alert, Stack, Typography } from '@mui/material';
import type { SuggestionList } from '@shared/api/suggestions';

/** The empty state's first line. */
export const NO_SUGGESTIONS = 'No suggestions right now';
/** Said before suggestions were ever computed for the workspace. */
export const FIRST_SYNC_TEXT = 'Suggestions appear after the first sync of your ad accounts.';
/** Said when filters hide every open suggestion. */
export const NONE_MATCH_TEXT = 'None of the open suggestions match these filters.';

/** How many ads and campaigns are not judged yet: '3 ads and campaigns are still learning: …'. */
export function learningText(learning: number): string {
  return learning === 1
    ? '1 ad or campaign is still learning: it is judged once it has enough data.'
    : `${learning} ads and campaigns are still learning: they are judged once they have enough data.`;
}

/** Props of SuggestionsEmpty. */
export interface SuggestionsEmptyProps {
  list: Pick<SuggestionList, 'learning' | 'computed_at'>;
  /** Whether filters narrowed the list. */
  filtered?: boolean;
}

/** Why there is nothing to suggest: nothing computed yet, filters, or ads still learning. */
export function SuggestionsEmpty({ list, filtered = false }: SuggestionsEmptyProps) {
  return (
    <Stack spacing={0.5} role="status">
      <Typography sx={{ fontWeight: 600 }}>{NO_SUGGESTIONS}</Typography>
      {list.computed_at === null && <Typography color="text.secondary">{FIRST_SYNC_TEXT}</Typography>}
      {filtered && list.computed_at !== null && <Typography color="text.secondary">{NONE_MATCH_TEXT}</Typography>}
      {list.learning > 0 && <Typography color="text.secondary">{learningText(list.learning)}</Typography>}
    </Stack>
  );
}

/** Said to a role that does not see suggestions (a client). */
export const SUGGESTIONS_NOT_FOR_ROLE =
  'Smart Suggestions and their results are for the team running the ads: your role does not include them.';

/** Shown instead of suggestions or the actions log to a role without 'suggestions:read'. */
export function NotForRoleNotice() {
  return <Alert severity="info">{SUGGESTIONS_NOT_FOR_ROLE}</Alert>;
}
