import { errorMessage } from '@client/api/errors';
import { fallbackText } from '@client/api/errorToasts';
import { ConfirmActions } from '@client/components/ConfirmActions';
import { LoadingButton } from '@client/components/LoadingButton';
import { lockedLabel } from '@client/components/otp/otpResendLock';
import { type OtpView, useOtpConfirm } from '@client/components/otp/useOtpConfirm';
import { OtpEntryStep } from '@client/components/OtpEntryStep';
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

import { adAccountsErrorFallbacks } from './adAccounts.errors';
import type { DisconnectTarget } from './disconnect.machine';
import type { DisconnectFlow } from './useDisconnectFlow';

/** The dialog's three steps. */
type Step = 'send' | 'otp' | 'confirm';

/** Each step's title (spec section 4). */
export const DISCONNECT_STEP_TITLES: Record<Step, string> = {
  send: "Verify it's you",
  otp: 'Enter OTP',
  confirm: 'Disconnect account?',
};

/** The call each step makes, for the fallback text of its failure. */
const STEP_ENDPOINTS = {
  send: 'generateOtp',
  otp: 'verifyOtp',
  confirm: 'deleteConnectedAccount',
} as const satisfies Record<Step, keyof typeof adAccountsErrorFallbacks>;

const TITLE_ID = 'disconnect-dialog-title';
const TEXT_ID = 'disconnect-dialog-text';

type Snapshot = DisconnectFlow['snapshot'];
type Send = DisconnectFlow['send'];

/** The step on show: the OTP child's stage says which of its two steps it is. */
function stepOf(snapshot: Snapshot, otp: OtpView): Step | null {
  if (snapshot.matches('otp')) return otp.stage === 'idle' || otp.stage === 'sending' ? 'send' : 'otp';
  if (snapshot.matches('confirmStep') || snapshot.matches('deleting')) return 'confirm';
  return null;
}

const accountName = (account: DisconnectTarget) => `${account.platform.toUpperCase()} account ${account.account_id}`;

interface StepProps {
  account: DisconnectTarget;
  snapshot: Snapshot;
  otp: OtpView;
  send: Send;
  /** The last failure of this step, ready to show. */
  failure: string | null;
}

function FailureAlert({ failure }: { failure: string | null }) {
  return failure ? <Alert severity="error">{failure}</Alert> : null;
}

function SendStep({ account, otp, send, failure }: StepProps) {
  const secondsLeft = otp.resendSecondsLeft;
  return (
    <>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText id={TEXT_ID}>
            To disconnect the {accountName(account)}, first confirm it&apos;s you: we&apos;ll email you a one-time
            password (OTP).
          </DialogContentText>
          <FailureAlert failure={failure} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => send({ type: 'CANCEL' })}>Cancel</Button>
        <LoadingButton
          variant="contained"
          // A disabled button cannot take focus; the dialog itself has it then.
          autoFocus={secondsLeft === 0}
          loading={otp.stage === 'sending'}
          disabled={secondsLeft > 0}
          onClick={() => send({ type: 'SEND' })}
        >
          {lockedLabel('Send OTP', secondsLeft)}
        </LoadingButton>
      </DialogActions>
    </>
  );
}

function OtpStep({ otp, send, failure }: StepProps) {
  return (
    <OtpEntryStep
      titleId={TITLE_ID}
      textId={TEXT_ID}
      text="Enter the 6-digit code we sent to your email."
      submitLabel="Verify OTP"
      // Verified is the instant before the confirmation shows.
      busy={otp.stage === 'verifying' || otp.stage === 'verified'}
      resendSecondsLeft={otp.resendSecondsLeft}
      failure={failure}
      onVerify={(otp) => send({ type: 'VERIFY', otp })}
      onCancel={() => send({ type: 'CANCEL' })}
      onResend={() => send({ type: 'RESEND' })}
    />
  );
}

function ConfirmStep({ account, snapshot, send, failure }: StepProps) {
  const deleting = snapshot.matches('deleting');
  return (
    <>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText id={TEXT_ID}>
            Adwise will stop syncing the {accountName(account)}
            {account.name ? ` (${account.name})` : ''}. You can connect it again at any time.
          </DialogContentText>
          <FailureAlert failure={failure} />
        </Stack>
      </DialogContent>
      <ConfirmActions
        confirmLabel="Disconnect"
        destructive
        busy={deleting}
        onCancel={() => send({ type: 'CANCEL' })}
        onConfirm={() => send({ type: 'CONFIRM' })}
      />
    </>
  );
}

const STEP_COMPONENTS = { send: SendStep, otp: OtpStep, confirm: ConfirmStep };

/** Props of DisconnectDialog. */
export interface DisconnectDialogProps {
  snapshot: Snapshot;
  send: Send;
}

/**
 * The disconnect modal (spec section 4): verify with an emailed OTP, then confirm.
 * Escape and Cancel close it at any step but while the delete runs.
 */
export function DisconnectDialog({ snapshot, send }: DisconnectDialogProps) {
  const otp = useOtpConfirm(snapshot.children.otp);
  const step = stepOf(snapshot, otp);
  const { account } = snapshot.context;
  // The delete's failure is the flow's own; the send's and the verify's are the OTP child's.
  const error = snapshot.context.error ?? otp.error;
  const current = step && account ? { step, account } : null;
  // The last step shown stays in the dialog while it fades out.
  const view = useLastShown(current, (a, b) => a.step === b.step && a.account === b.account);

  const deleting = snapshot.matches('deleting');
  const failure =
    current && error ? errorMessage(error, fallbackText(adAccountsErrorFallbacks[STEP_ENDPOINTS[current.step]])) : null;
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
          <DialogTitle id={TITLE_ID}>{DISCONNECT_STEP_TITLES[view.step]}</DialogTitle>
          <StepContent
            account={view.account}
            snapshot={snapshot}
            otp={otp}
            send={send}
            failure={current ? failure : null}
          />
        </>
      )}
    </Dialog>
  );
}
