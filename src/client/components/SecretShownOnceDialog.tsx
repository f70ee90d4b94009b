import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  Typography,
} from '@mui/material';
import { useId, useState } from 'react';

/** The words every secret dialog shares; each caller names its own title, help and secret. */
export const SECRET_DIALOG_LABELS = {
  copyUnavailable: 'This browser cannot copy here: select the secret and copy it yourself.',
  done: 'Done',
} as const;

export interface SecretShownOnceLabels {
  title: string;
  /** What the secret is for. */
  help: string;
  /** That it will not be shown again (in bold after the help). */
  once: string;
  /** The secret's accessible name. */
  secret: string;
  copy: string;
  copied: string;
}

/** A value shown beside the secret (for example the key id sent with it). */
export interface SecretDetail {
  label: string;
  value: string;
}

type CopyState = 'idle' | 'copied' | 'unavailable';

const CODE_SX = {
  flex: 1,
  p: 1,
  borderRadius: 1,
  bgcolor: 'action.hover',
  fontFamily: 'monospace',
  wordBreak: 'break-all',
  userSelect: 'all',
} as const;

/**
 * A secret the server shows this once (a webhook's signing secret, an ingestion key), with Copy.
 * Closing it forgets the secret: the server keeps it encrypted and never shows it again, so only
 * Done or Escape close it, never a stray click beside it.
 */
export function SecretShownOnceDialog({
  secret,
  labels,
  details = [],
  onClose,
}: {
  /** The secret; null keeps the dialog closed. */
  secret: string | null;
  labels: SecretShownOnceLabels;
  details?: readonly SecretDetail[];
  onClose: () => void;
}) {
  const titleId = useId();
  const textId = useId();
  const [copy, setCopy] = useState<CopyState>('idle');

  const copySecret = async () => {
    // No clipboard API outside a secure context (or in an old browser): the secret stays selectable.
    if (secret === null || typeof navigator.clipboard?.writeText !== 'function') return setCopy('unavailable');
    try {
      await navigator.clipboard.writeText(secret);
      setCopy('copied');
    } catch {
      setCopy('unavailable');
    }
  };

  const close = () => {
    setCopy('idle');
    onClose();
  };

  return (
    <Dialog
      open={secret !== null}
      onClose={(_event, reason) => reason !== 'backdropClick' && close()}
      aria-labelledby={titleId}
      aria-describedby={textId}
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id={titleId}>{labels.title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText id={textId}>
            {labels.help} <strong>{labels.once}</strong>
          </DialogContentText>
          {details.map((detail) => (
            <Box key={detail.label}>
              <Typography variant="body2" color="text.secondary">
                {detail.label}
              </Typography>
              <Box component="code" aria-label={detail.label} sx={{ ...CODE_SX, display: 'block' }}>
                {detail.value}
              </Box>
            </Box>
          ))}
          <Box>
            {details.length > 0 && (
              <Typography variant="body2" color="text.secondary">
                {labels.secret}
              </Typography>
            )}
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Box component="code" aria-label={labels.secret} sx={CODE_SX}>
                {secret}
              </Box>
              <Button variant="outlined" onClick={() => void copySecret()}>
                {labels.copy}
              </Button>
            </Stack>
          </Box>
          <Typography role="status" variant="body2" color={copy === 'unavailable' ? 'warning.main' : 'success.main'}>
            {copy === 'copied' ? labels.copied : copy === 'unavailable' ? SECRET_DIALOG_LABELS.copyUnavailable : ''}
          </Typography>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={close}>
          {SECRET_DIALOG_LABELS.done}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
