import { errorMessage } from '@client/api/errors';
import { FormikTextField } from '@client/components/FormikTextField';
import { LoadingButton } from '@client/components/LoadingButton';
import { useLastShown } from '@client/components/useLastShown';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
} from '@mui/material';
import { INVITATION_TTL_DAYS } from '@shared/api/workspaces';
import { type InvitationInput, invitationSchema } from '@shared/validation/workspaces';
import { Form, Formik } from 'formik';

import { RolePicker } from './RolePicker';
import type { InviteFlow } from './useInviteFlow';

/** Said when an invitation fails and the server gave no reason. */
export const INVITE_FAILED = 'Unable to send the invitation. Please try again.';
/** What a sent invitation comes to. */
export const invitationSentText = (email: string) => `Invitation sent to ${email}`;

const TITLE_ID = 'invite-dialog-title';
const FAILURE_ID = 'invite-dialog-failure';
const VALIDITY = `The link in the e-mail works for ${INVITATION_TTL_DAYS} days, once.`;

// The least the invitee can do until the owner says otherwise.
const INITIAL_VALUES: InvitationInput = { email: '', role: 'viewer' };

/** Props of InviteDialog. */
export type InviteDialogProps = InviteFlow;

/**
 * Invites someone by e-mail with a role (issue 12): the form, then whom the invitation went to
 * (with Invite another), or the server's reason beside the form as it was.
 */
export function InviteDialog({ snapshot: current, send }: InviteDialogProps) {
  const open = !current.matches('closed');
  // The last step shown stays in the dialog while it fades out.
  const snapshot = useLastShown(open ? current : null) ?? current;
  const submitting = snapshot.matches('submitting');
  const sentTo = snapshot.matches('sent') ? snapshot.context.sentTo : null;
  const failure = snapshot.matches('failed') ? errorMessage(snapshot.context.error, INVITE_FAILED) : null;
  const close = () => send({ type: 'CLOSE' });

  return (
    <Dialog open={open} onClose={submitting ? undefined : close} aria-labelledby={TITLE_ID} fullWidth maxWidth="sm">
      <DialogTitle id={TITLE_ID}>Invite a member</DialogTitle>
      {sentTo !== null ? (
        <>
          <DialogContent>
            <Stack spacing={2}>
              <Alert severity="success" role="status">
                {invitationSentText(sentTo)}
              </Alert>
              <DialogContentText>{VALIDITY}</DialogContentText>
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => send({ type: 'EDIT' })}>Invite another</Button>
            <Button variant="contained" onClick={close} autoFocus>
              Done
            </Button>
          </DialogActions>
        </>
      ) : (
        <Formik<InvitationInput>
          initialValues={INITIAL_VALUES}
          validationSchema={invitationSchema}
          // The schema's cast trims and lower-cases the address, as the server stores it.
          onSubmit={(values) => send({ type: 'SUBMIT', invitation: invitationSchema.cast(values) })}
        >
          {/* Any edit clears the server's refusal. The native input event, which every field sends as it is
              edited: a form's onChange is React's own event, and the production renderer (Preact) hears
              only the browser's change event, sent when a field is left. */}
          <Form
            noValidate
            aria-labelledby={TITLE_ID}
            aria-describedby={failure ? FAILURE_ID : undefined}
            onInput={() => send({ type: 'EDIT' })}
          >
            <DialogContent>
              <Stack spacing={2.5}>
                <DialogContentText>{VALIDITY} Someone without an account registers first.</DialogContentText>
                <FormikTextField
                  name="email"
                  id="invite-email"
                  label="E-mail"
                  type="email"
                  autoComplete="off"
                  autoFocus
                  required
                  fullWidth
                  disabled={submitting}
                />
                <RolePicker name="role" disabled={submitting} />
                {failure && (
                  <Alert severity="error" id={FAILURE_ID}>
                    {failure}
                  </Alert>
                )}
              </Stack>
            </DialogContent>
            <DialogActions>
              <Button onClick={close} disabled={submitting}>
                Cancel
              </Button>
              <LoadingButton type="submit" variant="contained" loading={submitting}>
                Send invitation
              </LoadingButton>
            </DialogActions>
          </Form>
        </Formik>
      )}
    </Dialog>
  );
}
