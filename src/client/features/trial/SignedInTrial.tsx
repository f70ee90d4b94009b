import { sendBeacon } from '@client/api/beacons';
import { LoadingButton } from '@client/components/LoadingButton';
import { TrialCountdown } from '@client/components/TrialCountdown';
import { useUserInfo } from '@client/features/account/account.api';
import { notify } from '@client/lib/notify';
import { Stack, Typography } from '@mui/material';
import { useMachine } from '@xstate/react';
import { useEffect } from 'react';
import { fromPromise } from 'xstate';

import { useStartTrialMutation } from './trial.api';
import { trialMachine, type TrialReport, type TrialStartOutput } from './trial.machine';
import { START_TRIAL_LABEL, TRIAL_STARTED_MESSAGE } from './TrialCallToAction';

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
      <LoadingButton
        variant="contained"
        size="large"
        loading={snapshot.matches('starting')}
        onClick={() => send({ type: 'START' })}
      >
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

/** A signed-in user's trial control, once user-info has told whether a trial runs. */
export function SignedInTrial() {
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
