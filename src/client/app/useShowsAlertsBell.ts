import { useHasActiveTrial } from '@client/features/account/account.api';
import { selectIsLoggedIn, selectWorkspace } from '@client/features/session/session.slice';
import { canInWorkspace } from '@client/features/session/useCan';
import { useListWorkspacesQuery } from '@client/features/workspaces/workspaces.api';
import { useAppSelector } from './hooks';

/**
 * Whether the top bar shows the alerts bell: the server answers alerts/unread/ only for a member
 * whose role reads alerts, in a workspace whose dashboard is open (the user's own running trial,
 * or an owner's trial or plan, as /dashboard is decided). Anyone else would poll a 403 every minute.
 * It also waits for the session's workspace, so the count is never another workspace's.
 */
export function useShowsAlertsBell(): boolean {
  const isLoggedIn = useAppSelector(selectIsLoggedIn);
  const workspace = useAppSelector(selectWorkspace);
  const hasActiveTrial = useHasActiveTrial();
  const { data: workspaces } = useListWorkspacesQuery(undefined, { skip: !isLoggedIn });
  if (!isLoggedIn || workspace === null || !canInWorkspace(workspace, 'alerts:read')) return false;
  return hasActiveTrial || workspaces?.find((summary) => summary.id === workspace.id)?.dashboard === true;
}
