import { sendBeacon } from '@client/api/beacons';
import { errorMessage } from '@client/api/errors';
import { fallbackText } from '@client/api/errorToasts';
import { FormikCheckbox } from '@client/components/FormikCheckbox';
import { FormikPasswordField } from '@client/components/FormikPasswordField';
import { FormikTextField } from '@client/components/FormikTextField';
import { FormSubmit } from '@client/components/FormSubmit';
import { paths } from '@client/lib/paths';
import { Box, Link, Stack, Typography } from '@mui/material';
import { type LoginInput, loginSchema } from '@shared/validation/auth';
import { Form, Formik } from 'formik';
import { useState } from 'react';
import { useDispatch } from 'react-redux';
import { Link as RouterLink } from 'react-router-dom';

import { AuthLayout } from './AuthLayout';
import { returnPath } from './lastPage';
import { useLoginMutation } from './session.api';
import { sessionErrorFallbacks } from './session.errors';
import { loggedIn } from './session.slice';

/** The screen's statement about failed logins (spec section 2, Login). */
export const COOLDOWN_NOTICE = 'Fewer than 3 failed logins trigger a cooldown.';

const FAILURE_ID = 'login-failure';

// Where to go after logging in lives with the last page (lastPage.ts); RequireSession sets it, GuestOnly follows it.
export { returnPath };

// Remember me is on by default (spec section 2).
const initialValues: LoginInput = { username: '', password: '', remember: true };

/**
 * The login page (/login): e-mail, password, Remember me; on success the session starts and the
 * page that sent the visitor here opens, else All clients (more than one workspace), the last page
 * worked on, or home (GuestOnly decides).
 */
export function LoginPage() {
  const [login] = useLoginMutation();
  const dispatch = useDispatch();
  const [failure, setFailure] = useState<string | null>(null);

  const handleSubmit = async (values: LoginInput) => {
    setFailure(null);
    // The schema's cast trims and lower-cases the address, as the server expects.
    const input = loginSchema.cast(values);
    try {
      const { access, refresh, fullName, username } = await login(input).unwrap();
      sendBeacon('analytics/login', { ts: Date.now(), remember: input.remember, success: true });
      // GuestOnly, around this page, takes the new session where it belongs: back to the page that
      // sent the visitor here, else All clients or the last page worked on (app/shell/RequireSession.tsx).
      dispatch(loggedIn({ access, refresh, fullName, username, remember: input.remember }));
    } catch (error) {
      sendBeacon('analytics/login', { ts: Date.now(), remember: input.remember, success: false });
      // The toast comes from the API error channel; the reason also stays on screen,
      // so a cooldown's "try again in N seconds" is still readable after the toast is gone.
      setFailure(errorMessage(error, fallbackText(sessionErrorFallbacks.login)));
    }
  };

  return (
    <AuthLayout title="Login" intro="Welcome back. Sign in to see your ad accounts in one place.">
      <Formik initialValues={initialValues} validationSchema={loginSchema} onSubmit={handleSubmit}>
        {({ isSubmitting }) => (
          <Form noValidate aria-label="Login" aria-describedby={failure ? FAILURE_ID : undefined}>
            <Stack spacing={2}>
              <FormikTextField name="username" label="Email" type="email" autoComplete="email" required fullWidth />
              <FormikPasswordField
                name="password"
                label="Password"
                autoComplete="current-password"
                required
                fullWidth
              />
              <Box
                sx={{
                  display: 'flex',
                  alignItems: 'center',
                  justifyContent: 'space-between',
                  flexWrap: 'wrap',
                  gap: 1,
                }}
              >
                <FormikCheckbox name="remember" label="Remember me" />
                <Link component={RouterLink} to={paths.forgotPassword} aria-label="Forgot password?">
                  Forgot?
                </Link>
              </Box>
              <Typography variant="body2" color="text.secondary">
                {COOLDOWN_NOTICE}
              </Typography>
              <FormSubmit label="Login" submitting={isSubmitting} failure={failure} failureId={FAILURE_ID} />
            </Stack>
          </Form>
        )}
      </Formik>
      <Typography variant="body2">
        New to Adwise?{' '}
        <Link component={RouterLink} to={paths.register}>
          Register
        </Link>
      </Typography>
    </AuthLayout>
  );
}
