import { useShellData, useWorkspaceEntitled } from '@client/app/shell/shellData';
import { selectWorkspace } from '@client/session/session.slice';
import { canInWorkspace } from '@client/session/useCan';
import type { Action } from '@shared/access/policy';
import { useMemo } from 'react';

import type { PageAccess } from './appPages';
import { useAppSelector } from './hooks';

/**
 * Who may see which of the app's pages (the side navigation, the palette, the g-shortcuts): the
 * policy table for the member's role here, and the workspace's entitlement (an owner's trial or
 * plan, as the workspace list reports it), never the member's own trial.
 */
export function usePageAccess(): PageAccess {
  const workspace = useAppSelector(selectWorkspace);
  const { data: workspaces } = useShellData().workspaces;
  const entitled = useWorkspaceEntitled();
  const severalWorkspaces = (workspaces?.length ?? 0) > 1;
  return useMemo(
    () => ({ can: (action: Action) => canInWorkspace(workspace, action), entitled, severalWorkspaces }),
    [workspace, entitled, severalWorkspaces],
  );
}
