import { eq } from 'drizzle-orm';
import type { AccountInfo } from '@shared/api/auth';
import type { UserInfo } from '@shared/api/userInfo';
import type { Platform } from '@shared/constants';
import type { AppContext } from '../../context';
import { outbox, platformConnections, users } from '../../db/schema';
import type { TokenSet } from '../../platforms/types';
import type { Connections } from '../adAccounts/connections';
import { sessionGone } from '../auth/auth.guard';
import { hashPassword } from '../auth/passwords';
import { tokenVersions } from '../auth/tokenVersions';
import { recordVisit } from '../gamification/gamification.service';
import { normalizeTimeZone } from '../gamification/localDay';
import { presentAccountInfo, presentUserInfo } from './users.presenter';

/** The development demo account (README): created on start when missing, never in production. */
export const DEMO_USER = { email: 'demo@adwise.app', password: 'AdwiseDemo1!', fullName: 'Demo User' } as const;

/** The signed-in user's own account: reads, the daily visit, and erasure. */
export function createUsersService(
  { db, clock, log }: Pick<AppContext, 'db' | 'clock' | 'log'>,
  connections: Pick<Connections, 'open' | 'revokeQuietly'>,
) {
  /** Revokes one deleted connection's grant at its platform; never throws. */
  async function revokeGrant(grant: { id: string; platform: string; sealedTokens: string }): Promise<void> {
    const platform = grant.platform as Platform;
    let tokens: TokenSet;
    try {
      tokens = connections.open(grant.id, grant.sealedTokens);
    } catch (error) {
      // Sealed under another key, or damaged: nothing to revoke with. The platform may keep
      // listing Adwise until the user removes it there; no token for it is left with us.
      log.warn({ connectionId: grant.id, platform, err: error }, 'could not open the tokens of a deleted connection; its grant was not revoked');
      return;
    }
    await connections.revokeQuietly(platform, tokens);
  }

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
     * user cascade (sessions, reset links, points, platform connections and their tokens, accounts
     * and metrics); the outbox keeps no FK, so its rows for them go explicitly. Then, best effort,
     * every platform grant the connections held is revoked at its platform, so the platform stops
     * listing Adwise as connected. A platform that fails or cannot be reached is logged; the
     * account is gone either way.
     */
    async deleteAccount(userId: string): Promise<void> {
      const grants = await db.transaction(async (tx) => {
        // The row lock keeps a connection from being added between the read below and the delete
        // (its insert needs a key-share lock on this row), so every grant that goes is revoked.
        const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
        if (!user) return null;
        const held = await tx
          .select({ id: platformConnections.id, platform: platformConnections.platform, sealedTokens: platformConnections.sealedTokens })
          .from(platformConnections)
          .where(eq(platformConnections.userId, userId));
        await tx.delete(outbox).where(eq(outbox.userId, userId));
        await tx.delete(users).where(eq(users.id, userId));
        return held;
      });
      if (!grants) throw sessionGone();
      // The erased user's access tokens stop at once in this process (the guard finds no version).
      tokenVersions(db).forget(userId);
      log.info({ userId, connections: grants.length }, 'account deleted');
      await Promise.all(grants.map((grant) => revokeGrant(grant)));
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
