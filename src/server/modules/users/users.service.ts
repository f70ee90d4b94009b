import { eq } from 'drizzle-orm';
import type { AccountInfo } from '@shared/api/auth';
import type { UserInfo } from '@shared/api/userInfo';
import type { AppContext } from '../../context';
import { outbox, users } from '../../db/schema';
import { sessionGone } from '../auth/auth.guard';
import { hashPassword } from '../auth/passwords';
import { recordVisit } from '../gamification/gamification.service';
import { normalizeTimeZone } from '../gamification/localDay';
import { presentAccountInfo, presentUserInfo } from './users.presenter';

/** The development demo account (README): created on start when missing, never in production. */
export const DEMO_USER = { email: 'demo@adwise.app', password: 'AdwiseDemo1!', fullName: 'Demo User' } as const;

/** The signed-in user's own account: reads, the daily visit, and erasure. */
export function createUsersService({ db, clock, log }: Pick<AppContext, 'db' | 'clock' | 'log'>) {
  async function load(userId: string) {
    const [user] = await db.select().from(users).where(eq(users.id, userId));
    if (!user) throw sessionGone();
    return user;
  }

  return {
    /** user-info: counts today's visit (points, streak) and follows the browser's time zone. */
    async userInfo(userId: string, browserTimeZone?: string): Promise<UserInfo> {
      const now = clock.now();
      const zone = normalizeTimeZone(browserTimeZone);
      const before = await load(userId);
      if (zone && zone !== before.timeZone) await db.update(users).set({ timeZone: zone }).where(eq(users.id, userId));
      await recordVisit(db, userId, now);
      return presentUserInfo(await load(userId), now);
    },

    async accountInfo(userId: string): Promise<AccountInfo> {
      return presentAccountInfo(await load(userId));
    },

    /**
     * Erases the user and everything they own in one transaction: rows with a foreign key to the
     * user cascade (sessions, reset links, points, and later connections and metrics); the outbox
     * keeps no FK, so its rows for them go explicitly.
     */
    async deleteAccount(userId: string): Promise<void> {
      const deleted = await db.transaction(async (tx) => {
        await tx.delete(outbox).where(eq(outbox.userId, userId));
        return tx.delete(users).where(eq(users.id, userId)).returning({ id: users.id });
      });
      if (deleted.length === 0) throw sessionGone();
      log.info({ userId }, 'account deleted');
    },

    /** Creates the demo account if it is missing. */
    async ensureDemoUser(): Promise<void> {
      const passwordHash = await hashPassword(DEMO_USER.password);
      await db
        .insert(users)
        .values({ email: DEMO_USER.email, fullName: DEMO_USER.fullName, passwordHash, createdAt: clock.now() })
        .onConflictDoNothing({ target: users.email });
    },
  };
}
export type UsersService = ReturnType<typeof createUsersService>;
