import { errorMessage } from '@client/api/errors';
import { FormikTextField } from '@client/components/FormikTextField';
import { LoadingButton } from '@client/components/LoadingButton';
import { lockedLabel } from '@client/components/otp/otpResendLock';
import { type OtpView, useOtpConfirm } from '@client/components/otp/useOtpConfirm';
import { OtpEntryStep } from '@client/components/OtpEntryStep';
import { useLastShown } from '@client/components/useLastShown';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
} from '@mui/material';
import { WORKSPACE_MESSAGES } from '@shared/api/workspaces';
import { deleteWorkspaceSchema } from '@shared/validation/workspaces';
import { Form, Formik, type FormikErrors } from 'formik';

import type { DeleteWorkspaceTarget } from './deleteWorkspace.machine';
import type { DeleteWorkspaceFlow } from './useDeleteWorkspaceFlow';

/** The dialog's steps. */
type Step = 'name' | 'otp' | 'failed';

/** Each step's title. */
export const DELETE_WORKSPACE_STEP_TITLES: Record<Step, string> = {
  name: 'Delete workspace?',
  otp: 'Enter OTP',
  failed: 'Workspace not deleted',
};

/** Said for a failed step when the server gave no reason. */
const STEP_FALLBACKS: Record<Step, string> = {
  name: 'Unable to send OTP. Please try again.',
  otp: 'Invalid OTP.',
  failed: 'Failed to delete the workspace.',
};

const TITLE_ID = 'delete-workspace-title';
const TEXT_ID = 'delete-workspace-text';

type Snapshot = DeleteWorkspaceFlow['snapshot'];
type Send = DeleteWorkspaceFlow['send'];

/** The step on show: while the OTP child sends the code, the name stays on show. */
function stepOf(snapshot: Snapshot, otp: OtpView): Step | null {
  if (snapshot.matches('naming')) return 'name';
  if (snapshot.matches('otp')) return otp.stage === 'idle' || otp.stage === 'sending' ? 'name' : 'otp';
  if (snapshot.matches('deleting')) return 'otp';
  if (snapshot.matches('failed')) return 'failed';
  return null;
}

interface StepProps {
  workspace: DeleteWorkspaceTarget;
  snapshot: Snapshot;
  otp: OtpView;
  send: Send;
  failure: string | null;
}

function FailureAlert({ failure }: { failure: string | null }) {
  return failure ? <Alert severity="error">{failure}</Alert> : null;
}

function NameStep({ workspace, otp, send, failure }: StepProps) {
  const sending = otp.stage === 'sending';
  const secondsLeft = otp.resendSecondsLeft;
  // The shared schema, then the name itself: the server compares them again.
  const validate = ({ name }: { name: string }): FormikErrors<{ name: string }> =>
    deleteWorkspaceSchema.isValidSync({ name }) && name.trim() === workspace.name
      ? {}
      : { name: WORKSPACE_MESSAGES.nameMismatch };
  return (
    <Formik
      initialValues={{ name: '' }}
      validate={validate}
      onSubmit={({ name }) => send({ type: 'CONFIRM_NAME', name })}
    >
      <Form noValidate aria-labelledby={TITLE_ID}>
        <DialogContent>
          <Stack spacing={2}>
            <DialogContentText id={TEXT_ID}>
              This deletes {workspace.name} for everyone in it: its connected accounts and their data, its team and its
              invitations. Other workspaces are not touched. Type <Box component="strong">{workspace.name}</Box> to
              confirm; we&apos;ll then email you a one-time password (OTP).
            </DialogContentText>
            <FormikTextField
              name="name"
              id="delete-workspace-name"
              label="Workspace name"
              autoComplete="off"
              autoFocus
              required
              fullWidth
              disabled={sending}
            />
            <FailureAlert failure={failure} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => send({ type: 'CANCEL' })}>Cancel</Button>
          <LoadingButton type="submit" variant="contained" color="error" loading={sending} disabled={secondsLeft > 0}>
            {lockedLabel('Send OTP', secondsLeft)}
          </LoadingButton>
        </DialogActions>
      </Form>
    </Formik>
  );
}

function OtpStep({ snapshot, otp, send, failure }: StepProps) {
  const deleting = snapshot.matches('deleting');
  return (
    <OtpEntryStep
      titleId={TITLE_ID}
      textId={TEXT_ID}
      text="Enter the 6-digit code we sent to your email. The workspace is deleted once it checks out."
      submitLabel="Delete workspace"
      submitColor="error"
      // Verified is the instant before the delete starts.
      busy={otp.stage === 'verifying' || otp.stage === 'verified' || deleting}
      cancelDisabled={deleting}
      resendSecondsLeft={otp.resendSecondsLeft}
      failure={failure}
      onVerify={(otp) => send({ type: 'VERIFY', otp })}
      onCancel={() => send({ type: 'CANCEL' })}
      onResend={() => send({ type: 'RESEND' })}
    />
  );
}

function FailedStep({ otp, send, failure }: StepProps) {
  const secondsLeft = otp.resendSecondsLeft;
  return (
    <>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText id={TEXT_ID}>
            The workspace is still there. Try again, or ask for a new OTP if this one has run out.
          </DialogContentText>
          <FailureAlert failure={failure} />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={() => send({ type: 'CANCEL' })}>Cancel</Button>
        <Button onClick={() => send({ type: 'RESEND' })} disabled={secondsLeft > 0}>
          {lockedLabel('New OTP', secondsLeft)}
        </Button>
        <Button variant="contained" color="error" onClick={() => send({ type: 'RETRY' })} autoFocus>
          Try again
        </Button>
      </DialogActions>
    </>
  );
}

const STEP_COMPONENTS = { name: NameStep, otp: OtpStep, failed: FailedStep };

/** Props of DeleteWorkspaceDialog. */
export interface DeleteWorkspaceDialogProps {
  snapshot: Snapshot;
  send: Send;
}

/**
 * Deleting the current workspace (issue 12): the name typed again, an emailed OTP, then the
 * delete. Escape and Cancel close it at any step but while the delete runs.
 */
export function DeleteWorkspaceDialog({ snapshot, send }: DeleteWorkspaceDialogProps) {
  const otp = useOtpConfirm(snapshot.children.otp);
  const step = stepOf(snapshot, otp);
  const { workspace } = snapshot.context;
  // The delete's failure is the flow's own; the send's and the verify's are the OTP child's.
  const error = snapshot.context.error ?? otp.error;
  const current = step && workspace ? { step, workspace } : null;
  // The last step shown stays in the dialog while it fades out.
  const view = useLastShown(current, (a, b) => a.step === b.step && a.workspace === b.workspace);

  const deleting = snapshot.matches('deleting');
  const failure = current && error ? errorMessage(error, STEP_FALLBACKS[current.step]) : null;
  const StepContent = view ? STEP_COMPONENTS[view.step] : null;

  return (
    <Dialog
      open={current !== null}
      onClose={deleting ? undefined : () => send({ type: 'CANCEL' })}
      aria-labelledby={TITLE_ID}
      aria-describedby={TEXT_ID}
      fullWidth
      maxWidth="xs"
    >
      {view && StepContent && (
        <>
          <DialogTitle id={TITLE_ID}>{DELETE_WORKSPACE_STEP_TITLES[view.step]}</DialogTitle>
          <StepContent workspace={view.workspace} snapshot={snapshot} otp={otp} send={send} failure={failure} />
        </>
      )}
    </Dialog>
  );
}
