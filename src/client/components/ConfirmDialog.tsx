import { ConfirmActions } from '@client/components/ConfirmActions';
import { useLastShown } from '@client/components/useLastShown';
import { notify } from '@client/lib/notify';
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

/** Props of DeleteDialog. */
export interface DeleteDialogProps<Item> {
  /** What Delete would remove; null while the dialog is closed. */
  item: Item | null;
  /** The question, naming the item. */
  title: (item: Item) => string;
  /** What deleting it means. */
  text: string;
  /** The delete call (its error is toasted by the API error channel). */
  remove: (item: Item) => Promise<unknown>;
  /** The call is running. */
  busy: boolean;
  /** The success notice, naming the item. */
  deleted: (item: Item) => string;
  onClose: () => void;
}

/**
 * Asks before deleting an item; Delete runs the call, says so and closes. A failed call leaves
 * the dialog open for another try. The title keeps naming the item while the dialog fades out.
 */
export function DeleteDialog<Item>({ item, title, text, remove, busy, deleted, onClose }: DeleteDialogProps<Item>) {
  const shown = useLastShown(item);
  const confirm = async () => {
    if (item === null) return;
    try {
      await remove(item);
      notify(deleted(item), 'success');
      onClose();
    } catch {
      // The API error channel says why; the dialog stays for another try.
    }
  };
  return (
    <ConfirmDialog
      open={item !== null}
      title={shown === null ? '' : title(shown)}
      confirmLabel="Delete"
      busy={busy}
      onCancel={onClose}
      onConfirm={() => void confirm()}
    >
      {text}
    </ConfirmDialog>
  );
}
