import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { Container, Typography } from '@mui/material';
import { useAppSelector } from '@client/app/hooks';
import { notify } from '@client/app/notify';
import { paths } from '@client/app/paths';
import { selectIsLoggedIn } from './session.slice';

/** Shown to a visitor without an access token on a members-only page (spec section 8). */
export const NOT_AUTHORIZED_MESSAGE = 'Not Authorized';

/** Renders its children only with an access token; otherwise says 'Not Authorized' and goes to /login. */
export function RequireSession({ children }: { children: ReactNode }) {
  const isLoggedIn = useAppSelector(selectIsLoggedIn);
  const navigate = useNavigate();
  const { pathname } = useLocation();

  useEffect(() => {
    if (isLoggedIn) return;
    // The toast outlives the redirect, so the visitor learns why they landed on the login page.
    notify(NOT_AUTHORIZED_MESSAGE, 'warning');
    navigate(paths.login, { replace: true, state: { from: pathname } });
  }, [isLoggedIn, navigate, pathname]);

  if (isLoggedIn) return children;
  return (
    <Container maxWidth="lg" sx={{ py: 6 }}>
      <Typography variant="h1">{NOT_AUTHORIZED_MESSAGE}</Typography>
    </Container>
  );
}

/** Sends a signed-in user away from guest-only pages (login, register) to the home page. */
export function GuestOnly({ children }: { children: ReactNode }) {
  const isLoggedIn = useAppSelector(selectIsLoggedIn);
  return isLoggedIn ? <Navigate to={paths.home} replace /> : children;
}
