import { LoadingButton } from '@client/components/LoadingButton';
import { visuallyHidden } from '@client/components/visuallyHidden';
import { notify } from '@client/lib/notify';
import {
  Box,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { ROLE_TITLES } from '@shared/access/policy';
import type { Invitation } from '@shared/api/workspaces';

import { useResendInvitationMutation, useRevokeInvitationMutation } from '../team.api';
import { formatDate } from './teamFormat';

/** Shown when nobody is waiting to join. */
export const NO_INVITATIONS_MESSAGE = 'No pending invitations';
/** The notices of the two row actions. */
export const invitationResentMessage = (email: string) => `Invitation sent again to ${email}`;
export const invitationRevokedMessage = (email: string) => `Invitation to ${email} revoked`;

function InvitationActions({ invitation }: { invitation: Invitation }) {
  const [resendInvitation, resend] = useResendInvitationMutation();
  const [revokeInvitation, revoke] = useRevokeInvitationMutation();
  const busy = resend.isLoading || revoke.isLoading;

  // A refusal is toasted by the API error channel; the list stays as the server has it.
  const run = async (call: () => Promise<unknown>, message: string) => {
    try {
      await call();
      notify(message, 'success');
    } catch {
      // Said by the error channel.
    }
  };

  return (
    <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
      <LoadingButton
        size="small"
        loading={resend.isLoading}
        disabled={busy}
        onClick={() =>
          void run(() => resendInvitation(invitation.id).unwrap(), invitationResentMessage(invitation.email))
        }
        aria-label={`Resend the invitation to ${invitation.email}`}
      >
        Resend
      </LoadingButton>
      <LoadingButton
        size="small"
        color="error"
        loading={revoke.isLoading}
        disabled={busy}
        onClick={() =>
          void run(() => revokeInvitation(invitation.id).unwrap(), invitationRevokedMessage(invitation.email))
        }
        aria-label={`Revoke the invitation to ${invitation.email}`}
      >
        Revoke
      </LoadingButton>
    </Stack>
  );
}

/** Props of InvitationTable. */
export interface InvitationTableProps {
  invitations: readonly Invitation[];
  /** Whether the caller may re-send and revoke (team:manage); the server decides either way. */
  canManage: boolean;
  /** Id of the heading that names the table. */
  labelledBy: string;
}

/** The pending invitations: e-mail, role, sent, expires, and Resend / Revoke for an owner. */
export function InvitationTable({ invitations, canManage, labelledBy }: InvitationTableProps) {
  if (invitations.length === 0) {
    return <Typography color="text.secondary">{NO_INVITATIONS_MESSAGE}</Typography>;
  }
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-labelledby={labelledBy}>
        <TableHead>
          <TableRow>
            <TableCell>E-mail</TableCell>
            <TableCell>Role</TableCell>
            <TableCell>Sent</TableCell>
            <TableCell>Expires</TableCell>
            {canManage && (
              <TableCell>
                <Box component="span" sx={visuallyHidden}>
                  Actions
                </Box>
              </TableCell>
            )}
          </TableRow>
        </TableHead>
        <TableBody>
          {invitations.map((invitation) => (
            <TableRow key={invitation.id}>
              <TableCell component="th" scope="row" sx={{ overflowWrap: 'anywhere' }}>
                {invitation.email}
              </TableCell>
              <TableCell>{ROLE_TITLES[invitation.role]}</TableCell>
              <TableCell>{formatDate(invitation.sent_at)}</TableCell>
              <TableCell>{formatDate(invitation.expires_at)}</TableCell>
              {canManage && (
                <TableCell align="right">
                  <InvitationActions invitation={invitation} />
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
