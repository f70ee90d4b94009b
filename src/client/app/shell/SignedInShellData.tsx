import { accountApi, useAccountInfo, useUserInfo } from '@client/features/account/account.api';
import { brandingApi, useGetBrandingQuery } from '@client/features/workspaces/branding.api';
import { useListWorkspacesQuery, workspacesApi } from '@client/features/workspaces/workspaces.api';
import { useEffect } from 'react';

import type { ShellSelectors } from './shellData';

/** Where the shell reads its queries' results (see shellData.ts). */
const SHELL_SELECTORS: ShellSelectors = {
  userInfo: accountApi.endpoints.getUserInfo.select(),
  accountInfo: accountApi.endpoints.getAccountInfo.select(),
  workspaces: workspacesApi.endpoints.listWorkspaces.select(),
  branding: brandingApi.endpoints.getBranding.select(),
};

/** Props of SignedInShellData. */
export interface SignedInShellDataProps {
  onReady: (selectors: ShellSelectors) => void;
}

/**
 * Keeps the shell's queries running for a signed-in user (user-info, polled; account-info; the
 * workspace list; the workspace's branding) and hands ShellDataProvider the selectors of their results.
 */
export function SignedInShellData({ onReady }: SignedInShellDataProps) {
  useUserInfo();
  useAccountInfo();
  useListWorkspacesQuery();
  useGetBrandingQuery();
  useEffect(() => onReady(SHELL_SELECTORS), [onReady]);
  return null;
}
