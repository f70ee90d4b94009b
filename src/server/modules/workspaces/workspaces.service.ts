import { DASHBOARD_MESSAGES, DISPLAY_CURRENCIES, type DisplayCurrency } from '@shared/api/dashboard';
import { ErrorCode } from '@shared/api/errors';
import { WORKSPACE_MESSAGES, type WorkspaceOverview, type WorkspaceSummary } from '@shared/api/workspaces';
import { localDay } from '@shared/days';

import type { AppContext } from '../../context';
import { badRequest, HttpError } from '../../lib/httpError';
import { sessionGone } from '../../lib/signedIn';
import { accessChanges } from '../access/accessChanges';
import type { Principal } from '../access/principal';
import { workspaceNotFound } from '../access/principal';
import type { Connections } from '../adAccounts/connections';
import type { OtpService } from '../otp/otp.service';
import { userDisplaySettings } from '../users/users.queries';
import { createGrantRevoker } from './grants';
import { workspaceOverview } from './overview';
import { createTeamService } from './team.service';
import { presentWorkspace } from './workspaces.presenter';
import {
  deleteWorkspace,
  grantsOf,
  insertMember,
  insertWorkspace,
  lockForAction,
  renameWorkspace,
  setCurrentWorkspace,
  workspacesOf,
} from './workspaces.queries';

const isDisplayCurrency = (value: string): value is DisplayCurrency =>
  (DISPLAY_CURRENCIES as readonly string[]).includes(value);

/**
 * Workspaces as their members see them: the list and the switcher, creating one, the current one,
 * renaming and deleting it, and the All clients overview. The team (members, invitations,
 * ownership) is `team`.
 */
export function createWorkspacesService(
  ctx: Pick<AppContext, 'db' | 'clock' | 'log' | 'mailer' | 'config'>,
  connections: Pick<Connections, 'open' | 'revokeQuietly'>,
  otp: Pick<OtpService, 'consumeVerification'>,
) {
  const { db, clock, log } = ctx;
  const revokeGrants = createGrantRevoker(connections, log);

  /** The caller's view of one workspace they belong to; 404 otherwise. */
  async function summary(userId: string, workspaceId: string): Promise<WorkspaceSummary> {
    const [row] = await workspacesOf(db, userId, clock.now(), workspaceId);
    if (!row) throw workspaceNotFound();
    return presentWorkspace(row);
  }

  return {
    team: createTeamService(ctx, summary),

    /** GET workspaces/: every workspace the user belongs to, their personal one first. */
    async list(userId: string): Promise<WorkspaceSummary[]> {
      return (await workspacesOf(db, userId, clock.now())).map(presentWorkspace);
    },

    /** POST workspaces/: a new workspace (name already trimmed and checked) that the caller owns. */
    async create(userId: string, name: string): Promise<WorkspaceSummary> {
      const now = clock.now();
      const id = await db.transaction(async (tx) => {
        const workspaceId = await insertWorkspace(tx, { name, createdBy: userId, createdAt: now });
        await insertMember(tx, { workspaceId, userId, role: 'owner', createdAt: now });
        return workspaceId;
      });
      log.info({ workspaceId: id }, 'workspace created');
      return summary(userId, id);
    },

    /** PUT workspaces/current/: remembers the workspace the user switched to (one they belong to). */
    async switchTo(userId: string, workspaceId: string): Promise<WorkspaceSummary> {
      const id = workspaceId.toLowerCase();
      const [row] = await workspacesOf(db, userId, clock.now(), id);
      if (!row) throw workspaceNotFound();
      await setCurrentWorkspace(db, userId, id);
      return summary(userId, id);
    },

    /** GET workspace/: the current workspace (the request's principal). */
    async current(principal: Principal): Promise<WorkspaceSummary> {
      return summary(principal.userId, principal.workspaceId);
    },

    /** PATCH workspace/: renames it (owner). */
    async rename(principal: Principal, name: string): Promise<WorkspaceSummary> {
      await db.transaction(async (tx) => {
        await lockForAction(tx, principal, 'workspace:manage');
        await renameWorkspace(tx, principal.workspaceId, name);
      });
      return summary(principal.userId, principal.workspaceId);
    },

    /**
     * POST workspace/delete/: deletes the workspace (owner, not a personal one) when the typed name
     * matches and the caller verified an e-mailed code just before. Its connections, accounts,
     * campaigns, metrics and sync state go with it (foreign keys cascade; members whose current
     * workspace it was fall back to their personal one). Then, best effort, its platform grants
     * are revoked.
     */
    async remove(principal: Principal, typedName: string): Promise<{ deleted: true; id: string }> {
      const grants = await db.transaction(async (tx) => {
        // The row lock also holds off a connection being added meanwhile (its insert needs a
        // key-share lock on this row), so every grant that goes is revoked.
        const workspace = await lockForAction(tx, principal, 'workspace:manage');
        if (workspace.personalOf !== null)
          throw new HttpError(409, WORKSPACE_MESSAGES.personalCannotBeDeleted, ErrorCode.Conflict);
        if (typedName.trim() !== workspace.name.trim()) throw badRequest(WORKSPACE_MESSAGES.nameMismatch, 'name');
        try {
          await otp.consumeVerification(tx, principal.userId);
        } catch (error) {
          if (error instanceof HttpError && error.statusCode === 403)
            throw new HttpError(403, WORKSPACE_MESSAGES.otpRequired, ErrorCode.Forbidden);
          throw error;
        }
        const held = await grantsOf(tx, [workspace.id]);
        await deleteWorkspace(tx, workspace.id);
        return held;
      });
      accessChanges(db).workspaceDeleted(principal.workspaceId);
      log.info({ workspaceId: principal.workspaceId, connections: grants.length }, 'workspace deleted');
      await revokeGrants(grants);
      return { deleted: true, id: principal.workspaceId };
    },

    /** GET workspaces/overview/: the All clients table, in `currency` or the user's display currency. */
    async overview(userId: string, currency?: DisplayCurrency): Promise<WorkspaceOverview> {
      const user = await userDisplaySettings(db, userId);
      if (!user) throw sessionGone();
      // The saved currency was checked when it was saved; the column's default may not have been.
      const display = currency ?? user.displayCurrency.toUpperCase();
      if (!isDisplayCurrency(display)) throw badRequest(DASHBOARD_MESSAGES.unknownCurrency, 'currency');
      return workspaceOverview(db, { userId, currency: display, today: localDay(clock.now(), user.timeZone) });
    },
  };
}
export type WorkspacesService = ReturnType<typeof createWorkspacesService>;
