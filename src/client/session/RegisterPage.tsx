import { browserTimeZone } from '@client/api/baseQuery';
import { sendBeacon } from '@client/api/beacons';
import { errorMessage } from '@client/api/errors';
import { fallbackText } from '@client/api/errorToasts';
import { FormikCheckbox } from '@client/components/FormikCheckbox';
import { FormikPasswordField } from '@client/components/FormikPasswordField';
import { FormikTextField } from '@client/components/FormikTextField';
import { FormSubmit } from '@client/components/FormSubmit';
import { notify } from '@client/lib/notify';
import { paths } from '@client/lib/paths';
import { Link, Stack, Typography } from '@mui/material';
import type { ApiErrorBody } from '@shared/api/errors';
import { TRIAL_DURATION_MS } from '@shared/constants';
import { DAY_MS } from '@shared/days';
import { type RegisterInput, registerSchema } from '@shared/validation/auth';
import { Form, Formik, type FormikHelpers } from 'formik';
import { useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';

import { AuthLayout } from './AuthLayout';
import { PasswordStrengthMeter } from './PasswordStrengthMeter';
import { useRegisterMutation } from './session.api';
import { sessionErrorFallbacks } from './session.errors';

/** The notice after a successful registration (spec section 8). */
export const REGISTERED_MESSAGE = 'Account created! Please log in.';

const TRIAL_DAYS = TRIAL_DURATION_MS / DAY_MS;
const FAILURE_ID = 'register-failure';

type RegisterFormValues = Omit<RegisterInput, 'timeZone'>;

// The newsletter opt-in defaults to on (spec section 2).
const initialValues: RegisterFormValues = {
  fullName: '',
  email: '',
  password: '',
  confirmPassword: '',
  newsletter: true,
};

function fieldOf(error: unknown): string | null {
  if (typeof error !== 'object' || error === null) return null;
  const data = (error as { data?: Partial<ApiErrorBody> }).data;
  return typeof data?.field === 'string' ? data.field : null;
}

/** The registration page (/register): the account is created, then the person logs in. */
export function RegisterPage() {
  const [register] = useRegisterMutation();
  const navigate = useNavigate();
  const { state } = useLocation();
  const [failure, setFailure] = useState<string | null>(null);

  const handleSubmit = async (values: RegisterFormValues, helpers: FormikHelpers<RegisterFormValues>) => {
    setFailure(null);
    const timeZone = browserTimeZone() ?? undefined;
    // The cast trims the name and trims and lower-cases the address, as the server stores them.
    const input = registerSchema.cast({ ...values, timeZone });
    try {
      await register(input).unwrap();
      sendBeacon('analytics/register', { ts: Date.now(), newsletter: input.newsletter });
      notify(REGISTERED_MESSAGE, 'success');
      // A visitor sent here from another page (an invitation) goes back there after logging in.
      navigate(paths.login, { state });
    } catch (error) {
      const message = errorMessage(error, fallbackText(sessionErrorFallbacks.register));
      // The toast comes from the API error channel; the message also stays under the form
      // (spec section 8), and on the field it is about when the server names one.
      setFailure(message);
      const field = fieldOf(error);
      if (field !== null && field in initialValues) helpers.setFieldError(field, message);
    }
  };

  return (
    <AuthLayout title="Create your account" intro={`Start with a ${TRIAL_DAYS}-day free trial, no card needed.`}>
      <Formik initialValues={initialValues} validationSchema={registerSchema} onSubmit={handleSubmit}>
        {({ isSubmitting, values }) => (
          <Form noValidate aria-label="Register" aria-describedby={failure ? FAILURE_ID : undefined}>
            <Stack spacing={2}>
              <FormikTextField name="fullName" label="Full name" autoComplete="name" required fullWidth />
              <FormikTextField name="email" label="Email" type="email" autoComplete="email" required fullWidth />
              <Stack spacing={1}>
                <FormikPasswordField name="password" label="Password" autoComplete="new-password" required fullWidth />
                <PasswordStrengthMeter password={values.password} />
              </Stack>
              <FormikPasswordField
                name="confirmPassword"
                label="Confirm password"
                autoComplete="new-password"
                required
                fullWidth
                toggleLabels={{ show: 'Show password confirmation', hide: 'Hide password confirmation' }}
              />
              <FormikCheckbox name="newsletter" label="Send me the Adwise newsletter (optional)" />
              <FormSubmit label="Create account" submitting={isSubmitting} failure={failure} failureId={FAILURE_ID} />
            </Stack>
          </Form>
        )}
      </Formik>
      <Typography variant="body2">
        Already have an account?{' '}
        <Link component={RouterLink} to={paths.login}>
          Login
        </Link>
      </Typography>
    </AuthLayout>
  );
}
