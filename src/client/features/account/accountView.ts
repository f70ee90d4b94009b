import { hasActiveTrial, type UserInfo } from '@shared/api/userInfo';
import { daysLeft } from '@shared/trial';

/** The account page's trial status (spec section 2; an ended trial says so). */
export type TrialStatus = 'Active' | 'Not Started' | 'Ended';

/** What the account page shows about the trial at `nowMs`. */
export interface TrialSummary {
  status: TrialStatus;
  /** Epoch ms of the end; null when no end is known. */
  endsAt: number | null;
  /** Whole days left, rounded up, never below 0; null when no end is known. */
  daysLeft: number | null;
}

/** Sums up the trial of a user-info body for the account page. */
export function trialSummary(info: UserInfo, nowMs: number): TrialSummary {
  const endsAt = info.trial.is_trial && info.trial.trial_ends_at !== null ? Date.parse(info.trial.trial_ends_at) : null;
  const status: TrialStatus = hasActiveTrial(info, nowMs) ? 'Active' : endsAt !== null ? 'Ended' : 'Not Started';
  return { status, endsAt, daysLeft: endsAt === null ? null : daysLeft(endsAt, nowMs) };
}

/** The encouraging line for an active trial with days left, or null. */
export function encouragement({ status, daysLeft: days }: TrialSummary): string | null {
  if (status !== 'Active' || days === null || days <= 0) return null;
  return `You have ${days} ${days === 1 ? 'day' : 'days'} left in your trial. Connect your ad accounts and make every one of them count!`;
}
