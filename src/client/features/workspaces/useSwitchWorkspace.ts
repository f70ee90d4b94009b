import { useAppDispatch } from '@client/app/hooks';
import { workspaceSwitched } from '@client/session/session.slice';
import type { WorkspaceSummary } from '@shared/api/workspaces';
import { useCallback } from 'react';

import { useSetCurrentWorkspaceMutation } from './workspaces.api';

/** What useSwitchWorkspace gives a screen. */
export interface SwitchWorkspace {
  /** Makes `workspace` the current one; false when the server refused (the error channel has said why). */
  switchTo: (workspace: Pick<WorkspaceSummary, 'id'>) => Promise<boolean>;
  /** While the server is being told. */
  switching: boolean;
}

/**
 * Switching workspaces in one step: the server remembers the choice (PUT workspaces/current/),
 * then the session moves there, which empties the API cache so nothing of the last workspace
 * stays on screen.
 */
export function useSwitchWorkspace(): SwitchWorkspace {
  const dispatch = useAppDispatch();
  const [setCurrentWorkspace, { isLoading }] = useSetCurrentWorkspaceMutation();

  const switchTo = useCallback(
    async ({ id }: Pick<WorkspaceSummary, 'id'>) => {
      try {
        const chosen = await setCurrentWorkspace({ workspace_id: id }).unwrap();
        dispatch(workspaceSwitched({ id: chosen.id, role: chosen.role }));
        return true;
      } catch {
        return false;
      }
    },
    [setCurrentWorkspace, dispatch],
  );

  return { switchTo, switching: isLoading };
}
