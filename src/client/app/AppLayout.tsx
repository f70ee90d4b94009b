import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { Box, Link } from '@mui/material';
import { Footer } from '@client/components/Footer';
import { NavBar } from '@client/components/NavBar';
import { PageSkeleton } from '@client/components/PageSkeleton';
import { useSessionRestore } from '@client/features/account/useSessionRestore';
import { selectIsLoggedIn } from '@client/features/session/session.slice';
import type { WorkspaceSwitcherListProps } from '@client/features/workspaces/switcher/WorkspaceSwitcher';
import { useWorkspaceRestore } from '@client/features/workspaces/useWorkspaceRestore';
import { useAppSelector } from './hooks';
import { lazyPage } from './lazyPage';
import { loadSignedInShell } from './signedInShellChunk';
import { useShowsAlertsBell } from './useShowsAlertsBell';
import { useWorkspaceBranding, WorkspaceBrandMark, WorkspaceBrandTheme } from './WorkspaceBrand';

const WorkspaceSwitcher = lazyPage<'WorkspaceSwitcher'>(loadSignedInShell, 'WorkspaceSwitcher');
const WorkspaceSwitcherList = lazyPage<'WorkspaceSwitcherList', WorkspaceSwitcherListProps>(loadSignedInShell, 'WorkspaceSwitcherList');
const AlertsBell = lazyPage<'AlertsBell'>(loadSignedInShell, 'AlertsBell');
const AlertStream = lazyPage<'AlertStream'>(loadSignedInShell, 'AlertStream');
const CommandPalette = lazyPage<'CommandPalette'>(loadSignedInShell, 'CommandPalette');

const MAIN_ID = 'main-content';

// Off-screen until focused, so keyboard users can jump past the top bar.
const skipLinkSx = {
  position: 'absolute',
  left: '-10000px',
  top: 'auto',
  '&:focus': { position: 'static', left: 'auto', p: 1 },
} as const;

/**
 * The frame around every page: skip link, top bar (with the workspace switcher and the alerts
 * bell), the page (loaded on demand) and the footer; it also checks a stored session and gives it
 * its workspace.
 */
export function AppLayout() {
  useSessionRestore();
  useWorkspaceRestore();
  const showsAlertsBell = useShowsAlertsBell();
  const branding = useWorkspaceBranding();
  const isLoggedIn = useAppSelector(selectIsLoggedIn);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
      {/* Live alerts wherever the bell shows: the count and the list refresh, critical ones toast. */}
      {showsAlertsBell && (
        <Suspense fallback={null}>
          <AlertStream />
        </Suspense>
      )}
      {/* The command palette (Ctrl/⌘+K) and the keyboard shortcuts, from the signed-in chunk. */}
      {isLoggedIn && (
        <Suspense fallback={null}>
          <CommandPalette />
        </Suspense>
      )}
      <Link href={`#${MAIN_ID}`} sx={skipLinkSx}>
        Skip to content
      </Link>
      {/* The workspace's branding (when it has some) around the top bar and the page: every member, the client role too, sees it. */}
      <WorkspaceBrandTheme>
        <NavBar
          brand={branding ? <WorkspaceBrandMark branding={branding} /> : undefined}
          workspaceSwitcher={
            <Suspense fallback={null}>
              <WorkspaceSwitcher />
            </Suspense>
          }
          mobileWorkspaceSwitcher={(closeMenu) => (
            <Suspense fallback={null}>
              <WorkspaceSwitcherList onDone={closeMenu} />
            </Suspense>
          )}
          alertsBell={
            showsAlertsBell ? (
              <Suspense fallback={null}>
                <AlertsBell />
              </Suspense>
            ) : undefined
          }
        />
        <Box component="main" id={MAIN_ID} tabIndex={-1} sx={{ flexGrow: 1, outline: 'none' }}>
          <Suspense fallback={<PageSkeleton />}>
            <Outlet />
          </Suspense>
        </Box>
      </WorkspaceBrandTheme>
      <Footer />
    </Box>
  );
}
