import { useAppSelector } from '@client/app/hooks';
import { selectIsLoggedIn, selectWorkspace } from '@client/session/session.slice';
import { canInWorkspace } from '@client/session/useCan';

import { useShellHasActiveTrial, useWorkspaceEntitled } from './shellData';

/**
 * Whether the top bar shows the alerts bell: the server answers alerts/unread/ only for a member
 * whose role reads alerts, in a workspace whose dashboard is open (the user's own running trial,
 * or an owner's trial or plan, as /dashboard is decided). Anyone else would poll a 403 every minute.
 * It also waits for the session's workspace, so the count is never another workspace's.
 */
export function useShowsAlertsBell(): boolean {
  const isLoggedIn = useAppSelector(selectIsLoggedIn);
  const workspace = useAppSelector(selectWorkspace);
  const hasActiveTrial = useShellHasActiveTrial();
  const entitled = useWorkspaceEntitled();
  if (!isLoggedIn || workspace === null || !canInWorkspace(workspace, 'alerts:read')) return false;
  return hasActiveTrial || entitled;
}
