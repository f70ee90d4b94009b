import { errorMessage } from '@client/api/errors';
import { fallbackText } from '@client/api/errorToasts';
import { RetryAlert } from '@client/components/RetryAlert';
import { useCan } from '@client/session/useCan';
import { Box, Button, Chip, Paper, Skeleton, Stack, Typography } from '@mui/material';
import type { ConnectedAdAccount } from '@shared/api/adAccounts';
import { PLATFORM_LABELS } from '@shared/constants';

import { useListAdAccountsQuery } from './adAccounts.api';
import { adAccountsErrorFallbacks } from './adAccounts.errors';
import { ConnectButton } from './ConnectButton';
import { expiryWarningText } from './expiryWarning';

/** Shown when no account is connected (spec section 2). */
export const NO_ACCOUNTS_MESSAGE = 'No accounts connected yet';
/** Why a connection needs reconnecting, and what reconnecting does. */
export const NEEDS_RECONNECT_EXPLANATION =
  'The platform ended this connection. Reconnect to resume syncing; your data is kept.';

const HEADING_ID = 'connected-accounts-heading';
const SKELETON_ROWS = 2;

function ListSkeleton() {
  return (
    <Stack spacing={1.5} role="status" aria-busy="true" aria-label="Loading connected accounts">
      {Array.from({ length: SKELETON_ROWS }, (_, index) => (
        <Skeleton key={index} variant="rounded" height={72} />
      ))}
    </Stack>
  );
}

interface AccountRowProps {
  account: ConnectedAdAccount;
  onDisconnect: (account: ConnectedAdAccount) => void;
}

function AccountRow({ account, onDisconnect }: AccountRowProps) {
  const canChange = useCan('accounts:write');
  const platform = account.platform.toUpperCase();
  const needsReconnect = account.status === 'needs_reconnect';
  // Still working, but ends within a week: same Reconnect, asked for before syncing stops.
  const expiring = !needsReconnect && account.expiring && account.expires_at !== null;
  const titleId = `ad-account-${account.id}`;
  const warningId = `ad-account-${account.id}-expiry`;
  const details = [account.name, account.currency].filter(Boolean).join(' · ');
  return (
    <Paper
      component="li"
      variant="outlined"
      aria-labelledby={titleId}
      sx={{ p: { xs: 2, sm: 2.5 }, listStyle: 'none' }}
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <Stack spacing={0.5} sx={{ flex: 1, minWidth: 0 }}>
          <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography id={titleId} sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
              {platform}{' '}
              <Box component="span" sx={{ fontWeight: 400 }}>
                {account.account_id}
              </Box>
            </Typography>
            {needsReconnect && <Chip label="Needs reconnect" color="warning" size="small" />}
            {expiring && <Chip label="Expires soon" color="warning" size="small" variant="outlined" />}
          </Stack>
          {details && (
            <Typography variant="body2" color="text.secondary">
              {details}
            </Typography>
          )}
          {needsReconnect && <Typography variant="body2">{NEEDS_RECONNECT_EXPLANATION}</Typography>}
          {expiring && (
            <Typography id={warningId} variant="body2" color="warning.dark">
              {expiryWarningText(account.platform, account.expires_at!)}
            </Typography>
          )}
        </Stack>
        {canChange && (
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            {(needsReconnect || expiring) && (
              <ConnectButton
                platform={account.platform}
                variant="contained"
                aria-label={`Reconnect ${PLATFORM_LABELS[account.platform]}`}
                aria-describedby={expiring ? warningId : undefined}
              >
                Reconnect
              </ConnectButton>
            )}
            <Button
              variant="outlined"
              color="error"
              onClick={() => onDisconnect(account)}
              aria-label={`Disconnect ${platform} account ${account.account_id}`}
            >
              Disconnect
            </Button>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

/** Props of AdAccountList. */
export interface AdAccountListProps {
  onDisconnect: (account: ConnectedAdAccount) => void;
}

/**
 * The connected ad accounts (spec section 2): a skeleton while loading, a retry on failure, then
 * the list. Fetched again on every visit: a platform may have ended a connection meanwhile.
 */
export function AdAccountList({ onDisconnect }: AdAccountListProps) {
  const { data, error, isError, isFetching, refetch } = useListAdAccountsQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });

  let body;
  if (data) {
    body =
      data.length === 0 ? (
        <Typography color="text.secondary">{NO_ACCOUNTS_MESSAGE}</Typography>
      ) : (
        <Stack component="ul" spacing={1.5} aria-labelledby={HEADING_ID} sx={{ m: 0, p: 0 }}>
          {data.map((account) => (
            <AccountRow key={account.id} account={account} onDisconnect={onDisconnect} />
          ))}
        </Stack>
      );
  } else if (isError) {
    body = (
      <RetryAlert retrying={isFetching} onRetry={() => void refetch()}>
        {errorMessage(error, fallbackText(adAccountsErrorFallbacks.listAdAccounts))}
      </RetryAlert>
    );
  } else {
    body = <ListSkeleton />;
  }

  return (
    <Stack component="section" aria-labelledby={HEADING_ID} spacing={1.5}>
      <Typography variant="h2" id={HEADING_ID}>
        Your connected accounts
      </Typography>
      {body}
    </Stack>
  );
}
