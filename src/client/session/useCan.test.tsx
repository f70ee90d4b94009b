import { AppProviders } from '@client/app/AppProviders';
import { makeStore } from '@client/app/store';
import { signedInSession } from '@client/test/renderWithProviders';
import { type Action, ACTIONS, type Role, ROLES } from '@shared/access/policy';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';

import type { SessionWorkspace } from './session.slice';
import { canInWorkspace, useCan } from './useCan';

/** What each role is expected to see, written out rather than read from the policy table. */
const EXPECTED: Record<Role, readonly Action[]> = {
  owner: ACTIONS,
  manager: [
    'dashboard:read',
    'reports:read',
    'accounts:read',
    'team:read',
    'sync:run',
    'suggestions:read',
    'alerts:read',
    'rules:read',
    'budgets:read',
    'creative:analyze',
    'accounts:write',
    'campaigns:write',
    'suggestions:apply',
    'alerts:manage',
    'rules:write',
    'budgets:write',
    'creative:manage',
    'branding:manage',
    'reports:write',
    'firstparty:write',
  ],
  viewer: [
    'dashboard:read',
    'reports:read',
    'accounts:read',
    'team:read',
    'sync:run',
    'suggestions:read',
    'alerts:read',
    'rules:read',
    'budgets:read',
    'creative:analyze',
  ],
  client: ['dashboard:read', 'reports:read'],
};

function canFor(workspace: SessionWorkspace | null, action: Action): boolean {
  const store = makeStore({ session: signedInSession({ workspace }) });
  const wrapper = ({ children }: { children: ReactNode }) => <AppProviders store={store}>{children}</AppProviders>;
  return renderHook(() => useCan(action), { wrapper }).result.current;
}

describe('useCan', () => {
  it.each(ROLES)('follows the policy for the %s role', (role) => {
    for (const action of ACTIONS) {
      expect([action, canFor({ id: 'ws-1', role }, action)]).toEqual([action, EXPECTED[role].includes(action)]);
    }
  });

  it('before the workspace is known, shows reads and hides everything that changes something', () => {
    expect(canFor(null, 'dashboard:read')).toBe(true);
    expect(canFor(null, 'accounts:read')).toBe(true);
    expect(canFor(null, 'team:read')).toBe(true);
    expect(canFor(null, 'accounts:write')).toBe(false);
    expect(canFor(null, 'campaigns:write')).toBe(false);
    expect(canFor(null, 'sync:run')).toBe(false);
    expect(canFor(null, 'workspace:manage')).toBe(false);
  });

  it('reads the same answers without React', () => {
    expect(canInWorkspace({ id: 'ws-1', role: 'client' }, 'accounts:read')).toBe(false);
    expect(canInWorkspace({ id: 'ws-1', role: 'viewer' }, 'sync:run')).toBe(true);
    expect(canInWorkspace(null, 'reports:read')).toBe(true);
  });
});
