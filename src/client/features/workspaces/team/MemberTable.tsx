import { visuallyHidden } from '@client/components/visuallyHidden';
import { notify } from '@client/lib/notify';
import {
  Box,
  Button,
  Chip,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { type Role, ROLE_TITLES, ROLES } from '@shared/access/policy';
import type { Member } from '@shared/api/workspaces';

import { useUpdateMemberRoleMutation } from '../team.api';
import { formatDate } from './teamFormat';

/** The notice once a member's role changed. */
export const roleChangedMessage = (name: string, role: Role) =>
  `${name} is now ${role === 'owner' ? 'an' : 'a'} ${ROLE_TITLES[role].toLowerCase()}.`;

function RoleCell({ member, editable }: { member: Member; editable: boolean }) {
  const [updateMemberRole, { isLoading }] = useUpdateMemberRoleMutation();
  if (!editable) return <>{ROLE_TITLES[member.role]}</>;

  const change = async (role: Role) => {
    try {
      await updateMemberRole({ userId: member.user_id, role }).unwrap();
      notify(roleChangedMessage(member.full_name, role), 'success');
    } catch {
      // The API error channel has said why (the last owner, say); the select still shows the role the server keeps.
    }
  };

  return (
    <TextField
      select
      size="small"
      value={member.role}
      disabled={isLoading}
      onChange={(event) => void change(event.target.value as Role)}
      slotProps={{
        select: { native: true },
        htmlInput: { 'aria-label': `Role of ${member.full_name}`, 'aria-busy': isLoading },
      }}
      sx={{ minWidth: 130 }}
    >
      {ROLES.map((role) => (
        <option key={role} value={role}>
          {ROLE_TITLES[role]}
        </option>
      ))}
    </TextField>
  );
}

/** Props of MemberTable. */
export interface MemberTableProps {
  members: readonly Member[];
  /** Whether the caller may change roles and remove members (team:manage); the server decides either way. */
  canManage: boolean;
  onRemove: (member: Member) => void;
  /** Id of the heading that names the table. */
  labelledBy: string;
}

/** The workspace's members: name ("You" marked), e-mail, role (a select for an owner), joined, Remove. */
export function MemberTable({ members, canManage, onRemove, labelledBy }: MemberTableProps) {
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-labelledby={labelledBy}>
        <TableHead>
          <TableRow>
            <TableCell>Name</TableCell>
            <TableCell>E-mail</TableCell>
            <TableCell>Role</TableCell>
            <TableCell>Joined</TableCell>
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
          {members.map((member) => (
            <TableRow key={member.user_id}>
              <TableCell component="th" scope="row">
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {member.full_name}
                  </Typography>
                  {member.you && <Chip label="You" size="small" />}
                </Stack>
              </TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{member.email}</TableCell>
              <TableCell>
                {/* Your own role changes through a transfer or by leaving, not from this list. */}
                <RoleCell member={member} editable={canManage && !member.you} />
              </TableCell>
              <TableCell>{formatDate(member.joined_at)}</TableCell>
              {canManage && (
                <TableCell align="right">
                  {!member.you && (
                    <Button
                      size="small"
                      color="error"
                      onClick={() => onRemove(member)}
                      aria-label={`Remove ${member.full_name}`}
                    >
                      Remove
                    </Button>
                  )}
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
