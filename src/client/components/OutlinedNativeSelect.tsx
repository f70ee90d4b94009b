import { FormControl, InputLabel, NativeSelect, OutlinedInput, type SxProps, type Theme } from '@mui/material';
import { type ChangeEvent, type ReactNode, useId } from 'react';

/** Props of OutlinedNativeSelect. */
export interface OutlinedNativeSelectProps {
  label: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLSelectElement>) => void;
  /** The <option> elements. */
  children: ReactNode;
  id?: string;
  sx?: SxProps<Theme>;
}

/**
 * The browser's own <select> in an outlined, labelled frame: what `<TextField select
 * slotProps={{ select: { native: true } }}>` draws, without TextField's custom select and its
 * menu machinery (see OutlinedTextField).
 */
export function OutlinedNativeSelect({
  label,
  value,
  onChange,
  children,
  id: idOverride,
  sx,
}: OutlinedNativeSelectProps) {
  const generatedId = useId();
  const id = idOverride ?? generatedId;
  return (
    <FormControl variant="outlined" sx={sx}>
      <InputLabel htmlFor={id} id={`${id}-label`}>
        {label}
      </InputLabel>
      <NativeSelect id={id} value={value} onChange={onChange} input={<OutlinedInput label={label} />}>
        {children}
      </NativeSelect>
    </FormControl>
  );
}
