import { useAppSelector } from '@client/app/hooks';
import { NO_SHELL_DATA, useShellData } from '@client/app/shell/shellData';
import { PageSkeleton } from '@client/components/PageSkeleton';
import { notify } from '@client/lib/notify';
import { paths } from '@client/lib/paths';
import { fromOf, landingPath, rememberedPage, returnPath, userIdOf } from '@client/session/lastPage';
import { selectAccessToken, selectIsLoggedIn } from '@client/session/session.slice';
import { Container, Typography } from '@mui/material';
import { type ReactNode, useEffect, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';

/** Shown to a visitor without an access token on a members-only page (spec section 8). */
export const NOT_AUTHORIZED_MESSAGE = 'Not Authorized';

/** Props of RequireSession. */
export interface RequireSessionProps {
  children: ReactNode;
  /**
   * Set by pages whose own flows end the session and then leave after a delay (logout,
   * account deletion): once admitted, such a page stays on screen when the session ends
   * and does its own redirecting.
   */
  pageHandlesSignOut?: boolean;
}

/**
 * Renders its children only with an access token; a visitor without one sees
 * 'Not Authorized' and goes to /login. A session that ends while the page is shown
 * (it expired, say) goes to /login without that notice: whatever ended it said why.
 */
export function RequireSession({ children, pageHandlesSignOut = false }: RequireSessionProps) {
  const isLoggedIn = useAppSelector(selectIsLoggedIn);
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  // Whether this page was ever shown with a session (state derived during render, React's sanctioned pattern).
  const [admitted, setAdmitted] = useState(isLoggedIn);
  if (isLoggedIn && !admitted) setAdmitted(true);

  useEffect(() => {
    if (isLoggedIn || admitted) return;
    // The toast outlives the redirect, so the visitor learns why they landed on the login page.
    notify(NOT_AUTHORIZED_MESSAGE, 'warning');
    // With the query: the OAuth consent page's request lives there and must survive signing in.
    navigate(paths.login, { replace: true, state: { from: `${pathname}${search}` } });
  }, [isLoggedIn, admitted, navigate, pathname, search]);

  if (isLoggedIn) return children;
  if (admitted) return pageHandlesSignOut ? children : <Navigate to={paths.login} replace />;
  return (
    <Container maxWidth="lg" sx={{ py: 6 }}>
      <Typography variant="h1">{NOT_AUTHORIZED_MESSAGE}</Typography>
    </Container>
  );
}

/**
 * Where signing in lands when no page sent the visitor: All clients for a user with more than one
 * workspace, else their last page (lastPage.ts), else home. The workspace list comes with the
 * signed-in shell; until it answers the page waits as a skeleton.
 */
function SignInLanding() {
  const shell = useShellData();
  const userId = userIdOf(useAppSelector(selectAccessToken));
  if (shell === NO_SHELL_DATA || shell.workspaces.isLoading) return <PageSkeleton />;
  return <Navigate to={landingPath(shell.workspaces.data?.length ?? 0, rememberedPage(userId))} replace />;
}

/**
 * Sends a signed-in user away from guest-only pages (login, register). Whoever came here already
 * signed in goes to the page that sent them (`state.from`), else home (spec section 2, Login).
 * Whoever signs in here goes to the page that sent them too, else to their landing
 * (SignInLanding): the spec does not say where a login lands, and the login page leaves it to this.
 */
export function GuestOnly({ children }: { children: ReactNode }) {
  const isLoggedIn = useAppSelector(selectIsLoggedIn);
  const { state } = useLocation();
  // Whether the page opened signed out, so a session now is a sign-in made here.
  const [openedAsGuest] = useState(!isLoggedIn);
  if (!isLoggedIn) return children;
  if (openedAsGuest && fromOf(state) === null) return <SignInLanding />;
  return <Navigate to={returnPath(state)} replace />;
}
