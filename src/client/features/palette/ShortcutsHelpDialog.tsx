import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Table,
  TableBody,
  TableCell,
  TableRow,
} from '@mui/material';
import { useId } from 'react';

import { GO_SHORTCUTS } from './shortcuts';

/** Props of ShortcutsHelpDialog. */
export interface ShortcutsHelpDialogProps {
  open: boolean;
  onClose: () => void;
  /** The pages the member may open, by key: only their shortcuts are listed. */
  pages: readonly { key: string; label: string }[];
}

const Keys = ({ keys }: { keys: string[] }) => (
  <>
    {keys.map((key, index) => (
      <Box key={key} component="span">
        {index > 0 && ' then '}
        <Box
          component="kbd"
          sx={{ px: 0.75, py: 0.25, border: 1, borderColor: 'divider', borderRadius: 1, fontFamily: 'monospace' }}
        >
          {key}
        </Box>
      </Box>
    ))}
  </>
);

/** The keyboard shortcuts ("?"): the palette's key, this list, and "g then a letter" for each page the member may open. */
export function ShortcutsHelpDialog({ open, onClose, pages }: ShortcutsHelpDialogProps) {
  const titleId = useId();
  const rows = [
    { keys: ['Ctrl K'], what: 'Open the command palette (⌘K on a Mac)' },
    { keys: ['?'], what: 'Show these shortcuts' },
    ...GO_SHORTCUTS.flatMap(({ key, page }) => {
      const target = pages.find((candidate) => candidate.key === page);
      return target ? [{ keys: ['g', key], what: `Go to ${target.label}` }] : [];
    }),
  ];
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>Keyboard shortcuts</DialogTitle>
      <DialogContent>
        <Table size="small" aria-labelledby={titleId}>
          <TableBody>
            {rows.map(({ keys, what }) => (
              <TableRow key={keys.join(' ')}>
                <TableCell component="th" scope="row" sx={{ whiteSpace: 'nowrap' }}>
                  <Keys keys={keys} />
                </TableCell>
                <TableCell>{what}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
