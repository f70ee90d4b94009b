import { errorMessage } from '@client/api/errors';
import { notify } from '@client/lib/notify';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  List,
  ListItem,
  ListItemText,
  Paper,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import { type ConnectedApp, MCP_ACCESS_LABELS, MCP_MESSAGES } from '@shared/api/mcp';
import { useState } from 'react';

import { useListConnectedAppsQuery, useRevokeConnectedAppMutation } from './mcp.api';

export const CONNECTED_APPS_LOAD_FAILED = 'Connected apps could not be loaded.';
export const REVOKE_FAILED = 'The app could not be disconnected. Please try again.';
export const NO_CONNECTED_APPS = 'No apps are connected. When you connect an AI assistant to Adwise, it shows here.';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const when = (iso: string | null) => (iso ? dateFormat.format(new Date(iso)) : 'Never');

/**
 * "Connected apps" on the account page: every AI assistant the user let into a workspace, with
 * its access, when it was connected and last used, and Revoke (confirmed first; its tokens end at once).
 */
export function ConnectedAppsSection() {
  const { data, error, isLoading } = useListConnectedAppsQuery();
  const [revoke, { isLoading: revoking, error: revokeError, reset }] = useRevokeConnectedAppMutation();
  const [confirming, setConfirming] = useState<ConnectedApp | null>(null);

  const close = () => {
    setConfirming(null);
    reset();
  };

  async function confirm() {
    if (!confirming) return;
    const result = await revoke(confirming.id);
    if (!('error' in result)) {
      notify(MCP_MESSAGES.revoked, 'success');
      setConfirming(null);
    }
  }

  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby="connected-apps-heading"
      sx={{ p: { xs: 2, sm: 3 }, maxWidth: 640 }}
    >
      <Typography id="connected-apps-heading" variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
        Connected apps
      </Typography>
      {isLoading ? (
        <Stack role="status" aria-busy="true" aria-label="Loading connected apps">
          <Skeleton variant="text" width="70%" />
          <Skeleton variant="text" width="50%" />
        </Stack>
      ) : error ? (
        <Alert severity="error">{errorMessage(error, CONNECTED_APPS_LOAD_FAILED)}</Alert>
      ) : !data?.length ? (
        <Typography color="text.secondary">{NO_CONNECTED_APPS}</Typography>
      ) : (
        <List aria-label="Connected apps">
          {data.map((app) => (
            <ListItem
              key={app.id}
              divider
              disableGutters
              secondaryAction={
                <Button
                  color="error"
                  variant="outlined"
                  size="small"
                  onClick={() => setConfirming(app)}
                  aria-label={`Revoke ${app.client_name} in ${app.workspace.name}`}
                >
                  Revoke
                </Button>
              }
            >
              <ListItemText
                primary={`${app.client_name} · ${app.workspace.name}`}
                secondary={`${MCP_ACCESS_LABELS[app.access]} · connected ${when(app.created_at)} · last used ${when(app.last_used_at)}`}
              />
            </ListItem>
          ))}
        </List>
      )}
      <Dialog open={confirming !== null} onClose={close} aria-labelledby="revoke-app-title">
        <DialogTitle id="revoke-app-title">Disconnect {confirming?.client_name}?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            It loses access to {confirming?.workspace.name} at once. To use it again, connect it again from the app.
          </DialogContentText>
          {revokeError && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {errorMessage(revokeError, REVOKE_FAILED)}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={revoking}>
            Cancel
          </Button>
          <Button color="error" variant="contained" onClick={() => void confirm()} disabled={revoking}>
            Revoke
          </Button>
        </DialogActions>
      </Dialog>
    </Paper>
  );
}
