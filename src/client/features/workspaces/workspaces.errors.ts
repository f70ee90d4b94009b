import type { ErrorFallbacksOf } from '@client/api/errorFallbacks';

import type { teamApi } from './team.api';
import type { workspacesApi } from './workspaces.api';

/**
 * What a failed request of team.api.ts, workspaces.api.ts says when the server gives no reason (spec section 8), by
 * endpoint name; a name missing here gets the generic text, null means the feature shows its own
 * feedback. The app composes every feature's table (app/errorFallbacks.ts).
 */
export const workspacesErrorFallbacks = {
  listWorkspaces: 'Unable to load your workspaces.',
  // The New workspace dialog says why inline.
  createWorkspace: null,
  setCurrentWorkspace: 'Unable to switch workspaces. Please try again.',
  getWorkspaceOverview: 'Unable to load your clients right now.',
  getTeam: 'Unable to load the team right now.',
  requestDeleteWorkspaceOtp: 'Unable to send OTP. Please try again.',
  verifyDeleteWorkspaceOtp: 'Invalid OTP.',
  // The invitation page says why the link does not work.
  getInvitationPreview: null,
} satisfies ErrorFallbacksOf<typeof teamApi | typeof workspacesApi>;
