import { useAppSelector } from '@client/app/hooks';
import type { RootState } from '@client/app/store';
import { selectIsLoggedIn, selectWorkspace } from '@client/session/session.slice';
import type { WorkspaceBranding } from '@shared/api/branding';
import { hasActiveTrial, type UserInfo } from '@shared/api/userInfo';
import type { WorkspaceSummary } from '@shared/api/workspaces';
import { createContext, useContext, useEffect, useMemo } from 'react';

/**
 * What the shell (route table, top bar, session and workspace restore, branding) knows from the
 * server about the signed-in user. The queries behind it run in the signed-in shell's chunk
 * (SignedInShellData), so a visitor's first load carries no RTK Query: that chunk hands the shell
 * the selectors of their cached results (ShellDataProvider), and the shell reads the store with
 * them, in step with every other reader of the cache.
 */
export interface ShellData {
  userInfo: { data?: UserInfo; isError: boolean; error?: unknown };
  accountInfo: { isSuccess: boolean; isError: boolean };
  workspaces: { data?: WorkspaceSummary[]; isLoading: boolean };
  branding?: WorkspaceBranding;
}

/** A visitor's, or a signed-in user's before the first answers: nothing known yet. */
export const NO_SHELL_DATA: ShellData = {
  userInfo: { isError: false },
  accountInfo: { isSuccess: false, isError: false },
  workspaces: { isLoading: false },
};

/** The part of an RTK Query cache entry the shell reads (what an endpoint's select() returns). */
export interface CachedQuery<T> {
  data?: T;
  error?: unknown;
  isUninitialized: boolean;
  isLoading: boolean;
  isSuccess: boolean;
  isError: boolean;
}

/** Selectors of the shell's queries in the cache, from the signed-in shell's chunk. */
export interface ShellSelectors {
  userInfo: (state: RootState) => CachedQuery<UserInfo>;
  accountInfo: (state: RootState) => CachedQuery<unknown>;
  workspaces: (state: RootState) => CachedQuery<WorkspaceSummary[]>;
  branding: (state: RootState) => CachedQuery<WorkspaceBranding>;
}

/** The selectors once their chunk has loaded, and how a reader asks for them (the queries start once something reads them). */
export interface ShellDataChannel {
  selectors: ShellSelectors | null;
  need: () => void;
}

export const ShellDataContext = createContext<ShellDataChannel>({ selectors: null, need: () => {} });

/** The shell's server data for the signed-in user (NO_SHELL_DATA for a visitor). */
export function useShellData(): ShellData {
  const { selectors, need } = useContext(ShellDataContext);
  useEffect(need, [need]);
  const isLoggedIn = useAppSelector(selectIsLoggedIn);
  const userInfo = useAppSelector((state) => selectors?.userInfo(state));
  const accountInfo = useAppSelector((state) => selectors?.accountInfo(state));
  const workspaces = useAppSelector((state) => selectors?.workspaces(state));
  const branding = useAppSelector((state) => selectors?.branding(state).data);
  return useMemo(() => {
    if (!isLoggedIn || !userInfo || !accountInfo || !workspaces) return NO_SHELL_DATA;
    return {
      userInfo: { data: userInfo.data, isError: userInfo.isError, error: userInfo.error },
      accountInfo: { isSuccess: accountInfo.isSuccess, isError: accountInfo.isError },
      // As a query hook has it: loading until the first answer (a query about to start included).
      workspaces: {
        data: workspaces.data,
        isLoading: (workspaces.isUninitialized || workspaces.isLoading) && workspaces.data === undefined,
      },
      branding,
    };
  }, [isLoggedIn, userInfo, accountInfo, workspaces, branding]);
}

/** True for a signed-in user whose trial is on and ends in the future (the shell's useHasActiveTrial). */
export function useShellHasActiveTrial(): boolean {
  const isLoggedIn = useAppSelector(selectIsLoggedIn);
  const { userInfo } = useShellData();
  return isLoggedIn && hasActiveTrial(userInfo.data, Date.now());
}

/**
 * Whether the current workspace's dashboard is open: its owner's trial or plan, as the workspace
 * list's `dashboard` flag reports it (never the member's own trial). False until the list arrives.
 */
export function useWorkspaceEntitled(): boolean {
  const workspace = useAppSelector(selectWorkspace);
  const { data: workspaces } = useShellData().workspaces;
  return workspace !== null && workspaces?.find((summary) => summary.id === workspace.id)?.dashboard === true;
}
