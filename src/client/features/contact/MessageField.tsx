import { OutlinedTextField } from '@client/components/OutlinedTextField';
import { Box } from '@mui/material';
import { CONTACT_COUNTER_WARN_BELOW, CONTACT_MESSAGE_MAX } from '@shared/constants';
import { useField } from 'formik';

/** Dark amber: readable on white (AA), used once few characters are left. */
export const COUNTER_WARN_COLOUR = '#92400E';

/** "N characters left", or "1 character left". */
export function charactersLeftText(left: number): string {
  return `${left} ${left === 1 ? 'character' : 'characters'} left`;
}

/** Props of MessageField. */
export interface MessageFieldProps {
  /** The Formik field. */
  name: string;
  /** The textarea's id; the counter's id is derived from it. */
  id: string;
  label: string;
}

/**
 * The message box: multiline, at most CONTACT_MESSAGE_MAX characters, with a live
 * characters-left counter under it that turns amber below CONTACT_COUNTER_WARN_BELOW (spec
 * section 5). The counter and any error both describe the textarea.
 */
export function MessageField({ name, id, label }: MessageFieldProps) {
  const [field, meta] = useField<string>(name);
  const value = field.value ?? '';
  const left = Math.max(0, CONTACT_MESSAGE_MAX - value.length);
  const warn = left < CONTACT_COUNTER_WARN_BELOW;
  const showError = meta.touched && meta.error !== undefined;
  const errorId = `${id}-error`;
  const counterId = `${id}-counter`;

  return (
    <Box>
      <OutlinedTextField
        {...field}
        id={id}
        value={value}
        label={label}
        required
        fullWidth
        multiline
        minRows={5}
        maxRows={14}
        error={showError}
        slotProps={{
          htmlInput: {
            maxLength: CONTACT_MESSAGE_MAX,
            'aria-describedby': showError ? `${errorId} ${counterId}` : counterId,
            'aria-invalid': showError,
          },
        }}
      />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', gap: 1, mx: 1.75, mt: 0.5 }}>
        <Box component="span" id={errorId} sx={{ typography: 'caption', color: 'error.main', minHeight: '1em' }}>
          {showError ? meta.error : null}
        </Box>
        <Box
          component="span"
          id={counterId}
          data-warning={warn ? 'true' : 'false'}
          sx={{
            typography: 'caption',
            ml: 'auto',
            fontWeight: warn ? 700 : 400,
            color: warn ? COUNTER_WARN_COLOUR : 'text.secondary',
          }}
        >
          {charactersLeftText(left)}
        </Box>
      </Box>
    </Box>
  );
}
