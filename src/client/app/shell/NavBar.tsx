import { useAppSelector } from '@client/app/hooks';
import { lazyPage } from '@client/app/lazyPage';
import { useShellData, useShellHasActiveTrial, useWorkspaceEntitled } from '@client/app/shell/shellData';
import { paths } from '@client/lib/paths';
import { selectFirstName, selectIsLoggedIn } from '@client/session/session.slice';
import { useCan } from '@client/session/useCan';
import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import MenuIcon from '@mui/icons-material/Menu';
import { AppBar, Box, Button, Container, IconButton, Toolbar, Typography } from '@mui/material';
import { type ReactNode, Suspense, useState } from 'react';
import { Link as RouterLink, NavLink } from 'react-router-dom';

import { mainNavLinks } from './navLinks';

const MOBILE_MENU_ID = 'mobile-menu';

// The slide-in menu (a modal drawer) loads when first opened: wide screens never need it.
const MobileMenu = lazyPage(() => import(/* webpackChunkName: "mobile-menu" */ './MobileMenu'), 'MobileMenu');
const ACCOUNT_FALLBACK_LABEL = 'Account';

function firstNameOf(fullName: string | undefined): string | null {
  return fullName?.trim().split(/\s+/)[0] || null;
}

/** Props of NavBar: slots the app fills with features the top bar knows nothing about. */
export interface NavBarProps {
  /**
   * The signed-in user's part of the small-screen menu (the workspace switcher and the app's
   * pages), told how to close the menu once a choice is made.
   */
  mobileAppNavigation?: (closeMenu: () => void) => ReactNode;
  /** Shown to a signed-in user on every screen size, at the right before the account button (the alerts bell). */
  alertsBell?: ReactNode;
  /** The current workspace's logo and name, shown instead of the product's name (white-label branding). */
  brand?: ReactNode;
}

/**
 * Whether the desktop top bar shows Dashboard: the user's own active trial (spec section 2), or a
 * current workspace whose owner's trial or plan opens it (the workspace list's `dashboard` flag),
 * as the /dashboard route is decided.
 */
function useShowsDashboardLink(): boolean {
  const isLoggedIn = useAppSelector(selectIsLoggedIn);
  const hasActiveTrial = useShellHasActiveTrial();
  const entitled = useWorkspaceEntitled();
  const readsDashboard = useCan('dashboard:read');
  return isLoggedIn && readsDashboard && (hasActiveTrial || entitled);
}

/**
 * The top bar, as the spec gives it: brand, Home, Dashboard (when open to the user), Features,
 * Pricing, Contact, and Login or the user's first name; the alerts bell at the right; a menu
 * button on small screens. The app's own pages are in the side navigation (app/shell/SideNav).
 */
export function NavBar({ mobileAppNavigation, alertsBell, brand }: NavBarProps = {}) {
  const isLoggedIn = useAppSelector(selectIsLoggedIn);
  const storedFirstName = useAppSelector(selectFirstName);
  const { data: userInfo } = useShellData().userInfo;
  const showsDashboard = useShowsDashboardLink();
  const [menuOpen, setMenuOpen] = useState(false);
  // Mounted from the first opening on, so it can play its closing transition.
  const [menuUsed, setMenuUsed] = useState(false);

  const firstName = firstNameOf(userInfo?.fullName) ?? storedFirstName ?? ACCOUNT_FALLBACK_LABEL;
  const links = mainNavLinks(showsDashboard);

  return (
    <AppBar position="sticky">
      {/* A visitor's bar lines up with the marketing pages' column; a signed-in user's spans the window, above the side navigation, as an app's does. */}
      <Container maxWidth={isLoggedIn ? false : 'lg'}>
        <Toolbar disableGutters sx={{ gap: 1 }}>
          <IconButton
            aria-label="Open menu"
            aria-expanded={menuOpen}
            aria-controls={MOBILE_MENU_ID}
            aria-haspopup="dialog"
            edge="start"
            onClick={() => {
              setMenuUsed(true);
              setMenuOpen(true);
            }}
            sx={{ display: { md: 'none' } }}
          >
            <MenuIcon />
          </IconButton>
          {brand ?? (
            <Typography
              component={RouterLink}
              to={paths.home}
              variant="h6"
              sx={{ color: 'primary.main', fontWeight: 800, textDecoration: 'none', mr: 2 }}
            >
              Adwise
            </Typography>
          )}
          <Box component="nav" aria-label="Main" sx={{ display: { xs: 'none', md: 'flex' }, gap: 0.5, flexGrow: 1 }}>
            {links.map((link) => (
              <Button key={link.key} component={NavLink} to={link.to} end={link.to === paths.home} color="inherit">
                {link.label}
              </Button>
            ))}
          </Box>
          <Box sx={{ flexGrow: { xs: 1, md: 0 } }} />
          {isLoggedIn && alertsBell}
          {isLoggedIn ? (
            <Button
              component={RouterLink}
              to={paths.account}
              startIcon={<AccountCircleIcon aria-hidden />}
              color="inherit"
            >
              {firstName}
            </Button>
          ) : (
            <Button component={RouterLink} to={paths.login} variant="contained">
              Login
            </Button>
          )}
        </Toolbar>
      </Container>
      {menuUsed && (
        <Suspense fallback={null}>
          <MobileMenu
            id={MOBILE_MENU_ID}
            open={menuOpen}
            onClose={() => setMenuOpen(false)}
            isLoggedIn={isLoggedIn}
            firstName={firstName}
            appNavigation={isLoggedIn ? mobileAppNavigation?.(() => setMenuOpen(false)) : undefined}
          />
        </Suspense>
      )}
    </AppBar>
  );
}
