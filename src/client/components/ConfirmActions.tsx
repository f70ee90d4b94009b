import { Button, DialogActions } from '@mui/material';

import { LoadingButton } from './LoadingButton';

/** Props of ConfirmActions. */
export interface ConfirmActionsProps {
  /** Text of the confirming button ("Delete", "Disconnect", "Logout"). */
  confirmLabel: string;
  /** The confirmed action is running: Cancel is disabled and the confirm button spins. */
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  /** Red for actions that destroy something. */
  destructive?: boolean;
}

/** The Cancel / confirm pair at the bottom of a confirmation dialog. */
export function ConfirmActions({ confirmLabel, busy, onCancel, onConfirm, destructive = false }: ConfirmActionsProps) {
  return (
    <DialogActions>
      <Button onClick={onCancel} disabled={busy}>
        Cancel
      </Button>
      <LoadingButton variant="contained" color={destructive ? 'error' : 'primary'} loading={busy} onClick={onConfirm}>
        {confirmLabel}
      </LoadingButton>
    </DialogActions>
  );
}
