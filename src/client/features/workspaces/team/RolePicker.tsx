import {
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  Radio,
  RadioGroup,
  Stack,
  Typography,
} from '@mui/material';
import { ROLE_DESCRIPTIONS, ROLE_TITLES, ROLES } from '@shared/access/policy';
import { useField } from 'formik';
import { useId } from 'react';

/** Props of RolePicker. */
export interface RolePickerProps {
  /** The Formik field holding the role. */
  name: string;
  label?: string;
  disabled?: boolean;
}

/**
 * The role of an invitation as radio buttons, each with what the role may do (arrow keys move
 * between them). A radio's name is the role's title; its description is read after it.
 */
export function RolePicker({ name, label = 'Role', disabled = false }: RolePickerProps) {
  const [field, meta] = useField<string>(name);
  const baseId = useId();
  const showError = meta.touched && meta.error !== undefined;
  const errorId = `${baseId}-error`;
  return (
    <FormControl component="fieldset" error={showError} disabled={disabled}>
      <FormLabel component="legend">{label}</FormLabel>
      <RadioGroup
        name={field.name}
        value={field.value}
        onChange={field.onChange}
        onBlur={field.onBlur}
        aria-describedby={showError ? errorId : undefined}
      >
        {ROLES.map((role) => {
          const descriptionId = `${baseId}-${role}`;
          return (
            <Stack key={role} sx={{ py: 0.25 }}>
              <FormControlLabel
                value={role}
                label={ROLE_TITLES[role]}
                control={<Radio size="small" slotProps={{ input: { 'aria-describedby': descriptionId } }} />}
                sx={{ mr: 0 }}
              />
              <Typography id={descriptionId} variant="body2" color="text.secondary" sx={{ pl: 3.75, mt: -0.75 }}>
                {ROLE_DESCRIPTIONS[role]}
              </Typography>
            </Stack>
          );
        })}
      </RadioGroup>
      {showError && <FormHelperText id={errorId}>{meta.error}</FormHelperText>}
    </FormControl>
  );
}
