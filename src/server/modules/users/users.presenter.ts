import type { AccountInfo } from '@shared/api/auth';
import type { UserInfo } from '@shared/api/userInfo';
import type { users } from '../../db/schema';
import { currentStreak } from '../gamification/gamification.service';

type UserRow = typeof users.$inferSelect;

/** GET user-info/: is_trial means a trial runs now; trial_ends_at stays once a trial was started (ended = past). */
export function presentUserInfo(user: UserRow, now: Date): UserInfo {
  const active = user.trialEndsAt !== null && user.trialEndsAt > now;
  return {
    fullName: user.fullName,
    username: user.email,
    is_trial: active,
    trial: { is_trial: active, trial_ends_at: user.trialEndsAt ? user.trialEndsAt.toISOString() : null },
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
