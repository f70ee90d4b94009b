import type { AccountInfo } from '@shared/api/auth';
import type { UserInfo } from '@shared/api/userInfo';

import type { users } from '../../db/schema';
import { currentStreak } from '../gamification/gamification.service';

type UserRow = typeof users.$inferSelect;

/**
 * GET user-info/: is_trial says a trial was started; trial_ends_at says whether it is still
 * running (future) or ended (past). A trial never goes back to "not started".
 */
export function presentUserInfo(user: UserRow, now: Date): UserInfo {
  const started = user.trialEndsAt !== null;
  return {
    fullName: user.fullName,
    username: user.email,
    is_trial: started,
    trial: { is_trial: started, trial_ends_at: user.trialEndsAt ? user.trialEndsAt.toISOString() : null },
    gamification: { points: user.points, streak: currentStreak(user, now) },
  };
}

/** GET account-info/. */
export function presentAccountInfo(user: UserRow): AccountInfo {
  return {
    fullName: user.fullName,
    email: user.email,
    memberSince: user.createdAt.toISOString(),
    timeZone: user.timeZone,
    newsletter: user.newsletter,
  };
}
