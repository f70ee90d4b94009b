import { Button, InputAdornment } from '@mui/material';
import { useState } from 'react';

import { FormikTextField, type FormikTextFieldProps } from './FormikTextField';

/** Props of FormikPasswordField: a Formik text field whose type it owns. */
export type FormikPasswordFieldProps = Omit<FormikTextFieldProps, 'type'> & {
  /** The toggle's accessible names, e.g. "Show password" / "Hide password". */
  toggleLabels?: { show: string; hide: string };
};

const DEFAULT_TOGGLE_LABELS = { show: 'Show password', hide: 'Hide password' };

/** A password field with a Show/Hide toggle (spec section 2, Login). */
export function FormikPasswordField({
  toggleLabels = DEFAULT_TOGGLE_LABELS,
  slotProps,
  ...props
}: FormikPasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  return (
    <FormikTextField
      {...props}
      type={visible ? 'text' : 'password'}
      slotProps={{
        ...slotProps,
        input: {
          endAdornment: (
            <InputAdornment position="end">
              {/* The visible word starts the accessible name, so voice control users can say what they see. */}
              <Button
                size="small"
                onClick={() => setVisible((shown) => !shown)}
                aria-label={visible ? toggleLabels.hide : toggleLabels.show}
                aria-controls={props.id ?? props.name}
              >
                {visible ? 'Hide' : 'Show'}
              </Button>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
