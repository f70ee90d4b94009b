import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { Container, Typography } from '@mui/material';
import { useAppSelector } from '@client/app/hooks';
import { notify } from '@client/app/notify';
import { paths } from '@client/app/paths';
import { selectIsLoggedIn } from './session.slice';

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
 * Where to go after logging in: back to the page that sent the visitor here (RequireSession and
 * the invitation page pass it as `state.from`, query included), when it is a path of this site; home otherwise.
 */
export function returnPath(state: unknown): string {
  const from = typeof state === 'object' && state !== null ? (state as { from?: unknown }).from : undefined;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') && from !== paths.login ? from : paths.home;
}

/**
 * Sends a signed-in user away from guest-only pages (login, register): to the page that sent them
 * there (`state.from`), else home. The session starts (and this renders) before the login page's own
 * navigation, which the router runs as a transition, lands; going home here would override it.
 */
export function GuestOnly({ children }: { children: ReactNode }) {
  const isLoggedIn = useAppSelector(selectIsLoggedIn);
  const { state } = useLocation();
  return isLoggedIn ? <Navigate to={returnPath(state)} replace /> : children;
}
