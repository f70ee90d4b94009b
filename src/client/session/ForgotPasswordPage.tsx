import { errorMessage } from '@client/api/errors';
import { fallbackText } from '@client/api/errorToasts';
import { FormikPasswordField } from '@client/components/FormikPasswordField';
import { FormikTextField } from '@client/components/FormikTextField';
import { FormSubmit } from '@client/components/FormSubmit';
import { paths } from '@client/lib/paths';
import { Alert, Button, Link, Stack, Typography } from '@mui/material';
import {
  type ForgotPasswordInput,
  forgotPasswordSchema,
  type ResetPasswordInput,
  resetPasswordSchema,
} from '@shared/validation/auth';
import { Form, Formik } from 'formik';
import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';

import { AuthLayout } from './AuthLayout';
import { PasswordStrengthMeter } from './PasswordStrengthMeter';
import { useForgotPasswordMutation, useResetPasswordMutation } from './session.api';
import { sessionErrorFallbacks } from './session.errors';

/** The query parameter of the mailed reset link (`/forgot-password?token=...`). */
export const RESET_TOKEN_PARAM = 'token';

/** Step one: ask for a link. The reply is the same whether or not the address is registered. */
function RequestLinkForm() {
  const [forgotPassword] = useForgotPasswordMutation();
  const [sent, setSent] = useState<string | null>(null);

  const handleSubmit = async (values: ForgotPasswordInput) => {
    try {
      const { detail } = await forgotPassword(forgotPasswordSchema.cast(values)).unwrap();
      setSent(detail);
    } catch {
      // The API error channel has already told the user; the form stays for another try.
    }
  };

  return (
    <AuthLayout
      title="Forgot your password?"
      intro="Enter the email you registered with and we will send you a link to choose a new password."
    >
      {sent ? (
        <Stack spacing={2}>
          <Alert severity="success">{sent}</Alert>
          <Button component={RouterLink} to={paths.login} variant="contained">
            Back to Login
          </Button>
        </Stack>
      ) : (
        <Formik initialValues={{ email: '' }} validationSchema={forgotPasswordSchema} onSubmit={handleSubmit}>
          {({ isSubmitting }) => (
            <Form noValidate aria-label="Request a reset link">
              <Stack spacing={2}>
                <FormikTextField name="email" label="Email" type="email" autoComplete="email" required fullWidth />
                <FormSubmit label="Send reset link" submitting={isSubmitting} />
              </Stack>
            </Form>
          )}
        </Formik>
      )}
      <Typography variant="body2">
        Remembered it?{' '}
        <Link component={RouterLink} to={paths.login}>
          Login
        </Link>
      </Typography>
    </AuthLayout>
  );
}

/** Step two, reached from the mailed link: choose a new password. */
function ChooseNewPasswordForm({ token }: { token: string }) {
  const [resetPassword] = useResetPasswordMutation();
  const [changed, setChanged] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const initialValues: ResetPasswordInput = { token, password: '', confirmPassword: '' };

  const handleSubmit = async (values: ResetPasswordInput) => {
    setFailure(null);
    try {
      const { detail } = await resetPassword(resetPasswordSchema.cast(values)).unwrap();
      setChanged(detail);
    } catch (error) {
      // An expired or used link cannot succeed on a second try, so the way forward stays on screen.
      setFailure(errorMessage(error, fallbackText(sessionErrorFallbacks.resetPassword)));
    }
  };

  return (
    <AuthLayout title="Choose a new password" intro="Pick a password you have not used here before.">
      {changed ? (
        <Stack spacing={2}>
          <Alert severity="success">{changed}</Alert>
          <Button component={RouterLink} to={paths.login} variant="contained">
            Go to Login
          </Button>
        </Stack>
      ) : (
        <Formik initialValues={initialValues} validationSchema={resetPasswordSchema} onSubmit={handleSubmit}>
          {({ isSubmitting, values }) => (
            <Form noValidate aria-label="Choose a new password">
              <Stack spacing={2}>
                <Stack spacing={1}>
                  <FormikPasswordField
                    name="password"
                    label="New password"
                    autoComplete="new-password"
                    required
                    fullWidth
                  />
                  <PasswordStrengthMeter password={values.password} />
                </Stack>
                <FormikPasswordField
                  name="confirmPassword"
                  label="Confirm new password"
                  autoComplete="new-password"
                  required
                  fullWidth
                  toggleLabels={{ show: 'Show password confirmation', hide: 'Hide password confirmation' }}
                />
                <FormSubmit
                  label="Change password"
                  submitting={isSubmitting}
                  failure={failure}
                  failureAction={
                    <Button component={RouterLink} to={paths.forgotPassword} color="inherit" size="small">
                      Request a new link
                    </Button>
                  }
                />
              </Stack>
            </Form>
          )}
        </Formik>
      )}
    </AuthLayout>
  );
}

/** The password help page (/forgot-password): with ?token= from the mailed link it sets a new password, else it sends the link. */
export function ForgotPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get(RESET_TOKEN_PARAM)?.trim();
  // Keyed by token so a second link opened in the same tab starts from a clean form.
  return token ? <ChooseNewPasswordForm key={token} token={token} /> : <RequestLinkForm />;
}
