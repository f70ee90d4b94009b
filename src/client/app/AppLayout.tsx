import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { Box, Link } from '@mui/material';
import { Footer } from '@client/components/Footer';
import { NavBar } from '@client/components/NavBar';
import { PageSkeleton } from '@client/components/PageSkeleton';
import { useSessionRestore } from '@client/features/account/useSessionRestore';

const MAIN_ID = 'main-content';

// Off-screen until focused, so keyboard users can jump past the top bar.
const skipLinkSx = {
  position: 'absolute',
  left: '-10000px',
  top: 'auto',
  '&:focus': { position: 'static', left: 'auto', p: 1 },
} as const;

/** The frame around every page: skip link, top bar, the page (loaded on demand) and the footer; it also checks a stored session. */
export function AppLayout() {
  useSessionRestore();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
      <Link href={`#${MAIN_ID}`} sx={skipLinkSx}>
        Skip to content
      </Link>
      <NavBar />
      <Box component="main" id={MAIN_ID} tabIndex={-1} sx={{ flexGrow: 1, outline: 'none' }}>
        <Suspense fallback={<PageSkeleton />}>
          <Outlet />
        </Suspense>
      </Box>
      <Footer />
    </Box>
  );
}
