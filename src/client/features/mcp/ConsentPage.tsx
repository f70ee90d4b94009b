import { errorMessage } from '@client/api/errors';
import { SimplePage } from '@client/components/SimplePage';
import {
  Alert,
  Box,
  Button,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  Paper,
  Radio,
  RadioGroup,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import { isRole, ROLE_TITLES } from '@shared/access/policy';
import { MCP_ACCESS_LABELS, type McpAccess, type McpConsentRequest } from '@shared/api/mcp';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';

import { isRedirect, useAnswerMcpConsentMutation, useGetMcpConsentQuery } from './mcp.api';

const TITLE = 'Connect an app to Adwise';
export const CONSENT_LOAD_FAILED = 'This request could not be loaded. Go back to the app and try again.';
export const CONSENT_ANSWER_FAILED = 'Your answer could not be sent. Please try again.';
export const ACT_NOT_OFFERED = 'Only owners and managers can let an app act in this workspace.';

const ACCESS_HELP: Record<McpAccess, string> = {
  read: 'See figures, suggestions, alerts, budgets and the actions log.',
  act: 'Also apply suggestions, pause or resume campaigns and ads, and change budgets, each previewed and confirmed first.',
};

/** Leaves the app for the client's redirect URI (the code or an error rides there). Its own function so tests can watch it. */
export const leaveTo = {
  go(url: string) {
    window.location.assign(url);
  },
};

function ConsentForm({ request, oauthQuery }: { request: McpConsentRequest; oauthQuery: string }) {
  const [workspaceId, setWorkspaceId] = useState(request.workspaces[0]?.id ?? '');
  const workspace = request.workspaces.find((entry) => entry.id === workspaceId);
  const canAct = workspace?.can_act ?? false;
  const [access, setAccess] = useState<McpAccess>(request.requested_access === 'act' && canAct ? 'act' : 'read');
  const [answerConsent, { isLoading, error }] = useAnswerMcpConsentMutation();

  // "Read and act" is not on offer in the chosen workspace: fall back to read.
  useEffect(() => {
    if (!canAct && access === 'act') setAccess('read');
  }, [canAct, access]);

  async function answer(approve: boolean) {
    const result = await answerConsent({ oauthQuery, answer: { workspace_id: workspaceId, access, approve } });
    if ('data' in result && result.data) leaveTo.go(result.data.redirect_to);
  }

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 640 }}>
      <Stack spacing={3}>
        <Typography>
          <strong>{request.client.name}</strong> asks to use Adwise on your behalf in one workspace. It will return to{' '}
          <Box component="code" sx={{ wordBreak: 'break-all' }}>
            {request.redirect_uri}
          </Box>
          .
        </Typography>
        {request.workspaces.length === 0 ? (
          <Alert severity="warning">You are not a member of any workspace.</Alert>
        ) : (
          <FormControl>
            <FormLabel id="mcp-workspace-label">Workspace</FormLabel>
            <RadioGroup
              aria-labelledby="mcp-workspace-label"
              name="workspace"
              value={workspaceId}
              onChange={(event) => setWorkspaceId(event.target.value)}
            >
              {request.workspaces.map((entry) => (
                <FormControlLabel
                  key={entry.id}
                  value={entry.id}
                  control={<Radio />}
                  label={`${entry.name} (${isRole(entry.role) ? ROLE_TITLES[entry.role] : entry.role})`}
                />
              ))}
            </RadioGroup>
          </FormControl>
        )}
        <FormControl>
          <FormLabel id="mcp-access-label">Access</FormLabel>
          <RadioGroup
            aria-labelledby="mcp-access-label"
            name="access"
            value={access}
            onChange={(event) => setAccess(event.target.value as McpAccess)}
          >
            <FormControlLabel
              value="read"
              control={<Radio slotProps={{ input: { 'aria-describedby': 'mcp-access-read-help' } as object }} />}
              label={MCP_ACCESS_LABELS.read}
            />
            <FormHelperText id="mcp-access-read-help" sx={{ mt: -1, mb: 1 }}>
              {ACCESS_HELP.read}
            </FormHelperText>
            <FormControlLabel
              value="act"
              disabled={!canAct}
              control={<Radio slotProps={{ input: { 'aria-describedby': 'mcp-access-act-help' } as object }} />}
              label={MCP_ACCESS_LABELS.act}
            />
            <FormHelperText id="mcp-access-act-help" sx={{ mt: -1 }}>
              {canAct ? ACCESS_HELP.act : ACT_NOT_OFFERED}
            </FormHelperText>
          </RadioGroup>
        </FormControl>
        {error && <Alert severity="error">{errorMessage(error, CONSENT_ANSWER_FAILED)}</Alert>}
        <Stack direction="row" spacing={2}>
          <Button variant="contained" disabled={isLoading || !workspaceId} onClick={() => void answer(true)}>
            Approve
          </Button>
          <Button variant="outlined" disabled={isLoading} onClick={() => void answer(false)}>
            Deny
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}

/**
 * The OAuth authorization endpoint's page (/oauth/authorize): an AI assistant sent the person
 * here with its request in the query. Signed in (RequireSession brings them back after login),
 * they choose the workspace and the access, and Adwise sends the browser back to the app.
 */
export function ConsentPage() {
  const { search } = useLocation();
  const oauthQuery = search.replace(/^\?/, '');
  const { data, error, isLoading } = useGetMcpConsentQuery(oauthQuery);
  const redirect = data && isRedirect(data) ? data.redirect_to : null;

  // The request cannot be consented to (an OAuth error for the app): back to the app with it.
  useEffect(() => {
    if (redirect) leaveTo.go(redirect);
  }, [redirect]);

  return (
    <SimplePage
      title={TITLE}
      intro="Choose what the app may see and do. You can disconnect it at any time in your account."
    >
      {isLoading || redirect ? (
        <Stack spacing={1.5} role="status" aria-busy="true" aria-label="Loading the request">
          <Skeleton variant="text" width="60%" />
          <Skeleton variant="text" width="40%" />
        </Stack>
      ) : error || !data || isRedirect(data) ? (
        <Alert severity="error">{errorMessage(error, CONSENT_LOAD_FAILED)}</Alert>
      ) : (
        <ConsentForm request={data} oauthQuery={oauthQuery} />
      )}
    </SimplePage>
  );
}
