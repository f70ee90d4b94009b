import { useEffect } from 'react';
import { useMachine } from '@xstate/react';
import { useNavigate } from 'react-router-dom';
import { fromPromise } from 'xstate';
import { Button, Stack, Typography } from '@mui/material';
import { DAY_MS, TRIAL_DURATION_MS } from '@shared/constants';
import { sendBeacon } from '@client/api/beacons';
import { useAppSelector } from '@client/app/hooks';
import { notify } from '@client/app/notify';
import { paths } from '@client/app/paths';
import { LoadingButton } from '@client/components/LoadingButton';
import { TrialCountdown } from '@client/components/TrialCountdown';
import { useUserInfo } from '@client/features/account/account.api';
import { selectIsLoggedIn } from '@client/features/session/session.slice';
import { useStartTrialMutation } from './trial.api';
import { trialMachine, type TrialReport, type TrialStartOutput } from './trial.machine';

/** The notice after a successful start (spec section 8). */
export const TRIAL_STARTED_MESSAGE = 'Your 7-day trial has started. Make the most of it!';

const TRIAL_DAYS = TRIAL_DURATION_MS / DAY_MS;
/** The start button's label. */
export const START_TRIAL_LABEL = `Start your ${TRIAL_DAYS}-day free trial`;

/** The trial of a signed-in user: the start button, then the countdown in its place. */
function TrialFlow({ report }: { report: TrialReport }) {
  const [startTrial] = useStartTrialMutation();
  const [snapshot, send] = useMachine(
    trialMachine.provide({
      actors: { startTrial: fromPromise<TrialStartOutput>(() => startTrial().unwrap()) },
      actions: {
        notifyStarted: () => {
          notify(TRIAL_STARTED_MESSAGE, 'success');
          sendBeacon('analytics/start-trial', { ts: Date.now() });
        },
      },
    }),
    { input: report },
  );

  // user-info is the source of truth: each new report may move the trial on (never back).
  const { isTrial, endsAt } = report;
  useEffect(() => {
    send({ type: 'TRIAL_REPORTED', isTrial, endsAt });
  }, [isTrial, endsAt, send]);

  if (snapshot.matches('notStarted') || snapshot.matches('starting')) {
    return (
      <LoadingButton variant="contained" size="large" loading={snapshot.matches('starting')} onClick={() => send({ type: 'START' })}>
        {START_TRIAL_LABEL}
      </LoadingButton>
    );
  }
  return (
    <Stack spacing={1}>
      {snapshot.matches('active') && (
        <Typography variant="subtitle1" component="p">
          Your trial ends in
        </Typography>
      )}
      <TrialCountdown end={snapshot.context.endsAt} />
    </Stack>
  );
}

function SignedInTrial() {
  const { data, isLoading } = useUserInfo();
  // Until user-info answers nobody knows whether a trial runs; the button waits rather than offer a second start.
  if (isLoading) {
    return (
      <LoadingButton variant="contained" size="large" loading>
        {START_TRIAL_LABEL}
      </LoadingButton>
    );
  }
  return <TrialFlow report={{ isTrial: data?.trial.is_trial ?? false, endsAt: data?.trial.trial_ends_at ?? null }} />;
}

/**
 * The home hero's trial control (spec sections 2 and 4): a visitor's button goes to
 * /login; a signed-in user starts the trial and sees the countdown in its place.
 */
export function TrialCallToAction() {
  const isLoggedIn = useAppSelector(selectIsLoggedIn);
  const navigate = useNavigate();
  if (isLoggedIn) return <SignedInTrial />;
  return (
    <Button variant="contained" size="large" onClick={() => navigate(paths.login)}>
      {START_TRIAL_LABEL}
    </Button>
  );
}
