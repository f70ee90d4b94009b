import type { AccountInfo } from '@shared/api/auth';
import type { UserInfo } from '@shared/api/userInfo';
import { normalizeTimeZone } from '@shared/days';

import type { AppContext } from '../../context';
import { sessionGone } from '../../lib/signedIn';
import type { Connections } from '../adAccounts/connections';
import { hashPassword } from '../auth/passwords';
import { tokenVersions } from '../auth/tokenVersions';
import { recordVisit, visitCounted } from '../gamification/gamification.service';
import { settleOwnedWorkspaces } from '../workspaces/departure';
import { createGrantRevoker } from '../workspaces/grants';
import { createPersonalWorkspace } from '../workspaces/personal';
import { presentAccountInfo, presentUserInfo } from './users.presenter';
import {
  eraseUser,
  insertUserUnlessEmailTaken,
  lockUserForDeletion,
  prepareUserById,
  setUserTimeZone,
} from './users.queries';

/** The development demo account (README): created on start when missing, never in production. */
export const DEMO_USER = { email: 'demo@adwise.app', password: 'AdwiseDemo1!', fullName: 'Demo User' } as const;

/** The signed-in user's own account: reads, the daily visit, and erasure. */
export function createUsersService(
  { db, clock, log, mailer }: Pick<AppContext, 'db' | 'clock' | 'log' | 'mailer'>,
  connections: Pick<Connections, 'open' | 'revokeQuietly'>,
) {
  const revokeGrants = createGrantRevoker(connections, log);

  // user-info and account-info read this on every call: built once, a prepared statement on PostgreSQL.
  const byId = prepareUserById(db);

  async function load(userId: string) {
    const [user] = await byId.execute({ userId });
    if (!user) throw sessionGone();
    return user;
  }

  return {
    /**
     * user-info: counts today's visit (points, streak) and follows the browser's time zone. Called
     * on start and every minute by every open tab, so the common case (the day's visit counted,
     * the zone unchanged) is one indexed read; the write happens once per user and day.
     */
    async userInfo(userId: string, browserTimeZone?: string): Promise<UserInfo> {
      const now = clock.now();
      const zone = normalizeTimeZone(browserTimeZone);
      const user = await load(userId);
      const moved = zone !== undefined && zone !== user.timeZone;
      if (!moved && visitCounted(user, now)) return presentUserInfo(user, now);
      if (moved) await setUserTimeZone(db, userId, zone);
      await recordVisit(db, userId, moved ? zone : user.timeZone, now);
      return presentUserInfo(await load(userId), now);
    },

    async accountInfo(userId: string): Promise<AccountInfo> {
      return presentAccountInfo(await load(userId));
    },

    /**
     * Erases the user in one transaction. Workspaces they own alone pass to their earliest-joined
     * manager (who is mailed), or, with nobody to take over, are deleted with their connections,
     * tokens, accounts and metrics; workspaces with another owner stay (workspaces/departure).
     * Rows with a foreign key to the user cascade (sessions, reset links, points, memberships);
     * the outbox keeps no FK, so its rows for them go explicitly. Then, best effort, every platform
     * grant the deleted connections held is revoked at its platform, so the platform stops listing
     * Adwise as connected. A platform that fails or cannot be reached is logged; the account is
     * gone either way.
     */
    async deleteAccount(userId: string): Promise<void> {
      const settlement = await db.transaction(async (tx) => {
        const user = await lockUserForDeletion(tx, userId);
        if (!user) return null;
        const settled = await settleOwnedWorkspaces(tx, user, mailer);
        await eraseUser(tx, userId);
        return settled;
      });
      if (!settlement) throw sessionGone();
      // The erased user's access tokens stop at once in this process (the guard finds no version).
      tokenVersions(db).forget(userId);
      log.info(
        {
          userId,
          workspacesDeleted: settlement.deleted.length,
          workspacesPassedOn: settlement.promoted.length,
          connections: settlement.grants.length,
        },
        'account deleted',
      );
      await revokeGrants(settlement.grants);
    },

    /** Creates the demo account if it is missing. */
    async ensureDemoUser(): Promise<void> {
      const passwordHash = await hashPassword(DEMO_USER.password);
      await db.transaction(async (tx) => {
        const user = await insertUserUnlessEmailTaken(tx, {
          email: DEMO_USER.email,
          fullName: DEMO_USER.fullName,
          passwordHash,
          createdAt: clock.now(),
        });
        if (user) await createPersonalWorkspace(tx, user, clock.now());
      });
    },
  };
}
export type UsersService = ReturnType<typeof createUsersService>;
