import { useAppSelector } from '@client/app/hooks';
import { SimplePage } from '@client/components/SimplePage';
import { paths } from '@client/lib/paths';
import { selectIsLoggedIn } from '@client/session/session.slice';
import { useCan } from '@client/session/useCan';
import { Alert, Link, Skeleton, Stack } from '@mui/material';
import { WORKSPACE_MESSAGES } from '@shared/api/workspaces';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';

import { AdAccountList } from './AdAccountList';
import { browserLocation } from './browserLocation';
import { forgetCodeVerifier } from './codeVerifier';
import { ConnectPlatforms } from './ConnectPlatforms';
import { DisconnectDialog } from './DisconnectDialog';
import { clearInviteNotice, isConnectCallback, loadInviteNotice, saveConnectCallback } from './inviteStatus';
import { InviteStatusNotice } from './InviteStatusNotice';
import { useDisconnectFlow } from './useDisconnectFlow';

const TITLE = 'Connected Ad Accounts';
const INTRO = 'Connect and manage the ad accounts Adwise reads.';

function ConnectedAccounts() {
  // Read once per visit: what the last connection attempt came to.
  const [notice] = useState(loadInviteNotice);
  const { snapshot, send } = useDisconnectFlow();
  const canRead = useCan('accounts:read');
  const canChange = useCan('accounts:write');

  useEffect(() => {
    // Success is said once; a failure or a pending invitation stays until its help is dismissed.
    if (notice?.status === 'ALREADY_LINKED') clearInviteNotice();
  }, [notice]);

  // The client role sees only the dashboard and reports; the server refuses the list to it anyway.
  if (!canRead) return <Alert severity="info">{WORKSPACE_MESSAGES.notAllowed}</Alert>;

  return (
    <>
      {notice && <InviteStatusNotice notice={notice} onForget={clearInviteNotice} />}
      <AdAccountList onDisconnect={(account) => send({ type: 'OPEN', account })} />
      {canChange && <ConnectPlatforms />}
      <DisconnectDialog snapshot={snapshot} send={send} />
    </>
  );
}

/**
 * The connected ad accounts page (/connected-accounts, spec sections 2 and 4): the
 * accounts with Disconnect (behind an emailed OTP), a Connect button per platform, and
 * what the last connection attempt came to. The OAuth callback lands here with
 * invite_status in the query; that is kept, X's code verifier is dropped, and the page
 * reloads at its clean address.
 */
export function ConnectedAccountsPage() {
  const isLoggedIn = useAppSelector(selectIsLoggedIn);
  const { search } = useLocation();
  const isCallback = isConnectCallback(search);

  useEffect(() => {
    if (!isCallback) return;
    saveConnectCallback(search);
    // Back from the consent page: X's code verifier has done its part (the server keeps its own).
    forgetCodeVerifier();
    browserLocation.replace(paths.connectedAccounts);
  }, [isCallback, search]);

  if (isCallback) {
    return (
      <SimplePage title={TITLE} intro="Finishing your connection…">
        <Stack spacing={1.5} role="status" aria-busy="true" aria-label="Finishing your connection">
          <Skeleton variant="rounded" height={72} />
        </Stack>
      </SimplePage>
    );
  }

  return (
    <SimplePage title={TITLE} intro={INTRO}>
      {isLoggedIn ? (
        <ConnectedAccounts />
      ) : (
        <Alert severity="info">
          <Link component={RouterLink} to={paths.login} state={{ from: paths.connectedAccounts }}>
            Log in
          </Link>{' '}
          to connect and manage your ad accounts.
        </Alert>
      )}
    </SimplePage>
  );
}
