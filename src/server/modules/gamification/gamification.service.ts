import { POINTS } from '@shared/constants';
import { addDays, localDay } from '@shared/days';

import type { Db, Tx } from '../../db/connect';
import { addUserPoints, countActiveDay, insertPointEvent } from './gamification.queries';

/** Kinds of actions that earn points. */
export type PointKind = keyof typeof POINTS;

/**
 * Awards points for an action once per (kind, key): the event row's primary key makes a repeat a
 * no-op, and the user's total moves in the same statement's transaction.
 */
export async function awardPoints(
  tx: Tx | Db,
  userId: string,
  kind: PointKind,
  key: string,
  at: Date,
): Promise<boolean> {
  const inserted = await insertPointEvent(tx, { userId, kind, key, points: POINTS[kind], createdAt: at });
  if (!inserted) return false;
  await addUserPoints(tx, userId, POINTS[kind]);
  return true;
}

/** Whether the user's visit today (in their own time zone) is counted already: then there is nothing to write. */
export function visitCounted(user: { lastActiveDay: string | null; timeZone: string }, at: Date): boolean {
  return user.lastActiveDay === localDay(at, user.timeZone);
}

/**
 * Counts today's visit in the user's own time zone: the first visit of a day earns the daily
 * points and extends the streak if yesterday was active, or restarts it at 1. One conditional
 * update does it, without a lock taken before it: of two requests racing on a user's first visit
 * of the day, the second finds the day counted (the update's condition is checked again once the
 * first commits) and changes nothing.
 */
export async function recordVisit(db: Db, userId: string, timeZone: string, at: Date): Promise<void> {
  const today = localDay(at, timeZone);
  await db.transaction(async (tx) => {
    const counted = await countActiveDay(tx, userId, today, addDays(today, -1));
    if (counted) await awardPoints(tx, userId, 'dailyVisit', today, at);
  });
}

/** The streak as of now: a streak whose last day is before yesterday is over. */
export function currentStreak(
  user: { streak: number; lastActiveDay: string | null; timeZone: string },
  at: Date,
): number {
  if (!user.lastActiveDay) return 0;
  const today = localDay(at, user.timeZone);
  return user.lastActiveDay === today || user.lastActiveDay === addDays(today, -1) ? user.streak : 0;
}
