import { useAppSelector } from '@client/app/hooks';
import { SimplePage } from '@client/components/SimplePage';
import { selectIsLoggedIn } from '@client/session/session.slice';
import { Alert, Box, Typography } from '@mui/material';

import { ConnectButton } from './ConnectButton';

/** The developer page's button label. */
export const START_X_CONNECTION_LABEL = 'Start X connection';

/** Developer test page (/dev/x-connect): one button that runs the X connection on its own. */
export function XConnectTestPage() {
  const isLoggedIn = useAppSelector(selectIsLoggedIn);
  return (
    <SimplePage title="X connection test" intro="A developer page for trying the X (Twitter) OAuth flow on its own.">
      <Typography>
        The button asks the server for X&apos;s consent address, keeps the PKCE code verifier in this browser for the
        callback, and then opens X&apos;s consent page.
      </Typography>
      {!isLoggedIn && <Alert severity="info">Log in first: the connection belongs to your account.</Alert>}
      <Box>
        <ConnectButton platform="x" variant="contained" disabled={!isLoggedIn}>
          {START_X_CONNECTION_LABEL}
        </ConnectButton>
      </Box>
    </SimplePage>
  );
}
