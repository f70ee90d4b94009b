import {
  FormControl,
  type FormControlProps,
  FormHelperText,
  InputLabel,
  OutlinedInput,
  type OutlinedInputProps,
} from '@mui/material';
import { type ReactNode, useId } from 'react';

/** Props of OutlinedTextField: TextField's, for the outlined variant without `select`. */
export interface OutlinedTextFieldProps extends Omit<
  OutlinedInputProps,
  'label' | 'notched' | 'slotProps' | 'inputProps' | 'margin'
> {
  label?: ReactNode;
  /** Under the field; it describes the input (aria-describedby). */
  helperText?: ReactNode;
  margin?: FormControlProps['margin'];
  slotProps?: {
    /** More props of the OutlinedInput (adornments, readOnly). */
    input?: Partial<OutlinedInputProps>;
    /** Attributes of the <input> or <textarea> itself. */
    htmlInput?: OutlinedInputProps['inputProps'];
  };
}

/**
 * MUI's outlined TextField, built from the same parts, without the select machinery TextField
 * always brings (Select, Menu, Popover, Modal, the filled and standard inputs: about 22 KB gzip on
 * every page with a form). Same markup, floating label, notch, helper text and ids
 * (`<id>-label`, `<id>-helper-text`); the form control owns error, disabled, required, size,
 * full width, margin and sx, as in TextField.
 */
export function OutlinedTextField({
  id: idOverride,
  label,
  helperText,
  error,
  disabled,
  required,
  fullWidth,
  size,
  margin,
  color,
  sx,
  className,
  slotProps,
  ...inputProps
}: OutlinedTextFieldProps) {
  const generatedId = useId();
  const id = idOverride ?? generatedId;
  const helperTextId = helperText ? `${id}-helper-text` : undefined;
  const labelId = label ? `${id}-label` : undefined;
  return (
    <FormControl
      variant="outlined"
      error={error}
      disabled={disabled}
      required={required}
      fullWidth={fullWidth}
      size={size}
      margin={margin}
      color={color}
      sx={sx}
      className={className}
    >
      {label ? (
        <InputLabel htmlFor={id} id={labelId}>
          {label}
        </InputLabel>
      ) : null}
      <OutlinedInput
        id={id}
        label={label}
        aria-describedby={helperTextId}
        {...inputProps}
        {...slotProps?.input}
        inputProps={slotProps?.htmlInput}
      />
      {helperText ? <FormHelperText id={helperTextId}>{helperText}</FormHelperText> : null}
    </FormControl>
  );
}
