import { errorMessage } from '@client/api/errors';
import { ConfirmActions } from '@client/components/ConfirmActions';
import { FormikTextField } from '@client/components/FormikTextField';
import { LoadingButton } from '@client/components/LoadingButton';
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
  Paper,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import type { AlertWebhook } from '@shared/api/alerts';
import { type AlertWebhookInput, alertWebhookSchema } from '@shared/validation/alerts';
import { Form, Formik, type FormikHelpers } from 'formik';
import { useId, useState } from 'react';

import {
  useDeleteAlertWebhookMutation,
  useGetAlertWebhookQuery,
  useSaveAlertWebhookMutation,
  useTestAlertWebhookMutation,
} from './alerts.api';

/** The words of the section. */
export const ALERT_WEBHOOK_LABELS = {
  title: 'Slack or webhook',
  help: 'New alerts are posted to this address as Slack-compatible JSON, signed with X-Adwise-Signature.',
  loading: 'Loading the alert webhook',
  url: 'Webhook URL',
  urlHelp: 'A Slack incoming-webhook URL, or any https:// address that accepts JSON.',
  save: 'Save',
  cancel: 'Cancel',
  address: 'Address',
  lastDelivery: 'Last delivery',
  neverDelivered: 'None yet',
  sendTest: 'Send test message',
  change: 'Change address',
  remove: 'Remove',
  removeTitle: 'Remove the webhook?',
  secretTitle: 'Your signing secret',
  secret: 'Signing secret',
  secretHelp: 'Check the X-Adwise-Signature header of each call with this secret.',
  secretOnce: 'Copy it now: it will not be shown again.',
  copy: 'Copy',
  copied: 'Copied',
} as const;
const SECRET_LABELS: SecretShownOnceLabels = {
  title: ALERT_WEBHOOK_LABELS.secretTitle,
  help: ALERT_WEBHOOK_LABELS.secretHelp,
  once: ALERT_WEBHOOK_LABELS.secretOnce,
  secret: ALERT_WEBHOOK_LABELS.secret,
  copy: ALERT_WEBHOOK_LABELS.copy,
  copied: ALERT_WEBHOOK_LABELS.copied,
};
/** Said when the webhook cannot be loaded and the server gave no reason. */
export const ALERT_WEBHOOK_FAILED = 'Unable to load the alert webhook right now.';
/** Said when saving the address fails and the server gave no reason. */
export const ALERT_WEBHOOK_SAVE_FAILED = 'Unable to save the webhook. Please try again.';
/** Said when the test message fails and the server gave no reason. */
export const ALERT_WEBHOOK_TEST_FAILED = 'Unable to send the test message. Please try again.';

const HTTP_BAD_REQUEST = 400;

/** What the receiver said to the test message: 'The test message was delivered (HTTP 200).' */
export function testDeliveredText(status: number | null): string {
  return status === null ? 'The test message was delivered.' : `The test message was delivered (HTTP ${status}).`;
}

/** Text for the confirmation dialog. */
export function removeWebhookText(url: string): string {
  return `New alerts will no longer be posted to ${url}. A webhook added later gets a new signing secret.`;
}

/** The last delivery as read: '7 Jan 2030, 09:30 · HTTP 200', '… · no answer', or 'None yet'. */
export function lastDeliveryText(webhook: AlertWebhook): string {
  if (!webhook.last_delivery_at) return ALERT_WEBHOOK_LABELS.neverDelivered;
  const answer = webhook.last_status === null ? 'no answer' : `HTTP ${webhook.last_status}`;
  return `${formatExactTime(webhook.last_delivery_at)} · ${answer}`;
}

function statusOf(error: unknown): unknown {
  return typeof error === 'object' && error !== null && 'status' in error ? error.status : undefined;
}

/** Props of WebhookForm. */
interface WebhookFormProps {
  /** The address there is now, when changing it. */
  initialUrl?: string;
  onSaved: (webhook: AlertWebhook) => void;
  /** Offered while changing an address: back to the webhook as it is. */
  onCancel?: () => void;
}

/** The address form: the shared schema checks it first; the server's refusal is said on the field. */
function WebhookForm({ initialUrl = '', onSaved, onCancel }: WebhookFormProps) {
  const fieldId = useId();
  const failureId = useId();
  const [saveAlertWebhook] = useSaveAlertWebhookMutation();
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (values: AlertWebhookInput, { setFieldError }: FormikHelpers<AlertWebhookInput>) => {
    setFailure(null);
    try {
      onSaved(await saveAlertWebhook(alertWebhookSchema.cast(values)).unwrap());
    } catch (error) {
      // A 400 is about the address (not https, private, unknown host): said where it was typed.
      if (statusOf(error) === HTTP_BAD_REQUEST) setFieldError('url', errorMessage(error, ALERT_WEBHOOK_SAVE_FAILED));
      else setFailure(errorMessage(error, ALERT_WEBHOOK_SAVE_FAILED));
    }
  };

  return (
    <Formik<AlertWebhookInput>
      initialValues={{ url: initialUrl }}
      validationSchema={alertWebhookSchema}
      onSubmit={submit}
    >
      {({ isSubmitting }) => (
        <Form noValidate aria-describedby={failure ? failureId : undefined}>
          <Stack spacing={1.5} sx={{ maxWidth: 560 }}>
            <FormikTextField
              name="url"
              id={fieldId}
              type="url"
              label={ALERT_WEBHOOK_LABELS.url}
              placeholder="https://hooks.slack.com/services/…"
              helperText={ALERT_WEBHOOK_LABELS.urlHelp}
              size="small"
              required
              fullWidth
              autoFocus={Boolean(onCancel)}
            />
            {failure && (
              <Alert severity="error" id={failureId}>
                {failure}
              </Alert>
            )}
            <Stack direction="row" spacing={1}>
              <LoadingButton type="submit" variant="contained" loading={isSubmitting}>
                {ALERT_WEBHOOK_LABELS.save}
              </LoadingButton>
              {onCancel && (
                <Button onClick={onCancel} disabled={isSubmitting}>
                  {ALERT_WEBHOOK_LABELS.cancel}
                </Button>
              )}
            </Stack>
          </Stack>
        </Form>
      )}
    </Formik>
  );
}

/** Remove, confirmed first. */
function RemoveDialog({ url, open, onClose }: { url: string; open: boolean; onClose: () => void }) {
  const titleId = useId();
  const textId = useId();
  const [deleteAlertWebhook, { isLoading }] = useDeleteAlertWebhookMutation();

  const confirm = async () => {
    try {
      await deleteAlertWebhook().unwrap();
      onClose();
    } catch {
      // Said by the API error channel; the dialog stays for another try.
    }
  };

  return (
    <Dialog
      open={open}
      onClose={() => !isLoading && onClose()}
      aria-labelledby={titleId}
      aria-describedby={textId}
      maxWidth="xs"
    >
      <DialogTitle id={titleId}>{ALERT_WEBHOOK_LABELS.removeTitle}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId} sx={{ wordBreak: 'break-word' }}>
          {removeWebhookText(url)}
        </DialogContentText>
      </DialogContent>
      <ConfirmActions
        confirmLabel={ALERT_WEBHOOK_LABELS.remove}
        busy={isLoading}
        onCancel={onClose}
        onConfirm={() => void confirm()}
        destructive
      />
    </Dialog>
  );
}

/** The webhook there is: its address, its last delivery, and what can be done with it. */
function WebhookDetails({
  webhook,
  onChange,
  onRemove,
}: {
  webhook: AlertWebhook;
  onChange: () => void;
  onRemove: () => void;
}) {
  const [testAlertWebhook, { isLoading: testing }] = useTestAlertWebhookMutation();
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);

  const sendTest = async () => {
    setOutcome(null);
    try {
      const delivered = await testAlertWebhook().unwrap();
      setOutcome({ ok: true, text: testDeliveredText(delivered.last_status) });
    } catch (error) {
      setOutcome({ ok: false, text: errorMessage(error, ALERT_WEBHOOK_TEST_FAILED) });
    }
  };

  return (
    <Stack spacing={1.5}>
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
          {ALERT_WEBHOOK_LABELS.address}
        </Typography>
        <Typography component="dd" variant="body2">
          {webhook.url}
        </Typography>
        <Typography component="dt" variant="body2" color="text.secondary">
          {ALERT_WEBHOOK_LABELS.lastDelivery}
        </Typography>
        <Typography component="dd" variant="body2">
          {webhook.last_delivery_at ? (
            <time dateTime={webhook.last_delivery_at}>{lastDeliveryText(webhook)}</time>
          ) : (
            lastDeliveryText(webhook)
          )}
          {webhook.last_error && (
            <Typography component="span" variant="body2" color="error" sx={{ display: 'block' }}>
              {webhook.last_error}
            </Typography>
          )}
        </Typography>
      </Box>
      <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap' }}>
        <LoadingButton variant="outlined" size="small" loading={testing} onClick={() => void sendTest()}>
          {ALERT_WEBHOOK_LABELS.sendTest}
        </LoadingButton>
        <Button size="small" onClick={onChange} disabled={testing}>
          {ALERT_WEBHOOK_LABELS.change}
        </Button>
        <Button size="small" color="error" onClick={onRemove} disabled={testing}>
          {ALERT_WEBHOOK_LABELS.remove}
        </Button>
      </Stack>
      {outcome && <Alert severity={outcome.ok ? 'success' : 'error'}>{outcome.text}</Alert>}
    </Stack>
  );
}

/**
 * The workspace's alert webhook (a Slack incoming webhook or any receiver of JSON), for the roles
 * that manage it: with none, the address form; once created, its signing secret this once; with
 * one, its address and last delivery, with Send test message, Change address and Remove.
 */
export function AlertWebhookSettings() {
  const headingId = useId();
  const helpId = useId();
  const { data: webhook, error, isError, isFetching, refetch } = useGetAlertWebhookQuery();
  const [editing, setEditing] = useState(false);
  const [removing, setRemoving] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);

  const saved = (answer: AlertWebhook) => {
    setEditing(false);
    // Only the answer that created the webhook carries it; it is kept nowhere else.
    if (answer.secret) setSecret(answer.secret);
  };

  let content;
  if (webhook && !editing) {
    content = <WebhookDetails webhook={webhook} onChange={() => setEditing(true)} onRemove={() => setRemoving(true)} />;
  } else if (webhook) {
    content = <WebhookForm initialUrl={webhook.url} onSaved={saved} onCancel={() => setEditing(false)} />;
  } else if (webhook === null) {
    content = <WebhookForm onSaved={saved} />;
  } else if (isError) {
    content = (
      <RetryAlert retrying={isFetching} onRetry={() => void refetch()}>
        {errorMessage(error, ALERT_WEBHOOK_FAILED)}
      </RetryAlert>
    );
  } else {
    content = (
      <Stack role="status" aria-busy="true" aria-label={ALERT_WEBHOOK_LABELS.loading}>
        <Skeleton variant="rounded" height={40} sx={{ maxWidth: 560 }} />
      </Stack>
    );
  }

  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId} aria-describedby={helpId} sx={{ p: 2 }}>
      <Typography id={headingId} variant="h6" component="h2">
        {ALERT_WEBHOOK_LABELS.title}
      </Typography>
      <Typography id={helpId} variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {ALERT_WEBHOOK_LABELS.help}
      </Typography>
      {content}
      <SecretShownOnceDialog secret={secret} labels={SECRET_LABELS} onClose={() => setSecret(null)} />
      {webhook && <RemoveDialog url={webhook.url} open={removing} onClose={() => setRemoving(false)} />}
    </Paper>
  );
}
