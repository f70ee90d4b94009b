import { errorMessage } from '@client/api/errors';
import { fallbackText } from '@client/api/errorToasts';
import { FormikTextField } from '@client/components/FormikTextField';
import { LoadingButton } from '@client/components/LoadingButton';
import { useLastShown } from '@client/components/useLastShown';
import { notify } from '@client/lib/notify';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  Radio,
  RadioGroup,
  Stack,
} from '@mui/material';
import { DISMISS_NOTE_MAX, DISMISS_REASON_LABELS, DISMISS_REASONS, type Suggestion } from '@shared/api/suggestions';
import { dismissSchema } from '@shared/validation/suggestions';
import { Form, Formik, useField } from 'formik';
import { useId, useState } from 'react';

import { useDismissSuggestionMutation } from './suggestions.api';
import { suggestionsErrorFallbacks } from './suggestions.errors';

/** What a dismissal says. */
export const DISMISSED_MESSAGE = 'Suggestion dismissed. Thanks: your reason helps the next ones.';
/** The reasons' legend and the note's label. */
export const DISMISS_LABELS = { reason: 'Why are you dismissing it?', note: 'Note (optional)' } as const;

/** The form's values: no reason chosen yet is ''. */
interface DismissValues {
  reason: string;
  note: string;
}

const INITIAL_VALUES: DismissValues = { reason: '', note: '' };

/** The reasons as radio buttons (arrow keys move between them). */
function ReasonPicker({ name, disabled }: { name: string; disabled: boolean }) {
  const [field, meta] = useField<string>(name);
  const errorId = useId();
  const showError = meta.touched && meta.error !== undefined;
  return (
    <FormControl component="fieldset" error={showError} disabled={disabled} required>
      <FormLabel component="legend">{DISMISS_LABELS.reason}</FormLabel>
      <RadioGroup
        name={field.name}
        value={field.value}
        onChange={field.onChange}
        onBlur={field.onBlur}
        aria-describedby={showError ? errorId : undefined}
      >
        {DISMISS_REASONS.map((reason) => (
          <FormControlLabel
            key={reason}
            value={reason}
            label={DISMISS_REASON_LABELS[reason]}
            control={<Radio size="small" />}
          />
        ))}
      </RadioGroup>
      {showError && <FormHelperText id={errorId}>{meta.error}</FormHelperText>}
    </FormControl>
  );
}

function NoteField({ disabled }: { disabled: boolean }) {
  const [field] = useField<string>('note');
  const left = Math.max(0, DISMISS_NOTE_MAX - (field.value ?? '').length);
  return (
    <FormikTextField
      name="note"
      label={DISMISS_LABELS.note}
      multiline
      minRows={2}
      fullWidth
      disabled={disabled}
      helperText={`${left} ${left === 1 ? 'character' : 'characters'} left`}
      slotProps={{ htmlInput: { maxLength: DISMISS_NOTE_MAX } }}
    />
  );
}

/** Props of DismissDialog. */
export interface DismissDialogProps {
  /** The suggestion to dismiss; null: closed. */
  suggestion: Suggestion | null;
  onClose: () => void;
}

/**
 * Dismiss, with why: one of the reasons and an optional note, checked by the schema the server
 * runs too. A failure is said in the dialog (and by the API error channel); the form stays as it was.
 */
export function DismissDialog({ suggestion, onClose }: DismissDialogProps) {
  const titleId = useId();
  const shown = useLastShown(suggestion);
  const [dismissSuggestion] = useDismissSuggestionMutation();
  // Said inside the dialog too: the toast is behind the modal for a screen reader.
  const [failure, setFailure] = useState<unknown>(null);

  const close = () => {
    setFailure(null);
    onClose();
  };

  const submit = async (values: DismissValues) => {
    if (!suggestion) return;
    const { reason, note } = dismissSchema.cast(values);
    setFailure(null);
    try {
      await dismissSuggestion({ id: suggestion.id, reason, ...(note ? { note } : {}) }).unwrap();
      close();
      notify(DISMISSED_MESSAGE, 'success');
    } catch (error) {
      setFailure(error);
    }
  };

  return (
    <Dialog open={suggestion !== null} aria-labelledby={titleId} fullWidth maxWidth="sm" onClose={close}>
      <DialogTitle id={titleId}>Dismiss this suggestion</DialogTitle>
      {/* A new suggestion starts a new form. */}
      <Formik<DismissValues>
        key={shown?.id}
        initialValues={INITIAL_VALUES}
        validationSchema={dismissSchema}
        onSubmit={submit}
      >
        {({ isSubmitting }) => (
          <Form noValidate aria-labelledby={titleId}>
            <DialogContent>
              <Stack spacing={2}>
                {shown && <DialogContentText>{shown.headline}</DialogContentText>}
                <ReasonPicker name="reason" disabled={isSubmitting} />
                <NoteField disabled={isSubmitting} />
                {failure !== null && (
                  <Alert severity="error">
                    {errorMessage(failure, fallbackText(suggestionsErrorFallbacks.dismissSuggestion))}
                  </Alert>
                )}
              </Stack>
            </DialogContent>
            <DialogActions>
              <Button onClick={close} disabled={isSubmitting}>
                Cancel
              </Button>
              <LoadingButton type="submit" variant="contained" loading={isSubmitting}>
                Dismiss
              </LoadingButton>
            </DialogActions>
          </Form>
        )}
      </Formik>
    </Dialog>
  );
}
