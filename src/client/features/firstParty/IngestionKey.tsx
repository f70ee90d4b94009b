import { errorMessage } from '@client/api/errors';
import { ConfirmActions } from '@client/components/ConfirmActions';
import { RetryAlert } from '@client/components/RetryAlert';
import { SecretShownOnceDialog, type SecretShownOnceLabels } from '@client/components/SecretShownOnceDialog';
import { formatExactTime } from '@client/lib/format';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import type { FirstPartyKey, FirstPartyKeyCreated } from '@shared/api/firstParty';
import { useId, useState } from 'react';

import {
  useCreateFirstPartyKeyMutation,
  useDeleteFirstPartyKeyMutation,
  useGetFirstPartyKeyQuery,
} from './firstParty.api';

export const KEY_LABELS = {
  title: 'Ingestion key',
  none: 'No key yet: make one to let your shop or CRM send its days to Adwise.',
  create: 'Create key',
  rotate: 'Rotate key',
  revoke: 'Revoke key',
  keyId: 'Key id',
  created: 'Created',
  lastUsed: 'Last used',
  neverUsed: 'Not yet',
  loading: 'Loading the ingestion key',
  createTitle: 'Create an ingestion key?',
  createText: 'The secret is shown once, when the key is made. Keep it where your shop or CRM can sign with it.',
  rotateTitle: 'Rotate the ingestion key?',
  rotateText:
    'A new key replaces this one and the old one stops working at once: update the sender with the new id and secret.',
  revokeTitle: 'Revoke the ingestion key?',
  revokeText: 'Signed requests are refused from now on until a new key is made. Days already saved stay.',
  loadFailed: 'Unable to load the ingestion key right now.',
  createFailed: 'Unable to make the key. Please try again.',
  revokeFailed: 'Unable to revoke the key. Please try again.',
} as const;

/** The new key's secret, shown once. */
const SECRET_LABELS: SecretShownOnceLabels = {
  title: 'Your ingestion key',
  help: 'Sign each request with this secret and send the key id beside it.',
  once: 'Copy the secret now: it will not be shown again.',
  secret: 'Secret',
  copy: 'Copy secret',
  copied: 'Secret copied.',
};

type Confirming = 'create' | 'revoke' | null;

/** The key's id and dates. */
function KeyDetails({ ingestionKey }: { ingestionKey: FirstPartyKey }) {
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: 'max-content 1fr',
        columnGap: 2,
        rowGap: 0.5,
        '& dd': { m: 0, wordBreak: 'break-all' },
      }}
    >
      <Typography component="dt" variant="body2" color="text.secondary">
        {KEY_LABELS.keyId}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ fontFamily: 'monospace' }}>
        {ingestionKey.id}
      </Typography>
      <Typography component="dt" variant="body2" color="text.secondary">
        {KEY_LABELS.created}
      </Typography>
      <Typography component="dd" variant="body2">
        <time dateTime={ingestionKey.created_at}>{formatExactTime(ingestionKey.created_at)}</time>
      </Typography>
      <Typography component="dt" variant="body2" color="text.secondary">
        {KEY_LABELS.lastUsed}
      </Typography>
      <Typography component="dd" variant="body2">
        {ingestionKey.last_used_at ? (
          <time dateTime={ingestionKey.last_used_at}>{formatExactTime(ingestionKey.last_used_at)}</time>
        ) : (
          KEY_LABELS.neverUsed
        )}
      </Typography>
    </Box>
  );
}

/**
 * The workspace's ingestion key: none (Create), or its id with Rotate and Revoke. Making one
 * (create or rotate) is confirmed first, as rotating stops the old key at once; the new secret is
 * then shown this once.
 */
export function IngestionKey() {
  const headingId = useId();
  const titleId = useId();
  const textId = useId();
  const { data: ingestionKey, error, isError, isFetching, refetch } = useGetFirstPartyKeyQuery();
  const [createKey, { isLoading: creating }] = useCreateFirstPartyKeyMutation();
  const [deleteKey, { isLoading: revoking }] = useDeleteFirstPartyKeyMutation();
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [created, setCreated] = useState<FirstPartyKeyCreated | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const busy = creating || revoking;

  const confirm = async () => {
    setFailure(null);
    try {
      if (confirming === 'create') setCreated(await createKey().unwrap());
      else await deleteKey().unwrap();
    } catch (failed) {
      setFailure(errorMessage(failed, confirming === 'create' ? KEY_LABELS.createFailed : KEY_LABELS.revokeFailed));
    }
    setConfirming(null);
  };

  const rotating = confirming === 'create' && Boolean(ingestionKey);
  const dialog =
    confirming === 'revoke'
      ? { title: KEY_LABELS.revokeTitle, text: KEY_LABELS.revokeText, label: KEY_LABELS.revoke }
      : rotating
        ? { title: KEY_LABELS.rotateTitle, text: KEY_LABELS.rotateText, label: KEY_LABELS.rotate }
        : { title: KEY_LABELS.createTitle, text: KEY_LABELS.createText, label: KEY_LABELS.create };

  let content;
  if (ingestionKey) {
    content = (
      <>
        <KeyDetails ingestionKey={ingestionKey} />
        <Stack direction="row" spacing={1}>
          <Button variant="outlined" size="small" onClick={() => setConfirming('create')}>
            {KEY_LABELS.rotate}
          </Button>
          <Button size="small" color="error" onClick={() => setConfirming('revoke')}>
            {KEY_LABELS.revoke}
          </Button>
        </Stack>
      </>
    );
  } else if (ingestionKey === null) {
    content = (
      <>
        <Typography variant="body2">{KEY_LABELS.none}</Typography>
        <Stack direction="row">
          <Button variant="outlined" size="small" onClick={() => setConfirming('create')}>
            {KEY_LABELS.create}
          </Button>
        </Stack>
      </>
    );
  } else if (isError) {
    content = (
      <RetryAlert retrying={isFetching} onRetry={() => void refetch()}>
        {errorMessage(error, KEY_LABELS.loadFailed)}
      </RetryAlert>
    );
  } else {
    content = (
      <Skeleton
        variant="rounded"
        height={40}
        role="status"
        aria-busy="true"
        aria-label={KEY_LABELS.loading}
        sx={{ maxWidth: 560 }}
      />
    );
  }

  return (
    <Stack spacing={1.5} component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {KEY_LABELS.title}
      </Typography>
      {content}
      {failure && <Alert severity="error">{failure}</Alert>}
      <Dialog
        open={confirming !== null}
        onClose={() => !busy && setConfirming(null)}
        aria-labelledby={titleId}
        aria-describedby={textId}
        maxWidth="xs"
      >
        <DialogTitle id={titleId}>{dialog.title}</DialogTitle>
        <DialogContent>
          <DialogContentText id={textId}>{dialog.text}</DialogContentText>
        </DialogContent>
        <ConfirmActions
          confirmLabel={dialog.label}
          busy={busy}
          onCancel={() => setConfirming(null)}
          onConfirm={() => void confirm()}
          destructive={confirming === 'revoke' || rotating}
        />
      </Dialog>
      <SecretShownOnceDialog
        secret={created?.secret ?? null}
        labels={SECRET_LABELS}
        details={created ? [{ label: KEY_LABELS.keyId, value: created.id }] : []}
        onClose={() => setCreated(null)}
      />
    </Stack>
  );
}
