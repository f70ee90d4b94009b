import { type Action, roleCan } from '@shared/access/policy';
import { useSelector } from 'react-redux';

import { selectWorkspace, type SessionWorkspace } from './session.slice';

const READ_SUFFIX = ':read';

/**
 * Whether the session's role allows `action`. Before the workspace list has named the current
 * workspace the role is unknown: reads are shown (every role reads something, and the server
 * refuses what it must), anything that changes something stays hidden.
 */
export function canInWorkspace(workspace: SessionWorkspace | null, action: Action): boolean {
  if (workspace) return roleCan(workspace.role, action);
  return action.endsWith(READ_SUFFIX);
}

/**
 * Whether to show a control for `action` in the current workspace. It only hides: the server
 * checks every request against the same policy and decides.
 */
export function useCan(action: Action): boolean {
  const workspace = useSelector(selectWorkspace);
  return canInWorkspace(workspace, action);
}
