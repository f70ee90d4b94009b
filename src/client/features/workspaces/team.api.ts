import { baseApi } from '@client/api/baseApi';
import { invalidatesOnSuccess, LIST_ID } from '@client/api/tags';
import type { Role } from '@shared/access/policy';
import type { GenerateOtpResult, VerifyOtpRequest, VerifyOtpResult } from '@shared/api/adAccounts';
import type { Invitation, InvitationPreview, Member, Team, WorkspaceSummary } from '@shared/api/workspaces';
import type { InvitationInput, WorkspaceNameInput } from '@shared/validation/workspaces';

/** POST workspace/delete/: the name typed again. */
export interface DeleteWorkspaceRequest {
  name: string;
}
/** POST workspace/delete/'s answer. */
export interface DeleteWorkspaceResult {
  deleted: true;
  id: string;
}
/** DELETE workspace/invitations/<id>/'s answer. */
export interface RevokeInvitationResult {
  revoked: true;
  id: string;
}
/** PATCH workspace/members/<user_id>/. */
export interface UpdateMemberRoleRequest {
  userId: string;
  role: Role;
}
/** DELETE workspace/members/<user_id>/'s answer. */
export interface RemoveMemberResult {
  removed: true;
  user_id: string;
}
/** POST workspace/transfer/. */
export interface TransferOwnershipRequest {
  userId: string;
}
/** POST workspace/leave/'s answer. */
export interface LeaveWorkspaceResult {
  left: true;
  id: string;
}

/**
 * Everything here is about the current workspace (the header's): its summary and its team are
 * cached as two tags of the Workspace type next to the list's, so a change to the workspace
 * (a rename, a role) reaches every view of it by invalidating the type.
 */
const CURRENT_WORKSPACE = { type: 'Workspace', id: 'CURRENT' } as const;
const TEAM = { type: 'Workspace', id: 'TEAM' } as const;
const WORKSPACE_LIST = { type: 'Workspace', id: LIST_ID } as const;
const OVERVIEW = { type: 'WorkspaceOverview' } as const;

/** The current workspace's settings, its team, and invitations (contract: @shared/api/workspaces). */
export const teamApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getWorkspace: build.query<WorkspaceSummary, void>({
      query: () => 'workspace/',
      providesTags: [CURRENT_WORKSPACE],
    }),
    updateWorkspace: build.mutation<WorkspaceSummary, WorkspaceNameInput>({
      query: ({ name }) => ({ url: 'workspace/', method: 'PATCH', body: { name } }),
      // Every cached view of this workspace's name: the settings, the team, the switcher's list, All clients.
      invalidatesTags: invalidatesOnSuccess([{ type: 'Workspace' as const }, OVERVIEW]),
    }),
    deleteWorkspace: build.mutation<DeleteWorkspaceResult, DeleteWorkspaceRequest>({
      query: ({ name }) => ({ url: 'workspace/delete/', method: 'POST', body: { name } }),
      // Only the lists: the current workspace is gone, asking for it again would only answer 404.
      invalidatesTags: invalidatesOnSuccess([WORKSPACE_LIST, OVERVIEW]),
    }),
    // The OTP that deleting a workspace asks for; the same calls as the disconnect flow's, owned here
    // because features do not import each other.
    requestDeleteWorkspaceOtp: build.mutation<GenerateOtpResult, void>({
      query: () => ({ url: 'generate-otp/', method: 'POST', body: {} }),
    }),
    verifyDeleteWorkspaceOtp: build.mutation<VerifyOtpResult, VerifyOtpRequest>({
      query: ({ otp }) => ({ url: 'verify-otp/', method: 'POST', body: { otp } }),
    }),
    getTeam: build.query<Team, void>({
      query: () => 'workspace/team/',
      providesTags: [TEAM],
    }),
    createInvitation: build.mutation<Invitation, InvitationInput>({
      query: ({ email, role }) => ({ url: 'workspace/invitations/', method: 'POST', body: { email, role } }),
      invalidatesTags: invalidatesOnSuccess([TEAM]),
    }),
    resendInvitation: build.mutation<Invitation, string>({
      query: (id) => ({ url: `workspace/invitations/${encodeURIComponent(id)}/resend/`, method: 'POST', body: {} }),
      invalidatesTags: invalidatesOnSuccess([TEAM]),
    }),
    revokeInvitation: build.mutation<RevokeInvitationResult, string>({
      query: (id) => ({ url: `workspace/invitations/${encodeURIComponent(id)}/`, method: 'DELETE' }),
      invalidatesTags: invalidatesOnSuccess([TEAM]),
    }),
    updateMemberRole: build.mutation<Member, UpdateMemberRoleRequest>({
      query: ({ userId, role }) => ({
        url: `workspace/members/${encodeURIComponent(userId)}/`,
        method: 'PATCH',
        body: { role },
      }),
      invalidatesTags: invalidatesOnSuccess([TEAM]),
    }),
    removeMember: build.mutation<RemoveMemberResult, string>({
      query: (userId) => ({ url: `workspace/members/${encodeURIComponent(userId)}/`, method: 'DELETE' }),
      invalidatesTags: invalidatesOnSuccess([TEAM]),
    }),
    transferOwnership: build.mutation<Team, TransferOwnershipRequest>({
      query: ({ userId }) => ({ url: 'workspace/transfer/', method: 'POST', body: { user_id: userId } }),
      // The caller's role changed (owner to manager): every view of it, the team included (the session's role follows the list).
      invalidatesTags: invalidatesOnSuccess([{ type: 'Workspace' as const }, OVERVIEW]),
    }),
    leaveWorkspace: build.mutation<LeaveWorkspaceResult, void>({
      query: () => ({ url: 'workspace/leave/', method: 'POST', body: {} }),
      invalidatesTags: invalidatesOnSuccess([WORKSPACE_LIST, OVERVIEW]),
    }),
    getInvitationPreview: build.query<InvitationPreview, string>({
      query: (token) => `invitations/${encodeURIComponent(token)}/`,
    }),
    acceptInvitation: build.mutation<WorkspaceSummary, string>({
      query: (token) => ({ url: 'invitations/accept/', method: 'POST', body: { token } }),
      invalidatesTags: invalidatesOnSuccess([WORKSPACE_LIST, OVERVIEW]),
    }),
  }),
});

/** The generated hooks. */
export const {
  useGetWorkspaceQuery,
  useUpdateWorkspaceMutation,
  useDeleteWorkspaceMutation,
  useRequestDeleteWorkspaceOtpMutation,
  useVerifyDeleteWorkspaceOtpMutation,
  useGetTeamQuery,
  useCreateInvitationMutation,
  useResendInvitationMutation,
  useRevokeInvitationMutation,
  useUpdateMemberRoleMutation,
  useRemoveMemberMutation,
  useTransferOwnershipMutation,
  useLeaveWorkspaceMutation,
  useGetInvitationPreviewQuery,
  useAcceptInvitationMutation,
} = teamApi;
