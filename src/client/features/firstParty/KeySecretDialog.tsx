import { useId, useState } from 'react';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack, Typography } from '@mui/material';
import type { FirstPartyKeyCreated } from '@shared/api/firstParty';

export const SECRET_LABELS = {
  title: 'Your ingestion key',
  help: 'Sign each request with this secret and send the key id beside it.',
  once: 'Copy the secret now: it will not be shown again.',
  keyId: 'Key id',
  secret: 'Secret',
  copy: 'Copy secret',
  copied: 'Secret copied.',
  copyUnavailable: 'This browser cannot copy here: select the secret and copy it yourself.',
  done: 'Done',
} as const;

type CopyState = 'idle' | 'copied' | 'unavailable';

const CODE_SX = { flex: 1, p: 1, borderRadius: 1, bgcolor: 'action.hover', fontFamily: 'monospace', wordBreak: 'break-all', userSelect: 'all' } as const;

/** A new key's id and secret, this once, with Copy; closing it forgets the secret (the server keeps it encrypted and never shows it). */
export function KeySecretDialog({ created, onClose }: { created: FirstPartyKeyCreated | null; onClose: () => void }) {
  const titleId = useId();
  const textId = useId();
  const [copy, setCopy] = useState<CopyState>('idle');

  const copySecret = async () => {
    // No clipboard API outside a secure context: the secret stays selectable.
    if (!created || typeof navigator.clipboard?.writeText !== 'function') return setCopy('unavailable');
    try {
      await navigator.clipboard.writeText(created.secret);
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
      open={created !== null}
      // Only Done or Escape close it: a stray click beside it must not lose the secret.
      onClose={(_event, reason) => reason !== 'backdropClick' && close()}
      aria-labelledby={titleId}
      aria-describedby={textId}
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id={titleId}>{SECRET_LABELS.title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText id={textId}>
            {SECRET_LABELS.help} <strong>{SECRET_LABELS.once}</strong>
          </DialogContentText>
          <Box>
            <Typography variant="body2" color="text.secondary">
              {SECRET_LABELS.keyId}
            </Typography>
            <Box component="code" aria-label={SECRET_LABELS.keyId} sx={{ ...CODE_SX, display: 'block' }}>
              {created?.id}
            </Box>
          </Box>
          <Box>
            <Typography variant="body2" color="text.secondary">
              {SECRET_LABELS.secret}
            </Typography>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Box component="code" aria-label={SECRET_LABELS.secret} sx={CODE_SX}>
                {created?.secret}
              </Box>
              <Button variant="outlined" onClick={() => void copySecret()}>
                {SECRET_LABELS.copy}
              </Button>
            </Stack>
          </Box>
          <Typography role="status" variant="body2" color={copy === 'unavailable' ? 'warning.main' : 'success.main'}>
            {copy === 'copied' ? SECRET_LABELS.copied : copy === 'unavailable' ? SECRET_LABELS.copyUnavailable : ''}
          </Typography>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={close}>
          {SECRET_LABELS.done}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
