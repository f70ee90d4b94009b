import { useAppDispatch, useAppSelector } from '@client/app/hooks';
import { DiagnosticsButton } from '@client/app/shell/DiagnosticsButton';
import { SimplePage } from '@client/components/SimplePage';
import { notify } from '@client/lib/notify';
import { paths } from '@client/lib/paths';
import { LogoutDialog } from '@client/session/LogoutDialog';
import { loggedOut, selectIsLoggedIn } from '@client/session/session.slice';
import { useCan } from '@client/session/useCan';
import { useLogoutFlow } from '@client/session/useLogoutFlow';
import LogoutIcon from '@mui/icons-material/Logout';
import { Alert, Box, Button, Paper, Skeleton, Stack, Typography } from '@mui/material';
import type { UserInfo } from '@shared/api/userInfo';
import { type ReactNode, Suspense, useEffect } from 'react';
import { Link as RouterLink, Navigate } from 'react-router-dom';

import { useUserInfo } from './account.api';
import { encouragement, trialSummary } from './accountView';

/** Shown when user-info fails on the account page, before going to /login (spec section 8). */
export const USER_INFO_REDIRECT_MESSAGE = 'Failed to fetch user info, redirecting to login.';

const TITLE = 'Account';
const DETAIL_LABELS = ['Full Name', 'Email', 'Trial status', 'Trial Ends', 'Days Left'] as const;
const NOT_SET = '—';

const endFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function AccountSkeleton() {
  return (
    <Stack spacing={1.5} role="status" aria-busy="true" aria-label="Loading account details">
      {DETAIL_LABELS.map((label) => (
        <Skeleton key={label} variant="text" width="60%" />
      ))}
    </Stack>
  );
}

function AccountDetails({ info }: { info: UserInfo }) {
  const trial = trialSummary(info, Date.now());
  const message = encouragement(trial);
  const values: Record<(typeof DETAIL_LABELS)[number], string> = {
    'Full Name': info.fullName || NOT_SET,
    Email: info.username || NOT_SET,
    'Trial status': trial.status,
    'Trial Ends': trial.endsAt === null ? NOT_SET : endFormat.format(trial.endsAt),
    'Days Left': trial.daysLeft === null ? NOT_SET : String(trial.daysLeft),
  };
  return (
    <Stack spacing={2}>
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 3, rowGap: 1, m: 0 }}
      >
        {DETAIL_LABELS.map((label) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography component="dt" color="text.secondary">
              {label}
            </Typography>
            <Typography component="dd" sx={{ m: 0, fontWeight: 600 }}>
              {values[label]}
            </Typography>
          </Box>
        ))}
      </Box>
      {message && <Alert severity="success">{message}</Alert>}
    </Stack>
  );
}

/**
 * The account page (/account-page): who you are and your trial, Logout (with a
 * confirmation), Delete Account and Manage Connections. It stays on screen through
 * the logout redirect, so it is guarded with `pageHandlesSignOut`. `sections` are other
 * features' parts of the account settings (Connected apps), composed in by the router, since
 * features do not import each other.
 */
export function AccountPage({ sections }: { sections?: ReactNode }) {
  const isLoggedIn = useAppSelector(selectIsLoggedIn);
  const dispatch = useAppDispatch();
  const { snapshot, send } = useLogoutFlow();
  // Fetched again on every visit (spec section 7), and polled while the page is open.
  const { data, isError } = useUserInfo({ refetchOnMount: true });
  const canSeeConnections = useCan('accounts:read');

  useEffect(() => {
    if (!isError || !isLoggedIn) return;
    notify(USER_INFO_REDIRECT_MESSAGE, 'error');
    dispatch(loggedOut());
  }, [isError, isLoggedIn, dispatch]);

  const loggingOut = snapshot.matches('loggingOut');
  if (!isLoggedIn) {
    // The logout flow leaves on its own after its delay (even if the session ended under it,
    // say by expiring during the call); any other end of the session leaves now.
    if (loggingOut || snapshot.matches('redirecting') || snapshot.matches('done')) {
      return <SimplePage title={TITLE} intro="You have been logged out. Taking you to the login page…" />;
    }
    return <Navigate to={paths.login} replace />;
  }

  return (
    <SimplePage title={TITLE} intro="Your profile and trial.">
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 640 }}>
        {data ? <AccountDetails info={data} /> : <AccountSkeleton />}
      </Paper>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button variant="contained" startIcon={<LogoutIcon aria-hidden />} onClick={() => send({ type: 'OPEN' })}>
          Logout
        </Button>
        {canSeeConnections && (
          <Button variant="outlined" component={RouterLink} to={paths.connectedAccounts}>
            Manage Connections
          </Button>
        )}
        <Button variant="outlined" color="error" component={RouterLink} to={paths.deleteAccount}>
          Delete Account
        </Button>
        <DiagnosticsButton />
      </Stack>
      {/* A section may load its own chunk: the page above it shows meanwhile. */}
      <Suspense fallback={<Skeleton variant="rectangular" height={96} role="status" aria-label="Loading" />}>
        {sections}
      </Suspense>
      <LogoutDialog
        open={snapshot.matches('confirming') || loggingOut}
        busy={loggingOut}
        onCancel={() => send({ type: 'CANCEL' })}
        onConfirm={() => send({ type: 'CONFIRM' })}
      />
    </SimplePage>
  );
}
