import { randomInt, randomUUID } from 'node:crypto';

import type { Role } from '@shared/access/policy';
import { WORKSPACE_HEADER } from '@shared/api/workspaces';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

import {
  accountDaily,
  connectedAdAccounts,
  outbox,
  platformConnections,
  syncState,
  users,
  workspaces,
} from '../../db/schema';
import type { TokenSet } from '../../platforms/types';
import { signUp, type TestUser } from '../../test/factories';

/**
 * Helpers for the workspace tests (workspaces, team, invitations, account deletion): requests as a
 * user in a workspace, and rows as a synced connection would leave them. Only tests import this.
 */

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Each user calls from an address of their own: the routes' per-client budgets are not what these tests are about. */
const addresses = new WeakMap<TestUser, string>();
const addressOf = (user: TestUser) => {
  if (!addresses.has(user)) addresses.set(user, `10.${randomInt(256)}.${randomInt(256)}.${1 + randomInt(250)}`);
  return addresses.get(user)!;
};

/** Requests to the API as `user` in `workspace`, by method. */
export function memberCalls(app: FastifyInstance, user: TestUser, workspace: string) {
  return {
    get: (url: string) => call(app, user, 'GET', url, { workspace }),
    post: (url: string, payload: object = {}) => call(app, user, 'POST', url, { workspace, payload }),
    put: (url: string, payload: object) => call(app, user, 'PUT', url, { workspace, payload }),
    del: (url: string) => call(app, user, 'DELETE', url, { workspace }),
  };
}

/** A request to the API as `user`, in `workspace` when given (the X-Workspace-Id header). */
export function call(
  app: FastifyInstance,
  user: TestUser,
  method: Method,
  url: string,
  options: { workspace?: string; payload?: object } = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url: `/api/${url}`,
    remoteAddress: addressOf(user),
    headers: { ...user.auth, ...(options.workspace ? { [WORKSPACE_HEADER]: options.workspace } : {}) },
    ...(options.payload
      ? { payload: options.payload }
      : method === 'POST' || method === 'PUT' || method === 'PATCH'
        ? { payload: {} }
        : {}),
  });
}

/** Signs the user in again (access tokens live 15 minutes; tests that move the clock by days need a fresh one). */
export async function relogin(app: FastifyInstance, user: TestUser): Promise<void> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/login/',
    payload: { username: user.email, password: user.password },
    remoteAddress: addressOf(user),
  });
  if (res.statusCode !== 200) throw new Error(`login answered ${res.statusCode}: ${res.body}`);
  user.auth = { authorization: `Bearer ${res.json().access}` };
}

export async function userIdOf(app: FastifyInstance, user: TestUser): Promise<string> {
  const [row] = await app.ctx.db.select({ id: users.id }).from(users).where(eq(users.email, user.email));
  if (!row) throw new Error(`no user ${user.email}`);
  return row.id;
}

/** The user's personal workspace. */
export async function personalWorkspaceOf(app: FastifyInstance, user: TestUser): Promise<string> {
  const [row] = await app.ctx.db
    .select({ id: workspaces.id })
    .from(workspaces)
    .where(eq(workspaces.personalOf, await userIdOf(app, user)));
  if (!row) throw new Error(`no personal workspace for ${user.email}`);
  return row.id;
}

/** A workspace the user creates (and owns) through the API. */
export async function createWorkspace(app: FastifyInstance, user: TestUser, name: string): Promise<string> {
  const res = await call(app, user, 'POST', 'workspaces/', { payload: { name } });
  if (res.statusCode !== 201) throw new Error(`create workspace answered ${res.statusCode}: ${res.body}`);
  return res.json().id as string;
}

/** The newest mail to an address whose subject contains `subject`. */
export async function lastMail(app: FastifyInstance, to: string, subject: string) {
  const rows = await app.ctx.db.select().from(outbox).where(eq(outbox.toAddress, to)).orderBy(desc(outbox.createdAt));
  return rows.find((row) => row.subject.includes(subject));
}

/** The token of the newest invitation link mailed to an address. */
export async function invitationToken(app: FastifyInstance, to: string): Promise<string> {
  const rows = await app.ctx.db.select().from(outbox).where(eq(outbox.toAddress, to)).orderBy(desc(outbox.createdAt));
  for (const row of rows) {
    const token = /\/invitations\/([A-Za-z0-9_-]+)/.exec(row.textBody)?.[1];
    if (token) return token;
  }
  throw new Error(`no invitation mailed to ${to}`);
}

/** An existing user joins `workspace` with `role`: invited by mail, then accepting the mailed link. */
export async function bringIn(
  app: FastifyInstance,
  inviter: TestUser,
  workspace: string,
  member: TestUser,
  role: Role,
): Promise<void> {
  const invited = await call(app, inviter, 'POST', 'workspace/invitations/', {
    workspace,
    payload: { email: member.email, role },
  });
  if (invited.statusCode !== 201) throw new Error(`invite answered ${invited.statusCode}: ${invited.body}`);
  const accepted = await call(app, member, 'POST', 'invitations/accept/', {
    payload: { token: await invitationToken(app, member.email) },
  });
  if (accepted.statusCode !== 200) throw new Error(`accept answered ${accepted.statusCode}: ${accepted.body}`);
}

/** A new user who joined `workspace` with `role` the way people do: invited by mail, registered with that address, accepted. */
export async function joinAs(
  app: FastifyInstance,
  owner: TestUser,
  workspace: string,
  role: Role,
  fullName = 'Mira Das',
): Promise<TestUser> {
  const email = `member-${randomUUID().slice(0, 8)}@example.com`;
  const invited = await call(app, owner, 'POST', 'workspace/invitations/', { workspace, payload: { email, role } });
  if (invited.statusCode !== 201) throw new Error(`invite answered ${invited.statusCode}: ${invited.body}`);
  const member = await signUp(app, { email, fullName });
  const accepted = await call(app, member, 'POST', 'invitations/accept/', {
    payload: { token: await invitationToken(app, email) },
  });
  if (accepted.statusCode !== 200) throw new Error(`accept answered ${accepted.statusCode}: ${accepted.body}`);
  return member;
}

/** Asks for an OTP and verifies it, as the delete dialogs do before deleting. */
export async function verifyOtp(app: FastifyInstance, user: TestUser): Promise<void> {
  const sent = await call(app, user, 'POST', 'generate-otp/');
  if (sent.statusCode !== 200) throw new Error(`generate-otp answered ${sent.statusCode}: ${sent.body}`);
  const mail = await lastMail(app, user.email, 'verification code');
  const code = /\b(\d{6})\b/.exec(mail!.textBody)![1];
  const verified = await call(app, user, 'POST', 'verify-otp/', { payload: { otp: code } });
  if (verified.statusCode !== 200) throw new Error(`verify-otp answered ${verified.statusCode}: ${verified.body}`);
}

/**
 * A connection with one ad account in a workspace, as the OAuth callback and a sync leave them.
 * `tokens` are sealed for the connection (a live sandbox grant, or a placeholder).
 */
export async function addAccount(
  app: FastifyInstance,
  workspaceId: string,
  options: {
    platform?: string;
    accountId?: string;
    currency?: string;
    status?: 'active' | 'needs_reconnect';
    lastSyncedAt?: Date | null;
    tokens?: TokenSet;
  } = {},
): Promise<{ connectionId: string; accountRef: string }> {
  const connectionId = randomUUID();
  const platform = options.platform ?? 'google';
  await app.ctx.db.insert(platformConnections).values({
    id: connectionId,
    workspaceId,
    platform,
    status: options.status ?? 'active',
    ...app.services.connections.seal(connectionId, options.tokens ?? { accessToken: `test-${connectionId}` }),
  });
  const [account] = await app.ctx.db
    .insert(connectedAdAccounts)
    .values({
      workspaceId,
      connectionId,
      platform,
      accountId: options.accountId ?? String(randomInt(1e9, 1e10 - 1)),
      name: 'Acme Ads',
      currency: options.currency ?? 'USD',
      timeZone: 'UTC',
    })
    .returning({ id: connectedAdAccounts.id });
  if (options.lastSyncedAt !== undefined) {
    await app.ctx.db
      .insert(syncState)
      .values({ connectionId, workspaceId, status: 'idle', lastSyncedAt: options.lastSyncedAt });
  }
  return { connectionId, accountRef: account.id };
}

/** Daily spend rows (minor units of `currency`) for an account. */
export async function addSpend(
  app: FastifyInstance,
  accountRef: string,
  currency: string,
  days: Record<string, number>,
): Promise<void> {
  const rows = Object.entries(days).map(([day, spendMinor]) => ({
    accountRef,
    day,
    currency,
    spendMinor,
    impressions: spendMinor * 10,
    clicks: spendMinor,
    conversions: 1,
    conversionValueMinor: spendMinor * 2,
  }));
  if (rows.length > 0) await app.ctx.db.insert(accountDaily).values(rows);
}

/** How many rows of a workspace's data are left (connections, accounts, daily rows, sync state). */
export async function rowsLeft(app: FastifyInstance, workspaceId: string, connectionId: string, accountRef: string) {
  const db = app.ctx.db;
  return {
    workspaces: (await db.select().from(workspaces).where(eq(workspaces.id, workspaceId))).length,
    connections: (await db.select().from(platformConnections).where(eq(platformConnections.id, connectionId))).length,
    accounts: (await db.select().from(connectedAdAccounts).where(eq(connectedAdAccounts.id, accountRef))).length,
    days: (await db.select().from(accountDaily).where(eq(accountDaily.accountRef, accountRef))).length,
    sync: (
      await db
        .select()
        .from(syncState)
        .where(and(eq(syncState.connectionId, connectionId)))
    ).length,
  };
}
