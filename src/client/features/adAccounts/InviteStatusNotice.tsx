import { Alert, Box, Button, Link, Paper, Stack, Typography } from '@mui/material';
import type { InviteStatus } from '@shared/api/adAccounts';
import { useState } from 'react';

import { failureReasonMessage, INVITE_MESSAGES, type InviteNotice, STATUSES_WITH_HELP } from './inviteStatus';

/** Where the Google Ads invitation is accepted. */
export const GOOGLE_ADS_URL = 'https://ads.google.com/';

const SEVERITIES: Record<InviteStatus, 'error' | 'info' | 'success'> = {
  FAILED: 'error',
  PENDING: 'info',
  ALREADY_LINKED: 'success',
};
const HELP_TITLE_ID = 'invite-help-title';

/** The Google Ads invitation steps (spec section 4), with a way to put them away. */
function InviteHelp({ onDismiss }: { onDismiss: () => void }) {
  return (
    <Paper component="section" variant="outlined" aria-labelledby={HELP_TITLE_ID} sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack spacing={1.5}>
        <Typography variant="h3" component="h2" id={HELP_TITLE_ID}>
          How to accept the Google Ads invitation
        </Typography>
        <Box component="ol" sx={{ m: 0, pl: 3, '& li + li': { mt: 0.5 } }}>
          <li>
            Visit{' '}
            <Link href={GOOGLE_ADS_URL} target="_blank" rel="noopener noreferrer">
              ads.google.com
            </Link>{' '}
            and sign in to the account you connected.
          </li>
          <li>Go to {'Admin > Access and Security'}.</li>
          <li>Accept the invitation from Adwise.</li>
          <li>Come back here and connect again.</li>
        </Box>
        <Box>
          <Button onClick={onDismiss} aria-label="Dismiss the Google Ads help">
            Dismiss
          </Button>
        </Box>
      </Stack>
    </Paper>
  );
}

/** Props of InviteStatusNotice. */
export interface InviteStatusNoticeProps {
  notice: InviteNotice;
  /** Forgets the stored status (the help box's Dismiss). */
  onForget: () => void;
}

/**
 * What the last connection attempt came to (spec section 4): the stored status's message,
 * why a failure happened when the callback said, and the invitation help for FAILED and
 * PENDING. Dismissing the help forgets the stored status; the message stays for this visit.
 */
export function InviteStatusNotice({ notice, onForget }: InviteStatusNoticeProps) {
  const { status, details } = notice;
  const reason = status === 'FAILED' ? failureReasonMessage(details) : null;
  const [helpShown, setHelpShown] = useState(STATUSES_WITH_HELP.includes(status));
  const [messageShown, setMessageShown] = useState(true);
  return (
    <Stack spacing={2}>
      {messageShown && (
        // The success message has been forgotten already; closing it only hides it.
        <Alert
          severity={SEVERITIES[status]}
          onClose={status === 'ALREADY_LINKED' ? () => setMessageShown(false) : undefined}
        >
          {INVITE_MESSAGES[status]}
          {reason && (
            <Typography variant="body2" component="span" sx={{ display: 'block', mt: 0.5 }}>
              {reason}
            </Typography>
          )}
        </Alert>
      )}
      {helpShown && (
        <InviteHelp
          onDismiss={() => {
            setHelpShown(false);
            onForget();
          }}
        />
      )}
    </Stack>
  );
}
