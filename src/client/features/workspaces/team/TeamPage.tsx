import { errorMessage } from '@client/api/errors';
import { ConfirmDialog } from '@client/components/ConfirmDialog';
import { RetryAlert } from '@client/components/RetryAlert';
import { SimplePage } from '@client/components/SimplePage';
import { notify } from '@client/lib/notify';
import { useCan } from '@client/session/useCan';
import { Alert, Button, Skeleton, Stack, Typography } from '@mui/material';
import { type Member, type Team, WORKSPACE_MESSAGES } from '@shared/api/workspaces';
import { useState } from 'react';

import { useGetTeamQuery, useLeaveWorkspaceMutation, useRemoveMemberMutation } from '../team.api';
import { InvitationTable } from './InvitationTable';
import { InviteDialog } from './InviteDialog';
import { MemberTable } from './MemberTable';
import { TransferDialog } from './TransferDialog';
import { useInviteFlow } from './useInviteFlow';
import { useReturnToPersonal } from './useReturnToPersonal';
import { useTransferFlow } from './useTransferFlow';

/** Said when the team cannot be loaded and the server gave no reason. */
export const TEAM_LOAD_FAILED = 'Unable to load the team right now.';
/** Said when a removal or leaving fails and the server gave no reason. */
export const TEAM_CHANGE_FAILED = 'Something went wrong. Please try again.';
/** The notices of removing a member and of leaving. */
export const memberRemovedMessage = (name: string) => `${name} was removed from the workspace.`;
export const leftWorkspaceMessage = (name: string) => `You left ${name}.`;

const TITLE = 'Team';
const MEMBERS_HEADING_ID = 'team-members-heading';
const INVITATIONS_HEADING_ID = 'team-invitations-heading';
const SKELETON_ROWS = 3;

function TeamSkeleton() {
  return (
    <Stack spacing={1.5} role="status" aria-busy="true" aria-label="Loading the team">
      {Array.from({ length: SKELETON_ROWS }, (_, index) => (
        <Skeleton key={index} variant="rounded" height={48} />
      ))}
    </Stack>
  );
}

/** A confirmation in progress: removing this member, or leaving. */
type Pending = { kind: 'remove'; member: Member } | { kind: 'leave' } | null;

function TeamContent({ team }: { team: Team }) {
  const canManageTeam = useCan('team:manage');
  const canManageWorkspace = useCan('workspace:manage');
  const invite = useInviteFlow();
  const transfer = useTransferFlow();
  const returnToPersonal = useReturnToPersonal();
  const [removeMember, removal] = useRemoveMemberMutation();
  const [leaveWorkspace, leaving] = useLeaveWorkspaceMutation();
  const [pending, setPending] = useState<Pending>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const { workspace, members, invitations } = team;
  const others = members.filter((member) => !member.you);
  const busy = removal.isLoading || leaving.isLoading;

  const ask = (next: Pending) => {
    setFailure(null);
    setPending(next);
  };

  const confirm = async () => {
    if (!pending) return;
    setFailure(null);
    try {
      if (pending.kind === 'remove') {
        await removeMember(pending.member.user_id).unwrap();
        notify(memberRemovedMessage(pending.member.full_name), 'success');
        setPending(null);
      } else {
        await leaveWorkspace().unwrap();
        notify(leftWorkspaceMessage(workspace.name), 'success');
        setPending(null);
        await returnToPersonal(workspace.id);
      }
    } catch (error) {
      // Toasted by the API error channel too; the dialog keeps the reason in view.
      setFailure(errorMessage(error, TEAM_CHANGE_FAILED));
    }
  };

  return (
    <>
      <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {canManageTeam && (
          <Button variant="contained" onClick={() => invite.send({ type: 'OPEN' })}>
            Invite member
          </Button>
        )}
        {canManageWorkspace && others.length > 0 && (
          <Button variant="outlined" onClick={() => transfer.send({ type: 'OPEN' })}>
            Transfer ownership
          </Button>
        )}
        {/* The personal workspace goes only with the account. */}
        {!workspace.personal && (
          <Button variant="outlined" color="error" onClick={() => ask({ kind: 'leave' })}>
            Leave workspace
          </Button>
        )}
      </Stack>

      <Stack component="section" spacing={1.5} aria-labelledby={MEMBERS_HEADING_ID}>
        <Typography id={MEMBERS_HEADING_ID} variant="h2">
          Members
        </Typography>
        <MemberTable
          members={members}
          canManage={canManageTeam}
          onRemove={(member) => ask({ kind: 'remove', member })}
          labelledBy={MEMBERS_HEADING_ID}
        />
      </Stack>

      <Stack component="section" spacing={1.5} aria-labelledby={INVITATIONS_HEADING_ID}>
        <Typography id={INVITATIONS_HEADING_ID} variant="h2">
          Pending invitations
        </Typography>
        <InvitationTable invitations={invitations} canManage={canManageTeam} labelledBy={INVITATIONS_HEADING_ID} />
      </Stack>

      <InviteDialog snapshot={invite.snapshot} send={invite.send} />
      <TransferDialog
        snapshot={transfer.snapshot}
        send={transfer.send}
        candidates={others}
        workspaceName={workspace.name}
      />
      <ConfirmDialog
        open={pending?.kind === 'remove'}
        title="Remove member?"
        confirmLabel="Remove"
        busy={busy}
        failure={failure}
        onCancel={() => setPending(null)}
        onConfirm={() => void confirm()}
      >
        {pending?.kind === 'remove' &&
          `${pending.member.full_name} (${pending.member.email}) will no longer see ${workspace.name}.`}
      </ConfirmDialog>
      <ConfirmDialog
        open={pending?.kind === 'leave'}
        title="Leave workspace?"
        confirmLabel="Leave"
        busy={busy}
        failure={failure}
        onCancel={() => setPending(null)}
        onConfirm={() => void confirm()}
      >
        You will no longer see {workspace.name} until someone invites you again.
      </ConfirmDialog>
    </>
  );
}

/**
 * The team page (/team, issue 12): the current workspace's members and pending invitations, and,
 * as the role allows, inviting, re-sending and revoking, changing roles, removing members,
 * transferring ownership; any member may leave. Controls the role may not use are hidden; the
 * server decides every request and its reason is shown.
 */
export function TeamPage() {
  const canRead = useCan('team:read');
  const { data, error, isLoading, isFetching, refetch } = useGetTeamQuery(undefined, { skip: !canRead });

  let content;
  if (!canRead) content = <Alert severity="info">{WORKSPACE_MESSAGES.notAllowed}</Alert>;
  else if (data) content = <TeamContent team={data} />;
  else if (isLoading) content = <TeamSkeleton />;
  else
    content = (
      <RetryAlert retrying={isFetching} onRetry={() => void refetch()}>
        {errorMessage(error, TEAM_LOAD_FAILED)}
      </RetryAlert>
    );

  return (
    <SimplePage
      title={TITLE}
      intro={data ? `Who works in ${data.workspace.name}, and what each of them may do.` : undefined}
    >
      {content}
    </SimplePage>
  );
}
