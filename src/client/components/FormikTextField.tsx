import { useField } from 'formik';

import { OutlinedTextField, type OutlinedTextFieldProps } from './OutlinedTextField';

/** Text field props without what Formik owns; `name` is the Formik field. */
export type FormikTextFieldProps = Omit<OutlinedTextFieldProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'error'> & {
  name: string;
};

/**
 * The one Formik-to-MUI text field: value and handlers from Formik, and the field's
 * validation message shown (and marked as an error) once the field has been touched.
 */
export function FormikTextField({ name, helperText, id, ...props }: FormikTextFieldProps) {
  const [field, meta] = useField<string>(name);
  const showError = meta.touched && meta.error !== undefined;
  return (
    <OutlinedTextField
      {...props}
      {...field}
      id={id ?? name}
      value={field.value ?? ''}
      error={showError}
      helperText={showError ? meta.error : helperText}
    />
  );
}
