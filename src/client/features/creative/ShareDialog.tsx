import { errorMessage } from '@client/api/errors';
import { notify } from '@client/lib/notify';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { CREATIVE_HISTORY, CREATIVE_SHARE_DAY_CHOICES, type CreativeShareCreated } from '@shared/api/creative';
import { useState } from 'react';

import {
  useCreateCreativeShareMutation,
  useListCreativeSharesQuery,
  useRevokeCreativeShareMutation,
} from './creative.api';

export const SHARE_LABELS = {
  title: 'Share a read-only link',
  expiry: 'Link expires after',
  create: 'Create link',
  link: 'Share link',
  copy: 'Copy link',
  copied: 'Link copied',
  copyUnavailable: 'Copying is not available here: select the link and copy it.',
  active: 'Open links',
  none: 'No open links.',
  close: 'Close',
  loadFailed: 'Unable to load the open links.',
  intro:
    'Anyone with the link can see this result, read-only, until it expires or you revoke it. Nothing else of the workspace is shown.',
} as const;
export const revokeLabel = (expiresAt: string) => `Revoke the link expiring ${formatDay(expiresAt)}`;
export const dayChoiceLabel = (days: number) => (days === 1 ? '1 day' : `${days} days`);

/** A date as the dialog shows it: 5 Mar 2030. */
export function formatDay(iso: string): string {
  return new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
}

async function copyText(text: string): Promise<boolean> {
  if (typeof navigator.clipboard?.writeText !== 'function') return false;
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** Makes, copies and revokes share links of one saved analysis. */
export function ShareDialog({ analysisId, open, onClose }: { analysisId: string; open: boolean; onClose: () => void }) {
  const [days, setDays] = useState<number>(CREATIVE_HISTORY.shareDays);
  const [created, setCreated] = useState<CreativeShareCreated | null>(null);
  const [create, creating] = useCreateCreativeShareMutation();
  const [revoke, revoking] = useRevokeCreativeShareMutation();
  const shares = useListCreativeSharesQuery(analysisId, { skip: !open });

  const copy = async (url: string) => {
    if (await copyText(url)) notify(SHARE_LABELS.copied, 'success');
    else notify(SHARE_LABELS.copyUnavailable, 'info');
  };

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="share-dialog-title" fullWidth maxWidth="sm">
      <DialogTitle id="share-dialog-title">{SHARE_LABELS.title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography variant="body2" color="text.secondary">
            {SHARE_LABELS.intro}
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
            <TextField
              select
              label={SHARE_LABELS.expiry}
              value={days}
              onChange={(event) => setDays(Number(event.target.value))}
              slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
              sx={{ minWidth: 200 }}
            >
              {CREATIVE_SHARE_DAY_CHOICES.map((choice) => (
                <option key={choice} value={choice}>
                  {dayChoiceLabel(choice)}
                </option>
              ))}
            </TextField>
            <Button
              variant="contained"
              disabled={creating.isLoading}
              onClick={() =>
                void create({ id: analysisId, expires_in_days: days })
                  .unwrap()
                  .then(setCreated, () => undefined)
              }
            >
              {SHARE_LABELS.create}
            </Button>
          </Stack>
          {created && (
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <TextField
                label={SHARE_LABELS.link}
                value={created.url}
                fullWidth
                slotProps={{ htmlInput: { readOnly: true }, input: { readOnly: true } }}
                onFocus={(event) => event.target.select()}
              />
              <Button onClick={() => void copy(created.url)}>{SHARE_LABELS.copy}</Button>
            </Stack>
          )}
          <Box component="section" aria-label={SHARE_LABELS.active}>
            <Typography variant="subtitle1" component="h3">
              {SHARE_LABELS.active}
            </Typography>
            {shares.isLoading && <CircularProgress size={20} aria-label="Loading the open links" />}
            {shares.isError && <Alert severity="error">{errorMessage(shares.error, SHARE_LABELS.loadFailed)}</Alert>}
            {shares.data && shares.data.length === 0 && (
              <Typography variant="body2" color="text.secondary">
                {SHARE_LABELS.none}
              </Typography>
            )}
            {shares.data && shares.data.length > 0 && (
              <List dense disablePadding aria-label={SHARE_LABELS.active}>
                {shares.data.map((share) => (
                  <ListItem
                    key={share.id}
                    disableGutters
                    secondaryAction={
                      <Stack direction="row" spacing={1}>
                        <Button
                          size="small"
                          onClick={() => void copy(share.url)}
                          aria-label={`Copy the link expiring ${formatDay(share.expires_at)}`}
                        >
                          Copy
                        </Button>
                        <Button
                          size="small"
                          color="error"
                          disabled={revoking.isLoading}
                          onClick={() => void revoke({ shareId: share.id, analysisId })}
                          aria-label={revokeLabel(share.expires_at)}
                        >
                          Revoke
                        </Button>
                      </Stack>
                    }
                  >
                    <Typography variant="body2">Expires {formatDay(share.expires_at)}</Typography>
                  </ListItem>
                ))}
              </List>
            )}
          </Box>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{SHARE_LABELS.close}</Button>
      </DialogActions>
    </Dialog>
  );
}
