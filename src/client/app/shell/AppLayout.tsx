import { useAppSelector } from '@client/app/hooks';
import { lazyPage } from '@client/app/lazyPage';
import { Footer } from '@client/app/shell/Footer';
import { NavBar } from '@client/app/shell/NavBar';
import { PageSkeleton } from '@client/components/PageSkeleton';
import { useSessionRestore } from '@client/features/account/useSessionRestore';
import { useWorkspaceRestore } from '@client/features/workspaces/useWorkspaceRestore';
import { selectIsLoggedIn } from '@client/session/session.slice';
import { Box, Link } from '@mui/material';
import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';

import type { MobileAppNavigationProps } from './SideNav';
import { loadSignedInShell } from './signedInShellChunk';
import { useShowsAlertsBell } from './useShowsAlertsBell';
import { useWorkspaceBranding, WorkspaceBrandMark, WorkspaceBrandTheme } from './WorkspaceBrand';

const SideNav = lazyPage<'SideNav'>(loadSignedInShell, 'SideNav');
const MobileAppNavigation = lazyPage<'MobileAppNavigation', MobileAppNavigationProps>(
  loadSignedInShell,
  'MobileAppNavigation',
);
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
 * The frame around every page: skip link, top bar (with the alerts bell), the side navigation for
 * a signed-in user (headed by the workspace switcher; in the menu on small screens), the page
 * (loaded on demand) and the footer; it also checks a stored session and gives it its workspace.
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
          mobileAppNavigation={(closeMenu) => (
            <Suspense fallback={null}>
              <MobileAppNavigation onDone={closeMenu} />
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
        <Box sx={{ display: 'flex', flexGrow: 1, minWidth: 0 }}>
          {/* The side navigation of a signed-in user's pages, from the signed-in chunk. */}
          {isLoggedIn && (
            <Suspense fallback={null}>
              <SideNav />
            </Suspense>
          )}
          {/* minWidth 0: a wide table scrolls inside its own box instead of widening the page. */}
          <Box component="main" id={MAIN_ID} tabIndex={-1} sx={{ flexGrow: 1, minWidth: 0, outline: 'none' }}>
            <Suspense fallback={<PageSkeleton />}>
              <Outlet />
            </Suspense>
          </Box>
        </Box>
      </WorkspaceBrandTheme>
      <Footer />
    </Box>
  );
}
