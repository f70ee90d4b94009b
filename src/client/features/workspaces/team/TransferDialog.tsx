import { errorMessage } from '@client/api/errors';
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
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  Radio,
  RadioGroup,
  Stack,
} from '@mui/material';
import type { Member } from '@shared/api/workspaces';
import { transferSchema } from '@shared/validation/workspaces';
import { Form, Formik, useField } from 'formik';

import type { TransferCandidate } from './transfer.machine';
import type { TransferFlow } from './useTransferFlow';

/** Said when a transfer fails and the server gave no reason. */
export const TRANSFER_FAILED = 'Unable to transfer ownership. Please try again.';
/** What the caller becomes, said before they confirm. */
export const YOU_BECOME_MANAGER = 'You will become a manager.';
/** What a finished transfer comes to. */
export const transferredText = (name: string, workspace: string) => `${name} now owns ${workspace}. You are a manager.`;

const TITLE_ID = 'transfer-dialog-title';
const TEXT_ID = 'transfer-dialog-text';
const MEMBER_ERROR_ID = 'transfer-member-error';

interface ChoiceValues {
  user_id: string;
}

function MemberChoice({ candidates }: { candidates: readonly TransferCandidate[] }) {
  const [field, meta] = useField<string>('user_id');
  const showError = meta.touched && meta.error !== undefined;
  return (
    <FormControl component="fieldset" error={showError}>
      <FormLabel component="legend">New owner</FormLabel>
      <RadioGroup
        name={field.name}
        value={field.value}
        onChange={field.onChange}
        aria-describedby={showError ? MEMBER_ERROR_ID : undefined}
      >
        {candidates.map((member) => (
          <FormControlLabel
            key={member.user_id}
            value={member.user_id}
            control={<Radio size="small" />}
            label={`${member.full_name} (${member.email})`}
          />
        ))}
      </RadioGroup>
      {showError && <FormHelperText id={MEMBER_ERROR_ID}>{meta.error}</FormHelperText>}
    </FormControl>
  );
}

/** Props of TransferDialog. */
export interface TransferDialogProps extends TransferFlow {
  /** The members ownership may go to: everyone but the caller. */
  candidates: readonly Member[];
  workspaceName: string;
}

/**
 * Transferring ownership (issue 12): choose the member, confirm (the caller becomes a manager),
 * then what came of it. Escape and Cancel close it at any step but while the transfer runs.
 */
export function TransferDialog({ snapshot: current, send, candidates, workspaceName }: TransferDialogProps) {
  const open = !current.matches('closed');
  // The last step shown stays in the dialog while it fades out.
  const snapshot = useLastShown(open ? current : null) ?? current;
  const { candidate, error } = snapshot.context;
  const transferring = snapshot.matches('transferring');
  const cancel = () => send({ type: 'CANCEL' });

  let content = null;
  if (snapshot.matches('choosing')) {
    content = (
      <Formik<ChoiceValues>
        initialValues={{ user_id: candidate?.user_id ?? '' }}
        validationSchema={transferSchema}
        onSubmit={({ user_id }) => {
          const member = candidates.find((item) => item.user_id === user_id);
          if (member) send({ type: 'CHOOSE', member });
        }}
      >
        <Form noValidate aria-labelledby={TITLE_ID}>
          <DialogContent>
            <Stack spacing={2}>
              <DialogContentText id={TEXT_ID}>Choose the member who will own {workspaceName}.</DialogContentText>
              <MemberChoice candidates={candidates} />
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={cancel}>Cancel</Button>
            <Button type="submit" variant="contained">
              Continue
            </Button>
          </DialogActions>
        </Form>
      </Formik>
    );
  } else if (candidate && (snapshot.matches('confirming') || transferring || snapshot.matches('failed'))) {
    const failure = snapshot.matches('failed') ? errorMessage(error, TRANSFER_FAILED) : null;
    content = (
      <>
        <DialogContent>
          <Stack spacing={2}>
            <DialogContentText id={TEXT_ID}>
              {candidate.full_name} ({candidate.email}) will own {workspaceName}: the team, billing and deleting the
              workspace. {YOU_BECOME_MANAGER}
            </DialogContentText>
            {failure && <Alert severity="error">{failure}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={cancel} disabled={transferring}>
            Cancel
          </Button>
          <Button onClick={() => send({ type: 'BACK' })} disabled={transferring}>
            Back
          </Button>
          <LoadingButton
            variant="contained"
            color="warning"
            loading={transferring}
            onClick={() => send({ type: failure ? 'RETRY' : 'CONFIRM' })}
          >
            {failure ? 'Try again' : 'Transfer ownership'}
          </LoadingButton>
        </DialogActions>
      </>
    );
  } else if (candidate && snapshot.matches('done')) {
    content = (
      <>
        <DialogContent>
          <Alert severity="success" role="status" id={TEXT_ID}>
            {transferredText(candidate.full_name, workspaceName)}
          </Alert>
        </DialogContent>
        <DialogActions>
          <Button variant="contained" onClick={cancel} autoFocus>
            Close
          </Button>
        </DialogActions>
      </>
    );
  }

  return (
    <Dialog
      open={open}
      onClose={transferring ? undefined : cancel}
      aria-labelledby={TITLE_ID}
      aria-describedby={TEXT_ID}
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id={TITLE_ID}>Transfer ownership</DialogTitle>
      {content}
    </Dialog>
  );
}
