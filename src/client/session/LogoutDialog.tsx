import { ConfirmActions } from '@client/components/ConfirmActions';
import { Dialog, DialogContent, DialogContentText, DialogTitle } from '@mui/material';

/** Props of LogoutDialog. */
export interface LogoutDialogProps {
  open: boolean;
  /** True while the logout call runs: Logout spins and Cancel is off. */
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

const TITLE_ID = 'logout-dialog-title';
const TEXT_ID = 'logout-dialog-text';

/** The logout confirmation (spec section 2, Account page): Cancel or Logout. */
export function LogoutDialog({ open, busy, onCancel, onConfirm }: LogoutDialogProps) {
  return (
    <Dialog open={open} onClose={busy ? undefined : onCancel} aria-labelledby={TITLE_ID} aria-describedby={TEXT_ID}>
      <DialogTitle id={TITLE_ID}>Log out?</DialogTitle>
      <DialogContent>
        <DialogContentText id={TEXT_ID}>
          You will need to log in again to see your dashboard and connected accounts.
        </DialogContentText>
      </DialogContent>
      <ConfirmActions confirmLabel="Logout" busy={busy} onCancel={onCancel} onConfirm={onConfirm} />
    </Dialog>
  );
}
