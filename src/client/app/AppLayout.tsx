import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { Box, Link } from '@mui/material';
import { Footer } from '@client/components/Footer';
import { NavBar } from '@client/components/NavBar';
import { PageSkeleton } from '@client/components/PageSkeleton';
import { useSessionRestore } from '@client/features/account/useSessionRestore';
import { AlertsBell } from '@client/features/alerts/AlertsBell';
import { WorkspaceSwitcher, WorkspaceSwitcherList } from '@client/features/workspaces/switcher/WorkspaceSwitcher';
import { useWorkspaceRestore } from '@client/features/workspaces/useWorkspaceRestore';
import { useAlertStream } from './useAlertStream';
import { useShowsAlertsBell } from './useShowsAlertsBell';

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
  // Live alerts wherever the bell shows: the count and the list refresh, critical ones toast.
  useAlertStream(showsAlertsBell);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
      <Link href={`#${MAIN_ID}`} sx={skipLinkSx}>
        Skip to content
      </Link>
      <NavBar
        workspaceSwitcher={<WorkspaceSwitcher />}
        mobileWorkspaceSwitcher={(closeMenu) => <WorkspaceSwitcherList onDone={closeMenu} />}
        alertsBell={showsAlertsBell ? <AlertsBell /> : undefined}
      />
      <Box component="main" id={MAIN_ID} tabIndex={-1} sx={{ flexGrow: 1, outline: 'none' }}>
        <Suspense fallback={<PageSkeleton />}>
          <Outlet />
        </Suspense>
      </Box>
      <Footer />
    </Box>
  );
}
