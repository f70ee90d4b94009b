import { Suspense, useState } from 'react';
import { Stack } from '@mui/material';
import { SNOOZE_DAYS, type Suggestion } from '@shared/api/suggestions';
import { lazyPage } from '@client/app/lazyPage';
import { notify } from '@client/app/notify';
import { useCan } from '@client/features/session/useCan';
import type { ApplyDialogProps } from './ApplyDialog';
import type { DismissDialogProps } from './DismissDialog';
import { SuggestionCard, type SuggestionCardForm } from './SuggestionCard';
import { useMarkSuggestionDoneMutation, useSnoozeSuggestionMutation } from './suggestions.api';
import { notifyApplied } from './undoToast';

// The dialogs (with Formik and the form controls) load when first opened: the dashboard shows
// the cards at once, and most visits never open either.
const ApplyDialog = lazyPage<'ApplyDialog', ApplyDialogProps>(() => import(/* webpackChunkName: "suggestion-dialogs" */ './ApplyDialog'), 'ApplyDialog');
const DismissDialog = lazyPage<'DismissDialog', DismissDialogProps>(() => import(/* webpackChunkName: "suggestion-dialogs" */ './DismissDialog'), 'DismissDialog');

/** What a snooze says. */
export const SNOOZED_MESSAGE = `Snoozed: it is hidden for ${SNOOZE_DAYS} days.`;

/** Props of SuggestionList: the dashboard's short cards (compact), or full ones with their evidence chart. */
export type SuggestionListProps = SuggestionCardForm & {
  suggestions: readonly Suggestion[];
  /** The cards' headline level. */
  headingLevel?: 2 | 3;
};

/**
 * Suggestions as cards with their actions (Apply or Mark as done, Dismiss, Snooze) for a role that may change
 * things, and the Apply and Dismiss dialogs; the /suggestions page and the dashboard show the same.
 */
export function SuggestionList({ suggestions, headingLevel = 2, ...cardForm }: SuggestionListProps) {
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

  return (
    <>
      <Stack spacing={2}>
        {suggestions.map((suggestion) => (
          <SuggestionCard
            key={suggestion.id}
            suggestion={suggestion}
            {...form}
            headingLevel={headingLevel}
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
      {canApply && (
        <Suspense fallback={null}>
          {applyUsed && <ApplyDialog suggestion={applying} onClose={() => setApplying(null)} />}
          {dismissUsed && <DismissDialog suggestion={dismissing} onClose={() => setDismissing(null)} />}
        </Suspense>
      )}
    </>
  );
}
