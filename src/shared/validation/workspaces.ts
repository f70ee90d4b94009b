import { type InferType, object, string } from 'yup';

import { ROLES } from '../access/policy';
import { DASHBOARD_MESSAGES, DISPLAY_CURRENCIES } from '../api/dashboard';
import { WORKSPACE_MESSAGES, WORKSPACE_NAME_MAX } from '../api/workspaces';
import { EMAIL_MAX_LENGTH } from './auth';
import { UUID_PATTERN } from './uuid';

/**
 * Workspace and team inputs (contract: ../api/workspaces), run by the server's routes and the
 * client's forms alike. Names are trimmed; e-mails are trimmed and lower-cased.
 */

const workspaceName = () =>
  string().trim().required(WORKSPACE_MESSAGES.nameRequired).max(WORKSPACE_NAME_MAX, WORKSPACE_MESSAGES.nameTooLong);

const role = () =>
  string().trim().required(WORKSPACE_MESSAGES.roleInvalid).oneOf(ROLES, WORKSPACE_MESSAGES.roleInvalid);

/** POST workspaces/ and PATCH workspace/. */
export const workspaceNameSchema = object({ name: workspaceName() });
export type WorkspaceNameInput = InferType<typeof workspaceNameSchema>;

/** POST workspace/delete/: the name typed again (compared with the real one by the server). */
export const deleteWorkspaceSchema = object({ name: string().trim().required(WORKSPACE_MESSAGES.nameMismatch) });

/** PUT workspaces/current/. */
export const currentWorkspaceSchema = object({
  workspace_id: string()
    .trim()
    .required(WORKSPACE_MESSAGES.pickWorkspace)
    .matches(UUID_PATTERN, WORKSPACE_MESSAGES.pickWorkspace),
});

/** POST workspace/invitations/. */
export const invitationSchema = object({
  email: string()
    .trim()
    .lowercase()
    .required(WORKSPACE_MESSAGES.emailInvalid)
    .max(EMAIL_MAX_LENGTH, WORKSPACE_MESSAGES.emailInvalid)
    .email(WORKSPACE_MESSAGES.emailInvalid),
  role: role(),
});
export type InvitationInput = InferType<typeof invitationSchema>;

/** PATCH workspace/members/<user_id>/. */
export const memberRoleSchema = object({ role: role() });

/** POST workspace/transfer/. */
export const transferSchema = object({
  user_id: string().trim().required(WORKSPACE_MESSAGES.pickMember).matches(UUID_PATTERN, WORKSPACE_MESSAGES.pickMember),
});

/** POST invitations/accept/ (the token from the mailed link). */
export const acceptInvitationSchema = object({
  token: string()
    .trim()
    .required(WORKSPACE_MESSAGES.invitationNotFound)
    .max(200, WORKSPACE_MESSAGES.invitationNotFound),
});

/** GET workspaces/overview/?currency= (left out or empty: the user's saved display currency; any case). */
export const overviewQuerySchema = object({
  currency: string()
    .trim()
    .transform((value: string | undefined) => (value === '' ? undefined : value))
    .uppercase()
    .oneOf(DISPLAY_CURRENCIES, DASHBOARD_MESSAGES.unknownCurrency),
});
export type OverviewQuery = InferType<typeof overviewQuerySchema>;
