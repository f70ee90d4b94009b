import { sendBeacon } from '@client/api/beacons';
import { useAppDispatch, useAppSelector } from '@client/app/hooks';
import { ConfirmActions } from '@client/components/ConfirmActions';
import { FormikTextField } from '@client/components/FormikTextField';
import { SimplePage } from '@client/components/SimplePage';
import { notify } from '@client/lib/notify';
import { paths } from '@client/lib/paths';
import { accountDeleted, selectIsLoggedIn } from '@client/session/session.slice';
import { Alert, Button, Dialog, DialogContent, DialogContentText, DialogTitle, Stack } from '@mui/material';
import { deleteAccountFormSchema } from '@shared/validation/auth';
import { useMachine } from '@xstate/react';
import { Form, Formik } from 'formik';
import { Navigate, useNavigate } from 'react-router-dom';
import { fromPromise } from 'xstate';

import { useDeleteAccountMutation } from './account.api';
import { deleteAccountMachine } from './deleteAccount.machine';

/** The notice when the deletion starts (spec section 8). */
export const deletingMessage = (name: string) => `Deleting account for user: ${name}`;

const TITLE = 'Delete Account';
const DIALOG_TITLE_ID = 'delete-dialog-title';
const DIALOG_TEXT_ID = 'delete-dialog-text';

// React Router numbers its history entries; at 0 there is no step back inside the app.
function hasAppHistory(): boolean {
  const idx = (window.history.state as { idx?: unknown } | null)?.idx;
  return typeof idx === 'number' && idx > 0;
}

/**
 * The delete-account page (/delete-account): the username typed as a deliberate act,
 * a confirmation modal, the deletion, every local trace cleared, then /login after
 * DELETE_REDIRECT_MS. It stays on screen through that delay (`pageHandlesSignOut`).
 */
export function DeleteAccountPage() {
  const isLoggedIn = useAppSelector(selectIsLoggedIn);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [deleteAccount] = useDeleteAccountMutation();
  const [snapshot, send] = useMachine(
    deleteAccountMachine.provide({
      actors: {
        deleteAccount: fromPromise(async () => {
          await deleteAccount().unwrap();
          sendBeacon('analytics/delete-account', { ts: Date.now() });
        }),
      },
      actions: {
        notifyDeleting: ({ context }) => notify(deletingMessage(context.username), 'info'),
        clearAccountData: () => dispatch(accountDeleted()),
        redirectToLogin: () => navigate(paths.login, { replace: true }),
      },
    }),
  );

  const deleting = snapshot.matches('deleting');
  if (!isLoggedIn) {
    if (snapshot.matches('redirecting') || snapshot.matches('done')) {
      return <SimplePage title={TITLE} intro="Your account has been deleted. Taking you to the login page…" />;
    }
    return <Navigate to={paths.login} replace />;
  }

  return (
    <SimplePage title={TITLE} intro="Deleting your account removes your data and connected ad accounts.">
      <Alert severity="warning" sx={{ maxWidth: 560 }}>
        This cannot be undone. Your profile, trial, connected ad accounts and their data are removed for good.
      </Alert>
      <Formik
        initialValues={{ username: '' }}
        validationSchema={deleteAccountFormSchema}
        onSubmit={(values) => send({ type: 'SUBMIT', username: values.username.trim() })}
      >
        <Form noValidate aria-label="Delete account">
          <Stack spacing={2} sx={{ maxWidth: 560 }}>
            <FormikTextField name="username" label="Username" autoComplete="username" required fullWidth />
            <Stack direction="row" spacing={2}>
              <Button type="submit" variant="contained" color="error">
                Delete My Account
              </Button>
              <Button onClick={() => (hasAppHistory() ? navigate(-1) : navigate(paths.account))}>Cancel</Button>
            </Stack>
          </Stack>
        </Form>
      </Formik>
      <Dialog
        open={snapshot.matches('confirming') || deleting}
        onClose={deleting ? undefined : () => send({ type: 'CANCEL' })}
        aria-labelledby={DIALOG_TITLE_ID}
        aria-describedby={DIALOG_TEXT_ID}
      >
        <DialogTitle id={DIALOG_TITLE_ID}>Are you sure?</DialogTitle>
        <DialogContent>
          <DialogContentText id={DIALOG_TEXT_ID}>
            The account {snapshot.context.username} and everything tied to it will be deleted permanently.
          </DialogContentText>
        </DialogContent>
        <ConfirmActions
          confirmLabel="Delete"
          destructive
          busy={deleting}
          onCancel={() => send({ type: 'CANCEL' })}
          onConfirm={() => send({ type: 'CONFIRM' })}
        />
      </Dialog>
    </SimplePage>
  );
}
