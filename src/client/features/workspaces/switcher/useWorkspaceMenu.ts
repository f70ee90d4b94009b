import { useAppSelector } from '@client/app/hooks';
import { selectIsLoggedIn, selectWorkspace } from '@client/session/session.slice';
import type { WorkspaceSummary } from '@shared/api/workspaces';

import { useSwitchWorkspace } from '../useSwitchWorkspace';
import { currentOf } from '../useWorkspaceRestore';
import { useListWorkspacesQuery } from '../workspaces.api';

/** What both switchers (side navigation and mobile menu) show and do. */
export interface WorkspaceMenu {
  workspaces: WorkspaceSummary[];
  /** The workspace the session is in; before the list has answered, undefined. */
  current: WorkspaceSummary | undefined;
  isError: boolean;
  isFetching: boolean;
  refetch: () => void;
  /** Moves to `workspace` (nothing to do for the current one); false when the server refused. */
  choose: (workspace: WorkspaceSummary) => Promise<boolean>;
  switching: boolean;
}

/** The switchers' shared state: the user's workspaces, which one is current, and the switch. */
export function useWorkspaceMenu(): WorkspaceMenu {
  const isLoggedIn = useAppSelector(selectIsLoggedIn);
  const session = useAppSelector(selectWorkspace);
  const { data, isError, isFetching, refetch } = useListWorkspacesQuery(undefined, { skip: !isLoggedIn });
  const { switchTo, switching } = useSwitchWorkspace();

  const workspaces = data ?? [];
  const current = session ? workspaces.find((workspace) => workspace.id === session.id) : currentOf(workspaces);
  const choose = async (workspace: WorkspaceSummary) => (workspace.id === current?.id ? true : switchTo(workspace));

  return { workspaces, current, isError, isFetching, refetch: () => void refetch(), choose, switching };
}

/** '3 connected accounts · Manager'. */
export function workspaceDetails(workspace: WorkspaceSummary, roleTitle: string): string {
  const count = workspace.connected_accounts;
  return `${count} connected account${count === 1 ? '' : 's'} · ${roleTitle}`;
}
