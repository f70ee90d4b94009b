import { errorMessage } from '@client/api/errors';
import { fallbackText } from '@client/api/errorToasts';
import { RetryAlert } from '@client/components/RetryAlert';
import { paths } from '@client/lib/paths';
import { useCan } from '@client/session/useCan';
import { Alert, AlertTitle, Button, Paper, Stack, Typography } from '@mui/material';
import { DASHBOARD_MESSAGES } from '@shared/api/dashboard';
import { ErrorCode } from '@shared/api/errors';
import { Link as RouterLink } from 'react-router-dom';

import { dashboardErrorFallbacks } from './dashboard.errors';

/** Spec section 8: the whole-view failure. */
export const UNIFIED_SYNC_ERROR = fallbackText(dashboardErrorFallbacks.getDashboard);
/** The empty state of a user with nothing connected. */
export const NO_CONNECTIONS_MESSAGE =
  'Connect an ad account to see its spend, clicks and conversions here, next to every other platform.';
export const CONNECT_ACCOUNT_LABEL = 'Connect an ad account';

const HTTP_FORBIDDEN = 403;

/** True for the API's 'no dashboard access' answer (no running trial or paid plan). */
export function isForbidden(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { status, data } = error as { status?: unknown; data?: { code?: unknown } };
  return status === HTTP_FORBIDDEN || data?.code === ErrorCode.Forbidden;
}

/** Shown when the server says the user may not use the dashboard: its words, and the way to a trial. */
export function ForbiddenNotice({ error }: { error: unknown }) {
  return (
    <Alert
      severity="info"
      action={
        <Button component={RouterLink} to={paths.home} color="inherit" size="small">
          Start your free trial
        </Button>
      }
    >
      {errorMessage(error, DASHBOARD_MESSAGES.needsAccess)}
    </Alert>
  );
}

/** Props of UnifiedErrorNotice. */
export interface UnifiedErrorNoticeProps {
  error: unknown;
  retrying: boolean;
  onRetry: () => void;
}

/** The whole view failed: 'Unified sync error', what the server said, and Retry. */
export function UnifiedErrorNotice({ error, retrying, onRetry }: UnifiedErrorNoticeProps) {
  const detail = errorMessage(error, UNIFIED_SYNC_ERROR);
  return (
    <RetryAlert retrying={retrying} onRetry={onRetry}>
      <AlertTitle>{UNIFIED_SYNC_ERROR}</AlertTitle>
      {detail !== UNIFIED_SYNC_ERROR ? detail : 'The dashboard could not be loaded.'}
    </RetryAlert>
  );
}

/** A user with no connected ad account: what the dashboard will show, and the way to connect one. */
export function NoConnections() {
  const canConnect = useCan('accounts:write');
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, md: 4 }, textAlign: 'center' }}>
      <Stack spacing={2} sx={{ alignItems: 'center' }}>
        <Typography variant="h3" component="h2">
          No ad accounts connected yet
        </Typography>
        <Typography color="text.secondary" sx={{ maxWidth: 520 }}>
          {NO_CONNECTIONS_MESSAGE}
        </Typography>
        {canConnect && (
          <Button component={RouterLink} to={paths.connectedAccounts} variant="contained">
            {CONNECT_ACCOUNT_LABEL}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
