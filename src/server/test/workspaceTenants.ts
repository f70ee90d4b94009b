import { randomUUID } from 'node:crypto';

import type { RunningSandbox } from '@sandbox/sandbox';
import type { StartConnectionResult } from '@shared/api/adAccounts';
import { WORKSPACE_HEADER } from '@shared/api/workspaces';
import type { Platform } from '@shared/constants';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';

import { campaigns, connectedAdAccounts, otpCodes } from '../db/schema';
import { OTP_TTL_MS } from '../modules/otp/otp.service';
import { call, createWorkspace, invitationToken } from '../modules/workspaces/workspaces.fixtures';
import type { TestApp } from './buildTestApp';
import { connectionOf, followCallback, TestBrowser } from './connect';
import type { TestUser } from './factories';
import { consent } from './platforms';

/**
 * Workspaces with real data in them, for the tests of who may reach what: one an owner creates,
 * with a sandbox account connected through the consent page and synced, and a pending invitation.
 */

/** A workspace with one synced sandbox account, and the ids a test aims at. */
export interface SyncedWorkspace {
  id: string;
  name: string;
  platform: Platform;
  /** The sandbox's id of the connected account, and of an active campaign of it. */
  platformAccountId: string;
  platformCampaignId: string;
  /** Our ids of that account, of its connection and of that campaign. */
  accountUuid: string;
  connectionId: string;
  campaignUuid: string;
  /** A pending invitation (to an address nobody has an account for), with the token its mail carried. */
  invitation: { id: string; email: string; token: string };
}

/** Headers that authenticate as `user`, in `workspaceId`. */
export const inWorkspace = (user: TestUser, workspaceId: string): Record<string, string> => ({
  ...user.auth,
  [WORKSPACE_HEADER]: workspaceId,
});

/** `auth/<platform>/` from the SPA in `browser`, in `workspaceId`: the accounts consented to will join that workspace. */
export async function startConnectionIn(
  app: FastifyInstance,
  user: TestUser,
  workspaceId: string,
  platform: Platform,
  browser: TestBrowser,
): Promise<StartConnectionResult> {
  const started = await browser.get(app, `/api/auth/${platform}/`, inWorkspace(user, workspaceId));
  if (started.statusCode !== 200) throw new Error(`auth/${platform}/ answered ${started.statusCode}: ${started.body}`);
  return started.json() as StartConnectionResult;
}

/**
 * A workspace `owner` creates and names, with the `accountIndex`th sandbox account of `platform`
 * connected in it through the consent page and synced (90 days: allow SYNCED_SETUP_TIMEOUT_MS),
 * and one pending invitation.
 */
export async function syncedWorkspace(
  t: TestApp,
  sandbox: RunningSandbox,
  owner: TestUser,
  name: string,
  platform: Platform,
  accountIndex: number,
): Promise<SyncedWorkspace> {
  const { app } = t;
  const id = await createWorkspace(app, owner, name);
  const platformAccountId = sandbox.world.accounts(platform)[accountIndex].id;
  const browser = new TestBrowser();
  const started = await startConnectionIn(app, owner, id, platform, browser);
  const outcome = await followCallback(
    app,
    platform,
    await consent(started.auth_url, { accountIds: [platformAccountId] }),
    browser,
  );
  if (outcome.invite_status !== 'ALREADY_LINKED') throw new Error(`connecting failed: ${JSON.stringify(outcome)}`);
  const connection = await connectionOf(app, owner, platform, id);
  const synced = await app.services.sync.syncConnection(connection.id);
  if (synced.status !== 'done') throw new Error(`sync failed: ${JSON.stringify(synced)}`);

  const [account] = await app.ctx.db.select().from(connectedAdAccounts).where(eq(connectedAdAccounts.workspaceId, id));
  const [campaign] = await app.ctx.db
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.accountRef, account.id), eq(campaigns.status, 'ACTIVE')))
    .orderBy(campaigns.campaignId)
    .limit(1);
  if (!campaign) throw new Error(`no active campaign on ${platformAccountId}`);

  const email = `invitee-${randomUUID().slice(0, 8)}@example.com`;
  const invited = await call(app, owner, 'POST', 'workspace/invitations/', {
    workspace: id,
    payload: { email, role: 'viewer' },
  });
  if (invited.statusCode !== 201) throw new Error(`invite answered ${invited.statusCode}: ${invited.body}`);

  return {
    id,
    name,
    platform,
    platformAccountId,
    platformCampaignId: campaign.campaignId,
    accountUuid: account.id,
    connectionId: account.connectionId,
    campaignUuid: campaign.id,
    invitation: { id: invited.json().id as string, email, token: await invitationToken(app, email) },
  };
}

/**
 * A verified, unused code for the user, as if they had just typed the one mailed to them: what
 * deleting a workspace or disconnecting an account asks for. (Straight into the table: asking
 * for codes through the API is held back by the resend lock.)
 */
export async function withVerifiedCode(app: FastifyInstance, userId: string): Promise<void> {
  const now = app.ctx.clock.now();
  await app.ctx.db.insert(otpCodes).values({
    userId,
    codeHash: 'verified-by-the-test',
    createdAt: now,
    expiresAt: new Date(now.getTime() + OTP_TTL_MS),
    verifiedAt: now,
  });
}
