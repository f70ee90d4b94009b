import { OutlinedInput, Stack } from '@mui/material';
import { OTP_LENGTH } from '@shared/constants';
import { type ChangeEvent, type ClipboardEvent, type KeyboardEvent, useRef } from 'react';

/** Boxes with no digit yet: the starting value of an OtpInput. */
export function emptyOtp(length: number = OTP_LENGTH): string[] {
  return Array.from({ length }, () => '');
}

/** Props of OtpInput. */
export interface OtpInputProps {
  /** One entry per box: '' or a single digit. */
  value: readonly string[];
  onChange: (digits: string[]) => void;
  /** The group's accessible name. */
  label?: string;
  /** Focus the first box on mount. */
  autoFocus?: boolean;
  disabled?: boolean;
  /** Marks every box invalid. */
  error?: boolean;
  /** Id of the text that explains an error, for aria-describedby. */
  describedBy?: string;
}

const NON_DIGITS = /\D/g;
const DIGIT = /^\d$/;

/**
 * The one-time password as single-digit boxes (spec section 5): typing a digit moves
 * on, Backspace on an empty box moves back, a pasted code fills the boxes, anything
 * that is not a digit is ignored.
 */
export function OtpInput(props: OtpInputProps) {
  const {
    value,
    onChange,
    label = 'One-time password',
    autoFocus = false,
    disabled = false,
    error = false,
    describedBy,
  } = props;
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const length = value.length;

  const focusBox = (index: number) => {
    const box = boxes.current[Math.max(0, Math.min(length - 1, index))];
    box?.focus();
    box?.select();
  };

  const setBox = (index: number, digit: string) => {
    const next = [...value];
    next[index] = digit;
    onChange(next);
  };

  // Writes digits from `start` on and moves to the box after the last one written.
  const fillFrom = (start: number, digits: string) => {
    const next = [...value];
    let index = start;
    for (const digit of digits.slice(0, length - start)) next[index++] = digit;
    onChange(next);
    focusBox(index);
  };

  const handleKeyDown = (index: number) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const { key } = event;
    if (DIGIT.test(key)) {
      // Handled here so a digit replaces a filled box (maxLength would refuse a second character).
      event.preventDefault();
      fillFrom(index, key);
    } else if (key === 'Backspace' || key === 'Delete') {
      event.preventDefault();
      if (value[index] !== '') setBox(index, '');
      else if (key === 'Backspace') focusBox(index - 1);
    } else if (key === 'ArrowLeft' || key === 'ArrowRight') {
      event.preventDefault();
      focusBox(index + (key === 'ArrowLeft' ? -1 : 1));
    } else if (key.length === 1) {
      event.preventDefault();
    }
  };

  // Input that bypasses keydown: virtual keyboards, autofill, dictation.
  const handleChange = (index: number) => (event: ChangeEvent<HTMLInputElement>) => {
    const typed = event.target.value;
    if (typed === '') {
      setBox(index, '');
      return;
    }
    const digits = typed.replace(NON_DIGITS, '');
    if (digits === '') return;
    fillFrom(digits.length >= length ? 0 : index, digits);
  };

  const handlePaste = (index: number) => (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    const digits = event.clipboardData.getData('text').replace(NON_DIGITS, '');
    if (digits === '') return;
    // A whole code fills every box, wherever it was pasted.
    fillFrom(digits.length >= length ? 0 : index, digits);
  };

  return (
    <Stack
      role="group"
      aria-label={label}
      direction="row"
      spacing={{ xs: 0.75, sm: 1 }}
      sx={{ justifyContent: 'center' }}
    >
      {value.map((digit, index) => (
        <OutlinedInput
          key={index}
          value={digit}
          disabled={disabled}
          error={error}
          autoFocus={autoFocus && index === 0}
          inputRef={(element: HTMLInputElement | null) => {
            boxes.current[index] = element;
          }}
          onChange={handleChange(index)}
          onKeyDown={handleKeyDown(index)}
          onPaste={handlePaste(index)}
          onFocus={(event) => event.target.select()}
          // Boxes share the row and shrink on narrow phones rather than overflow the dialog.
          sx={{
            flex: '1 1 0',
            minWidth: 0,
            maxWidth: 52,
            '& input': { textAlign: 'center', fontSize: '1.375rem', px: 0, py: 1.25 },
          }}
          slotProps={{
            input: {
              'aria-label': `Digit ${index + 1} of ${length}`,
              'aria-invalid': error || undefined,
              'aria-describedby': describedBy,
              inputMode: 'numeric',
              maxLength: 1,
              autoComplete: index === 0 ? 'one-time-code' : 'off',
            },
          }}
        />
      ))}
    </Stack>
  );
}
