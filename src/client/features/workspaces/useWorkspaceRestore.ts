import { useAppDispatch, useAppSelector } from '@client/app/hooks';
import { useShellData } from '@client/app/shell/shellData';
import { selectIsLoggedIn, selectWorkspace, workspaceRestored } from '@client/session/session.slice';
import type { WorkspaceSummary } from '@shared/api/workspaces';
import { useEffect, useRef } from 'react';

/** The workspace the server calls current, else the personal one, else the first. */
export function currentOf(workspaces: readonly WorkspaceSummary[]): WorkspaceSummary | undefined {
  return (
    workspaces.find((workspace) => workspace.current) ??
    workspaces.find((workspace) => workspace.personal) ??
    workspaces[0]
  );
}

/**
 * Gives the session its workspace: once per sign-in (or page load) the workspace the server
 * remembers as current; later, the new role when it changes, or the server's choice again when
 * the session's workspace is no longer listed (deleted, left, removed from it).
 */
export function useWorkspaceRestore(): void {
  const dispatch = useAppDispatch();
  const isLoggedIn = useAppSelector(selectIsLoggedIn);
  const workspace = useAppSelector(selectWorkspace);
  // The workspace list is the shell's query (ShellDataProvider): none in a visitor's first load.
  const { data } = useShellData().workspaces;
  // Whether the server's current workspace has been taken since this sign-in.
  const restored = useRef(false);

  useEffect(() => {
    if (!isLoggedIn) {
      restored.current = false;
      return;
    }
    if (!data) return;
    const listed = workspace ? data.find((item) => item.id === workspace.id) : undefined;
    const target = !restored.current || !listed ? currentOf(data) : listed;
    restored.current = true;
    if (target && (target.id !== workspace?.id || target.role !== workspace.role)) {
      dispatch(workspaceRestored({ id: target.id, role: target.role, personal: target.personal }));
    }
  }, [isLoggedIn, data, workspace, dispatch]);
}
