import { TextField, type TextFieldProps } from '@mui/material';
import { useField } from 'formik';
import { useState } from 'react';

/** TextField props without what Formik owns. */
type OwnedByFormik = 'name' | 'value' | 'onChange' | 'onBlur' | 'error' | 'select' | 'children';

/** One choice of a FormikSelect. */
export interface SelectOption<T extends string> {
  value: T;
  label: string;
}

/** Props of FormikSelect. */
export type FormikSelectProps<T extends string> = Omit<TextFieldProps, OwnedByFormik> & {
  /** The Formik field. */
  name: string;
  options: readonly SelectOption<T>[];
  /** Shown (and not choosable) while the field holds nothing. */
  placeholder?: string;
  /** Replaces setting the field: for a choice that also changes other fields. */
  onValueChange?: (value: T) => void;
};

/**
 * A labelled native select bound to a Formik field (native: every browser and screen reader
 * knows it, and the keyboard works as everywhere). The field's message shows once it is touched.
 */
export function FormikSelect<T extends string>({
  name,
  options,
  placeholder,
  onValueChange,
  helperText,
  id,
  ...props
}: FormikSelectProps<T>) {
  const [field, meta, helpers] = useField<T | null>(name);
  const showError = meta.touched && typeof meta.error === 'string';
  return (
    <TextField
      size="small"
      {...props}
      select
      id={id ?? name}
      name={name}
      value={field.value ?? ''}
      onChange={(event) => {
        const value = event.target.value as T;
        if (onValueChange) onValueChange(value);
        else void helpers.setValue(value);
      }}
      onBlur={field.onBlur}
      error={showError}
      helperText={showError ? meta.error : helperText}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
    >
      {(field.value === null || field.value === '') && (
        <option value="" disabled>
          {placeholder ?? 'Choose…'}
        </option>
      )}
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </TextField>
  );
}

/** The number a number input's text stands for: '' is "not set" (null); text that is no number stays NaN, which the schema refuses. */
export function parseNumberText(text: string): number | null {
  const trimmed = text.trim().replace(',', '.');
  return trimmed === '' ? null : Number(trimmed);
}

const numberText = (value: number | null | undefined) =>
  value === null || value === undefined || Number.isNaN(value) ? '' : String(value);
const sameNumber = (a: number | null, b: number | null | undefined) =>
  Object.is(a, b) || (a === null && b === undefined);

/** Props of FormikNumberField. */
export type FormikNumberFieldProps = Omit<TextFieldProps, OwnedByFormik | 'type'> & {
  /** The Formik field (a number, or null when not set). */
  name: string;
};

/**
 * A labelled number input bound to a Formik field holding `number | null`: an empty input is
 * null, never '' or 0. The text typed is kept as typed ('1.' on the way to '1.5'); the field
 * gets the number it stands for. The field's message shows once it is touched.
 */
export function FormikNumberField({ name, helperText, id, ...props }: FormikNumberFieldProps) {
  const [field, meta, helpers] = useField<number | null>(name);
  const [text, setText] = useState(() => numberText(field.value));
  // The value changed from outside (a preset, another field's choice): show it.
  if (!sameNumber(parseNumberText(text), field.value)) setText(numberText(field.value));
  const showError = meta.touched && typeof meta.error === 'string';
  return (
    <TextField
      size="small"
      {...props}
      id={id ?? name}
      name={name}
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        void helpers.setValue(parseNumberText(event.target.value));
      }}
      onBlur={field.onBlur}
      error={showError}
      helperText={showError ? meta.error : helperText}
      slotProps={{ htmlInput: { inputMode: 'decimal', autoComplete: 'off' } }}
    />
  );
}
