import { MenuItem, TextField } from '@mui/material';

/** The value a filter's 'every one' choice stands for in the select. */
const ALL = 'all';

export interface SelectFilterOption<T extends string> {
  value: T;
  label: string;
}

export interface SelectFilterProps<T extends string> {
  label: string;
  /** The chosen option; null: every one. */
  value: T | null;
  /** The 'every one' choice's label ("All accounts"). */
  allLabel: string;
  options: readonly SelectFilterOption<T>[];
  onChange: (value: T | null) => void;
  minWidth?: number;
}

/**
 * One labelled filter select of a list page: an 'every one' choice, then the options. A chosen
 * value the options do not hold (from a shared link, before its list has loaded) still shows,
 * as "<label> <value>", rather than a blank select.
 */
export function SelectFilter<T extends string>({
  label,
  value,
  allLabel,
  options,
  onChange,
  minWidth = 170,
}: SelectFilterProps<T>) {
  const known = value === null || options.some((option) => option.value === value);
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value ?? ALL}
      onChange={(event) => onChange(event.target.value === ALL ? null : (event.target.value as T))}
      sx={{ minWidth }}
    >
      <MenuItem value={ALL}>{allLabel}</MenuItem>
      {!known && (
        <MenuItem value={value ?? ''}>
          {label} {value}
        </MenuItem>
      )}
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
