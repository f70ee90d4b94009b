import { DAY_MS, TRIAL_DURATION_MS } from '@shared/constants';
import { SimplePage } from '@client/components/SimplePage';

const TRIAL_DAYS = TRIAL_DURATION_MS / DAY_MS;

/** The registration page (/register). */
export function RegisterPage() {
  return <SimplePage title="Create your account" intro={`Start with a ${TRIAL_DAYS}-day free trial, no card needed.`} />;
}
