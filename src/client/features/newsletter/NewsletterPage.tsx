import { errorMessage } from '@client/api/errors';
import { SimplePage } from '@client/components/SimplePage';
import { paths } from '@client/lib/paths';
import { Alert, Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { NEWSLETTER_MESSAGES } from '@shared/api/newsletter';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';

import { useConfirmNewsletterMutation, useUnsubscribeNewsletterMutation } from './newsletter.api';

/** Shown when the call fails without a message of the server's. */
export const NEWSLETTER_LINK_FAILED = 'We could not complete this request. Please try the link again later.';

type Outcome = { kind: 'working' } | { kind: 'done'; text: string } | { kind: 'failed'; text: string };

const TITLES = { confirm: 'Confirm your subscription', unsubscribe: 'Unsubscribe' } as const;
const WORKING = { confirm: 'Confirming your subscription…', unsubscribe: 'Unsubscribing you…' } as const;
const DONE = { confirm: NEWSLETTER_MESSAGES.confirmed, unsubscribe: NEWSLETTER_MESSAGES.unsubscribed } as const;

/** Where the newsletter mails' links land: confirm a subscription or unsubscribe (?token=...), once, on load. */
export function NewsletterPage({ action }: { action: 'confirm' | 'unsubscribe' }) {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const [confirm] = useConfirmNewsletterMutation();
  const [unsubscribe] = useUnsubscribeNewsletterMutation();
  const [outcome, setOutcome] = useState<Outcome>(() =>
    token ? { kind: 'working' } : { kind: 'failed', text: NEWSLETTER_MESSAGES.missingToken },
  );
  // One call per link, even when React runs effects twice in development.
  const sentFor = useRef<string | null>(null);

  useEffect(() => {
    if (!token || sentFor.current === `${action}:${token}`) return;
    sentFor.current = `${action}:${token}`;
    setOutcome({ kind: 'working' });
    const call = action === 'confirm' ? confirm({ token }) : unsubscribe({ token });
    call
      .unwrap()
      .then((reply) => setOutcome({ kind: 'done', text: reply.detail || DONE[action] }))
      .catch((error: unknown) => setOutcome({ kind: 'failed', text: errorMessage(error, NEWSLETTER_LINK_FAILED) }));
  }, [action, token, confirm, unsubscribe]);

  return (
    <SimplePage title={TITLES[action]}>
      <Box sx={{ maxWidth: 640 }} aria-live="polite">
        {outcome.kind === 'working' && (
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <CircularProgress size={24} aria-label={WORKING[action]} />
            <Typography>{WORKING[action]}</Typography>
          </Stack>
        )}
        {outcome.kind === 'done' && (
          <Alert severity="success" role="status">
            {outcome.text}
          </Alert>
        )}
        {outcome.kind === 'failed' && <Alert severity="error">{outcome.text}</Alert>}
      </Box>
      {outcome.kind !== 'working' && (
        <Box>
          <Button component={RouterLink} to={paths.home} variant="contained">
            Back to Home
          </Button>
        </Box>
      )}
    </SimplePage>
  );
}
