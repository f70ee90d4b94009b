import { errorMessage } from '@client/api/errors';
import { useAppDispatch, useAppSelector } from '@client/app/hooks';
import { FormFooter } from '@client/components/FormFooter';
import { LoadingButton } from '@client/components/LoadingButton';
import { SimplePage } from '@client/components/SimplePage';
import { notify } from '@client/lib/notify';
import { invitationPath, paths } from '@client/lib/paths';
import { selectIsLoggedIn, workspaceSwitched } from '@client/session/session.slice';
import { Alert, Button, Link, Paper, Skeleton, Stack, Typography } from '@mui/material';
import { ROLE_DESCRIPTIONS, ROLE_TITLES } from '@shared/access/policy';
import { type InvitationPreview, WORKSPACE_MESSAGES } from '@shared/api/workspaces';
import { useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';

import { useAcceptInvitationMutation, useGetInvitationPreviewQuery } from '../team.api';
import { formatDate } from '../team/teamFormat';

/** The notice once the invitation is accepted. */
export const joinedMessage = (name: string) => `You joined ${name}`;
/** Said when accepting fails and the server gave no reason. */
export const ACCEPT_FAILED = 'Unable to accept the invitation. Please try again.';

const TITLE = 'Invitation';
const FAILURE_ID = 'invitation-accept-failure';

function InvitationDetails({ invitation }: { invitation: InvitationPreview }) {
  const inviter = invitation.invited_by ?? 'Someone';
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 560 }}>
      <Stack spacing={1.5}>
        <Typography variant="h2">{invitation.workspace_name}</Typography>
        <Typography>
          {inviter} invited you to join as {ROLE_TITLES[invitation.role].toLowerCase()}:{' '}
          {ROLE_DESCRIPTIONS[invitation.role]}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Sent to {invitation.email}. The link works until {formatDate(invitation.expires_at)}.
        </Typography>
      </Stack>
    </Paper>
  );
}

function AcceptInvitation({ token }: { token: string }) {
  const [acceptInvitation, { isLoading }] = useAcceptInvitationMutation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);

  const accept = async () => {
    setFailure(null);
    try {
      const workspace = await acceptInvitation(token).unwrap();
      notify(joinedMessage(workspace.name), 'success');
      // The server made it the current workspace; the session follows, leaving nothing of the last one cached.
      dispatch(workspaceSwitched({ id: workspace.id, role: workspace.role }));
      navigate(paths.dashboard, { replace: true });
    } catch (error) {
      // Toasted by the API error channel too; a wrong address stays readable here.
      setFailure(errorMessage(error, ACCEPT_FAILED));
    }
  };

  return (
    <Stack spacing={2} sx={{ maxWidth: 560 }}>
      <FormFooter failure={failure} failureId={FAILURE_ID}>
        <LoadingButton
          variant="contained"
          loading={isLoading}
          onClick={() => void accept()}
          aria-describedby={failure ? FAILURE_ID : undefined}
        >
          Accept invitation
        </LoadingButton>
      </FormFooter>
    </Stack>
  );
}

function SignInFirst({ token, invitation }: { token: string; invitation: InvitationPreview }) {
  // Log in and Register bring the visitor back here (RequireSession's convention: state.from).
  const back = { from: invitationPath(token) };
  return (
    <Stack spacing={2} sx={{ maxWidth: 560 }}>
      <Typography>Sign in as {invitation.email} to accept, or create an account with that address first.</Typography>
      <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button component={RouterLink} to={paths.login} state={back} variant="contained">
          Log in to accept
        </Button>
        <Button component={RouterLink} to={paths.register} state={back} variant="outlined">
          Create an account
        </Button>
      </Stack>
    </Stack>
  );
}

/**
 * Where a mailed invitation link lands (/invitations/:token, public, issue 12): what the invitation
 * is for, then Accept for a signed-in user, or Log in / Register (which come back here) for a
 * visitor. A used, revoked or expired link says so, with the way home.
 */
export function InvitationPage() {
  const { token = '' } = useParams<{ token: string }>();
  const isLoggedIn = useAppSelector(selectIsLoggedIn);
  const { data, error, isLoading } = useGetInvitationPreviewQuery(token, { skip: token === '' });

  let content;
  if (data) {
    content = (
      <>
        <InvitationDetails invitation={data} />
        {isLoggedIn ? <AcceptInvitation token={token} /> : <SignInFirst token={token} invitation={data} />}
      </>
    );
  } else if (isLoading) {
    content = (
      <Stack spacing={1.5} role="status" aria-busy="true" aria-label="Loading the invitation" sx={{ maxWidth: 560 }}>
        <Skeleton variant="rounded" height={120} />
        <Skeleton variant="rounded" height={36} width={180} />
      </Stack>
    );
  } else {
    content = (
      <Alert
        severity="warning"
        sx={{ maxWidth: 560 }}
        action={
          <Link
            component={RouterLink}
            to={paths.home}
            color="inherit"
            sx={{ whiteSpace: 'nowrap', alignSelf: 'center' }}
          >
            Go to the home page
          </Link>
        }
      >
        {errorMessage(error, WORKSPACE_MESSAGES.invitationNotFound)}
      </Alert>
    );
  }

  return (
    <SimplePage title={TITLE} intro="You have been invited to a workspace on Adwise.">
      {content}
    </SimplePage>
  );
}
