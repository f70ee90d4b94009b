import { eq, sql } from 'drizzle-orm';
import { POINTS } from '@shared/constants';
import type { Db, Tx } from '../../db/connect';
import { pointEvents, users } from '../../db/schema';
import { localDay, previousDay } from './localDay';

/** Kinds of actions that earn points. */
export type PointKind = keyof typeof POINTS;

/**
 * Awards points for an action once per (kind, key): the event row's primary key makes a repeat a
 * no-op, and the user's total moves in the same statement's transaction.
 */
export async function awardPoints(tx: Tx | Db, userId: string, kind: PointKind, key: string, at: Date): Promise<boolean> {
  const inserted = await tx.insert(pointEvents).values({ userId, kind, key, points: POINTS[kind], createdAt: at }).onConflictDoNothing().returning({ kind: pointEvents.kind });
  if (inserted.length === 0) return false;
  await tx
    .update(users)
    .set({ points: sql`${users.points} + ${POINTS[kind]}` })
    .where(eq(users.id, userId));
  return true;
}

/**
 * Counts today's visit in the user's own time zone: the first visit of a day earns the daily
 * points and extends the streak if yesterday was active, or restarts it at 1.
 */
export async function recordVisit(db: Db, userId: string, at: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const [user] = await tx
      .select({ timeZone: users.timeZone, lastActiveDay: users.lastActiveDay, streak: users.streak })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!user) return;
    const today = localDay(at, user.timeZone);
    if (user.lastActiveDay === today) return;
    const streak = user.lastActiveDay === previousDay(today) ? user.streak + 1 : 1;
    await tx.update(users).set({ streak, lastActiveDay: today }).where(eq(users.id, userId));
    await awardPoints(tx, userId, 'dailyVisit', today, at);
  });
}

/** The streak as of now: a streak whose last day is before yesterday is over. */
export function currentStreak(user: { streak: number; lastActiveDay: string | null; timeZone: string }, at: Date): number {
  if (!user.lastActiveDay) return 0;
  const today = localDay(at, user.timeZone);
  return user.lastActiveDay === today || user.lastActiveDay === previousDay(today) ? user.streak : 0;
}
