import { useAppStore } from '@client/app/hooks';
import { paths } from '@client/lib/paths';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';

import { useSwitchWorkspace } from '../useSwitchWorkspace';
import { workspacesApi } from '../workspaces.api';

/**
 * After the current workspace is gone for the user (deleted, or they left it): switch to their
 * personal workspace and open All clients. When the list is not at hand the switch is left to the
 * workspace list, which names another current workspace once the session's is no longer listed.
 */
export function useReturnToPersonal(): (goneId: string) => Promise<void> {
  const store = useAppStore();
  const navigate = useNavigate();
  const { switchTo } = useSwitchWorkspace();
  return useCallback(
    async (goneId: string) => {
      const listed = workspacesApi.endpoints.listWorkspaces.select()(store.getState()).data ?? [];
      const personal = listed.find((workspace) => workspace.personal && workspace.id !== goneId);
      if (personal) await switchTo(personal);
      navigate(paths.workspaces, { replace: true });
    },
    [store, navigate, switchTo],
  );
}
