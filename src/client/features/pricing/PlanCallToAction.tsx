import { sendBeacon } from '@client/api/beacons';
import { useAppSelector } from '@client/app/hooks';
import { TrialCallToAction } from '@client/features/trial/TrialCallToAction';
import { type AppPath, paths } from '@client/lib/paths';
import { selectIsLoggedIn } from '@client/session/session.slice';
import { Box, Button } from '@mui/material';
import type { Billing, Plan } from '@shared/pricing';
import type { MouseEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';

/** Props of PlanCallToAction. */
export interface PlanCallToActionProps {
  plan: Plan;
  billing: Billing;
}

/** Where a plan's button leads a visitor, and a signed-in user when it is a plain link. */
function destination(plan: Plan, isLoggedIn: boolean): AppPath {
  if (plan.key === 'agency') return paths.contact;
  // Registering again makes no sense once signed in: the account page shows the plan and trial instead.
  return isLoggedIn ? paths.account : paths.register;
}

/**
 * A plan's call to action, reported by the pricing-cta beacon (plan, billing, time; nothing
 * personal). Starter and Pro lead a visitor to /register and Agency to /contact; a signed-in
 * user's Pro card offers the trial itself: the start button, or the countdown once it runs.
 */
export function PlanCallToAction({ plan, billing }: PlanCallToActionProps) {
  const isLoggedIn = useAppSelector(selectIsLoggedIn);
  const report = () => sendBeacon('analytics/pricing-cta', { plan: plan.key, billing, ts: Date.now() });

  if (plan.key === 'pro' && isLoggedIn) {
    // The trial control owns its button; a click that reaches one (a disabled button gets none) is the CTA.
    const onClickCapture = (event: MouseEvent<HTMLElement>) => {
      if (event.target instanceof Element && event.target.closest('button')) report();
    };
    return (
      <Box onClickCapture={onClickCapture} sx={{ width: '100%' }}>
        <TrialCallToAction />
      </Box>
    );
  }

  return (
    <Button
      component={RouterLink}
      to={destination(plan, isLoggedIn)}
      onClick={report}
      variant={plan.popular ? 'contained' : 'outlined'}
      size="large"
      fullWidth
    >
      {plan.cta}
    </Button>
  );
}
