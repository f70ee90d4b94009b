import { lazyPage } from '@client/app/lazyPage';
import { notify } from '@client/lib/notify';
import { useCan } from '@client/session/useCan';
import { Box, Stack, Typography } from '@mui/material';
import { SNOOZE_DAYS, type Suggestion } from '@shared/api/suggestions';
import { type ReactNode, Suspense, useId, useMemo, useState } from 'react';

import type { ApplyDialogProps } from './ApplyDialog';
import type { DismissDialogProps } from './DismissDialog';
import { SuggestionCard, type SuggestionCardForm } from './SuggestionCard';
import { formatImpactTotal } from './suggestionFormat';
import { useMarkSuggestionDoneMutation, useSnoozeSuggestionMutation } from './suggestions.api';
import { groupSuggestions, type SuggestionGroup, type SuggestionGrouping } from './suggestionSummary';
import { notifyApplied } from './undoToast';

// The dialogs (with Formik and the form controls) load when first opened: the dashboard shows
// the cards at once, and most visits never open either.
const ApplyDialog = lazyPage<'ApplyDialog', ApplyDialogProps>(
  () => import(/* webpackChunkName: "suggestion-dialogs" */ './ApplyDialog'),
  'ApplyDialog',
);
const DismissDialog = lazyPage<'DismissDialog', DismissDialogProps>(
  () => import(/* webpackChunkName: "suggestion-dialogs" */ './DismissDialog'),
  'DismissDialog',
);

/** What a snooze says. */
export const SNOOZED_MESSAGE = `Snoozed: it is hidden for ${SNOOZE_DAYS} days.`;

/** Props of SuggestionList: the dashboard's short cards (compact), or full ones with their evidence chart. */
export type SuggestionListProps = SuggestionCardForm & {
  suggestions: readonly Suggestion[];
  /** The cards' headline level; in groups, the groups' (the cards take the next one). */
  headingLevel?: 2 | 3;
  /** Cards in groups by account or by type, each headed with what it adds up to; 'none' (the default): one list, best first. */
  grouping?: SuggestionGrouping;
};

/** One group of cards under its heading, with how many and the conversions a week they add up to. */
function GroupSection({ group, level, children }: { group: SuggestionGroup; level: 2 | 3; children: ReactNode }) {
  const titleId = useId();
  return (
    <Box component="section" aria-labelledby={titleId}>
      <Typography id={titleId} component={`h${level}`} variant="h5" sx={{ overflowWrap: 'anywhere' }}>
        {group.title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {formatImpactTotal(group.total)}
      </Typography>
      {children}
    </Box>
  );
}

/**
 * Suggestions as cards with their actions (Apply or Mark as done, Dismiss, Snooze) for a role that may change
 * things, and the Apply and Dismiss dialogs; the /suggestions page and the dashboard show the same.
 * The page may group them (by account or type); the dialogs stay one pair for every group.
 */
export function SuggestionList({ suggestions, headingLevel = 2, grouping = 'none', ...cardForm }: SuggestionListProps) {
  const form: SuggestionCardForm = cardForm.compact ? { compact: true } : { EvidenceChart: cardForm.EvidenceChart };
  const canApply = useCan('suggestions:apply');
  const [applying, setApplying] = useState<Suggestion | null>(null);
  const [dismissing, setDismissing] = useState<Suggestion | null>(null);
  // Each dialog is mounted from its first opening on, so it can play its closing transition.
  const [applyUsed, setApplyUsed] = useState(false);
  const [dismissUsed, setDismissUsed] = useState(false);
  const [snoozing, setSnoozing] = useState<string | null>(null);
  const [snoozeSuggestion] = useSnoozeSuggestionMutation();
  const [marking, setMarking] = useState<string | null>(null);
  const [markSuggestionDone] = useMarkSuggestionDoneMutation();

  const markDone = async (suggestion: Suggestion) => {
    setMarking(suggestion.id);
    try {
      notifyApplied(await markSuggestionDone(suggestion.id).unwrap());
    } catch {
      // Said by the API error channel.
    } finally {
      setMarking(null);
    }
  };

  const snooze = async (suggestion: Suggestion) => {
    setSnoozing(suggestion.id);
    try {
      await snoozeSuggestion(suggestion.id).unwrap();
      notify(SNOOZED_MESSAGE, 'success');
    } catch {
      // Said by the API error channel.
    } finally {
      setSnoozing(null);
    }
  };

  const groups = useMemo(
    () => (grouping === 'none' ? [] : groupSuggestions(suggestions, grouping)),
    [suggestions, grouping],
  );

  const cards = (shown: readonly Suggestion[], level: 2 | 3 | 4) => (
    <Stack spacing={2}>
      {shown.map((suggestion) => (
        <SuggestionCard
          key={suggestion.id}
          suggestion={suggestion}
          {...form}
          headingLevel={level}
          actions={
            canApply
              ? {
                  onApply: () => {
                    setApplyUsed(true);
                    setApplying(suggestion);
                  },
                  onDone: () => void markDone(suggestion),
                  marking: marking === suggestion.id,
                  onDismiss: () => {
                    setDismissUsed(true);
                    setDismissing(suggestion);
                  },
                  onSnooze: () => void snooze(suggestion),
                  snoozing: snoozing === suggestion.id,
                }
              : undefined
          }
        />
      ))}
    </Stack>
  );

  return (
    <>
      {grouping === 'none' ? (
        cards(suggestions, headingLevel)
      ) : (
        <Stack spacing={4}>
          {groups.map((group) => (
            <GroupSection key={group.key} group={group} level={headingLevel}>
              {cards(group.suggestions, headingLevel === 2 ? 3 : 4)}
            </GroupSection>
          ))}
        </Stack>
      )}
      {canApply && (
        <Suspense fallback={null}>
          {applyUsed && <ApplyDialog suggestion={applying} onClose={() => setApplying(null)} />}
          {dismissUsed && <DismissDialog suggestion={dismissing} onClose={() => setDismissing(null)} />}
        </Suspense>
      )}
    </>
  );
}
