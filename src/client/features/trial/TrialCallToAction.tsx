import { useAppSelector } from '@client/app/hooks';
import { lazyPage } from '@client/app/lazyPage';
import { LoadingButton } from '@client/components/LoadingButton';
import { paths } from '@client/lib/paths';
import { selectIsLoggedIn } from '@client/session/session.slice';
import { Button } from '@mui/material';
import { TRIAL_DURATION_MS } from '@shared/constants';
import { DAY_MS } from '@shared/days';
import { Suspense } from 'react';
import { useNavigate } from 'react-router-dom';

/** The notice after a successful start (spec section 8). */
export const TRIAL_STARTED_MESSAGE = 'Your 7-day trial has started. Make the most of it!';

const TRIAL_DAYS = TRIAL_DURATION_MS / DAY_MS;
/** The start button's label. */
export const START_TRIAL_LABEL = `Start your ${TRIAL_DAYS}-day free trial`;

// The signed-in flow (a state machine, XState) loads only for a signed-in user: the public pages
// that show this button to visitors load no state-machine code.
const SignedInTrial = lazyPage(() => import(/* webpackChunkName: "trial-flow" */ './SignedInTrial'), 'SignedInTrial');

/**
 * The home hero's trial control (spec sections 2 and 4): a visitor's button goes to
 * /login; a signed-in user starts the trial and sees the countdown in its place.
 */
export function TrialCallToAction() {
  const isLoggedIn = useAppSelector(selectIsLoggedIn);
  const navigate = useNavigate();
  if (isLoggedIn) {
    return (
      <Suspense
        fallback={
          <LoadingButton variant="contained" size="large" loading>
            {START_TRIAL_LABEL}
          </LoadingButton>
        }
      >
        <SignedInTrial />
      </Suspense>
    );
  }
  return (
    <Button variant="contained" size="large" onClick={() => navigate(paths.login)}>
      {START_TRIAL_LABEL}
    </Button>
  );
}
