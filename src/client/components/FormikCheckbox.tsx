import { Checkbox, FormControlLabel } from '@mui/material';
import { useField } from 'formik';

/** Props of FormikCheckbox. */
export interface FormikCheckboxProps {
  /** The Formik field (a boolean). */
  name: string;
  /** The visible label, which is also the checkbox's accessible name. */
  label: string;
}

/** A labelled checkbox bound to a boolean Formik field. */
export function FormikCheckbox({ name, label }: FormikCheckboxProps) {
  const [field] = useField<boolean>({ name, type: 'checkbox' });
  return <FormControlLabel control={<Checkbox {...field} checked={Boolean(field.checked)} />} label={label} />;
}
