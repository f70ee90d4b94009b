import { errorMessage } from '@client/api/errors';
import { SimplePage } from '@client/components/SimplePage';
import { Alert, Box, CircularProgress, Stack, Typography } from '@mui/material';
import { CREATIVE_MESSAGES } from '@shared/api/creative';
import { useParams } from 'react-router-dom';

import { errorStatus, useGetSharedCreativeQuery } from './creative.api';
import { savedAt } from './creativeFormat';
import { SavedResult } from './SavedResult';

export const SHARED_TITLE = 'Shared creative analysis';
export const SHARED_LOADING = 'Opening the shared analysis…';
export const SHARED_FAILED = 'Unable to open this link right now. Please try again.';

/** The page a link that no longer works shows: its reason, and nothing of the analysis. */
function Gone({ message }: { message: string }) {
  return (
    <SimplePage title={message}>
      <Typography color="text.secondary">Ask whoever sent it for a new link.</Typography>
    </SimplePage>
  );
}

/** /shared/creative/:token: a shared analysis, read-only, for anyone holding the link (no sign-in). */
export function SharedCreativePage() {
  const { token = '' } = useParams();
  const { data, isLoading, isError, error } = useGetSharedCreativeQuery(token);

  if (isError) {
    const status = errorStatus(error);
    if (status === 410)
      return (
        <Gone
          message={
            errorMessage(error, CREATIVE_MESSAGES.linkExpired) === CREATIVE_MESSAGES.linkRevoked
              ? CREATIVE_MESSAGES.linkRevoked
              : CREATIVE_MESSAGES.linkExpired
          }
        />
      );
    if (status === 404) return <Gone message={CREATIVE_MESSAGES.linkNotFound} />;
    return (
      <SimplePage title={SHARED_TITLE}>
        <Alert severity="error">{errorMessage(error, SHARED_FAILED)}</Alert>
      </SimplePage>
    );
  }

  return (
    <SimplePage title={SHARED_TITLE}>
      {isLoading && (
        <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <CircularProgress size={20} aria-hidden />
          <Typography variant="body2">{SHARED_LOADING}</Typography>
        </Box>
      )}
      {data && (
        <Stack spacing={2}>
          <Typography variant="body2" color="text.secondary">
            Shared by {data.workspace_name}. Made {savedAt(data.created_at)}; this read-only link works until{' '}
            {savedAt(data.expires_at)}.
          </Typography>
          <SavedResult record={data} />
        </Stack>
      )}
    </SimplePage>
  );
}
