import { errorMessage } from '@client/api/errors';
import { fallbackText } from '@client/api/errorToasts';
import { ConfirmActions } from '@client/components/ConfirmActions';
import { LoadingButton } from '@client/components/LoadingButton';
import { OtpEntryStep } from '@client/components/OtpEntryStep';
import { lockedLabel } from '@client/components/otpResendLock';
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

function stepOf(snapshot: Snapshot): Step | null {
  if (snapshot.matches({ flow: 'sendStep' }) || snapshot.matches({ flow: 'sending' })) return 'send';
  if (snapshot.matches({ flow: 'otpStep' }) || snapshot.matches({ flow: 'verifying' })) return 'otp';
  if (snapshot.matches({ flow: 'confirmStep' }) || snapshot.matches({ flow: 'deleting' })) return 'confirm';
  return null;
}

const accountName = (account: DisconnectTarget) => `${account.platform.toUpperCase()} account ${account.account_id}`;

interface StepProps {
  account: DisconnectTarget;
  snapshot: Snapshot;
  send: Send;
  /** The last failure of this step, ready to show. */
  failure: string | null;
}

function FailureAlert({ failure }: { failure: string | null }) {
  return failure ? <Alert severity="error">{failure}</Alert> : null;
}

function SendStep({ account, snapshot, send, failure }: StepProps) {
  const secondsLeft = snapshot.context.resendSecondsLeft;
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
          loading={snapshot.matches({ flow: 'sending' })}
          disabled={secondsLeft > 0}
          onClick={() => send({ type: 'SEND' })}
        >
          {lockedLabel('Send OTP', secondsLeft)}
        </LoadingButton>
      </DialogActions>
    </>
  );
}

function OtpStep({ snapshot, send, failure }: StepProps) {
  return (
    <OtpEntryStep
      titleId={TITLE_ID}
      textId={TEXT_ID}
      text="Enter the 6-digit code we sent to your email."
      submitLabel="Verify OTP"
      busy={snapshot.matches({ flow: 'verifying' })}
      resendSecondsLeft={snapshot.context.resendSecondsLeft}
      failure={failure}
      onVerify={(otp) => send({ type: 'VERIFY', otp })}
      onCancel={() => send({ type: 'CANCEL' })}
      onResend={() => send({ type: 'RESEND' })}
    />
  );
}

function ConfirmStep({ account, snapshot, send, failure }: StepProps) {
  const deleting = snapshot.matches({ flow: 'deleting' });
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
  const step = stepOf(snapshot);
  const { account, error } = snapshot.context;
  const current = step && account ? { step, account } : null;
  // The last step shown stays in the dialog while it fades out.
  const view = useLastShown(current, (a, b) => a.step === b.step && a.account === b.account);

  const deleting = snapshot.matches({ flow: 'deleting' });
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
          <StepContent account={view.account} snapshot={snapshot} send={send} failure={current ? failure : null} />
        </>
      )}
    </Dialog>
  );
}
