import { ConfirmActions } from '@client/components/ConfirmActions';
import { Alert, Dialog, DialogContent, DialogContentText, DialogTitle, Stack } from '@mui/material';
import { type ReactNode, useId } from 'react';

/** Props of ConfirmDialog. */
export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** The confirmed call is running: the dialog stays and Cancel is disabled. */
  busy: boolean;
  /** Why the last try failed (the server's detail), shown under the text; left out where the API error channel's toast says it. */
  failure?: string | null;
  onCancel: () => void;
  onConfirm: () => void;
}

/** A one-step confirmation of a destructive action (remove a member, leave a team, delete a budget or a rule). */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  busy,
  failure,
  onCancel,
  onConfirm,
}: ConfirmDialogProps) {
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onCancel}
      aria-labelledby={titleId}
      aria-describedby={textId}
      fullWidth
      maxWidth="xs"
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText id={textId}>{children}</DialogContentText>
          {failure && <Alert severity="error">{failure}</Alert>}
        </Stack>
      </DialogContent>
      <ConfirmActions confirmLabel={confirmLabel} destructive busy={busy} onCancel={onCancel} onConfirm={onConfirm} />
    </Dialog>
  );
}
