import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Platform } from '@shared/constants';
import { platformConnections, users } from '../db/schema';
import { consent } from '../platforms/testing';
import type { TestUser } from './factories';

/** Follows an OAuth callback the way the browser would; returns the redirect's query. */
export async function followCallback(app: FastifyInstance, platform: string, query: Record<string, string>): Promise<Record<string, string>> {
  const res = await app.inject({ method: 'GET', url: `/api/oauth/${platform}/callback?${new URLSearchParams(query)}` });
  if (res.statusCode !== 302) throw new Error(`callback answered ${res.statusCode}: ${res.body}`);
  const location = new URL(res.headers.location as string);
  if (!location.pathname.endsWith('/connected-accounts')) throw new Error(`callback went to ${location}`);
  return Object.fromEntries(location.searchParams);
}

/** Starts a connection, answers the sandbox's consent page, and follows the callback. */
export async function connectVia(
  app: FastifyInstance,
  user: TestUser,
  platform: string,
  choice: { accountIds?: string[]; deny?: boolean } = {},
): Promise<Record<string, string>> {
  const started = await app.inject({ method: 'GET', url: `/api/auth/${platform}/`, headers: user.auth });
  if (started.statusCode !== 200) throw new Error(`auth/${platform}/ answered ${started.statusCode}: ${started.body}`);
  return followCallback(app, platform, await consent(started.json().auth_url, choice));
}

/** The database id of a test user. */
export async function userIdOf(app: FastifyInstance, user: TestUser): Promise<string> {
  const [row] = await app.ctx.db.select({ id: users.id }).from(users).where(eq(users.email, user.email));
  if (!row) throw new Error(`no user ${user.email}`);
  return row.id;
}

/** The user's connection on a platform (the newest). */
export async function connectionOf(app: FastifyInstance, user: TestUser, platform: Platform) {
  const userId = await userIdOf(app, user);
  const rows = await app.ctx.db.select().from(platformConnections).where(eq(platformConnections.userId, userId));
  const found = rows.filter((row) => row.platform === platform).sort((a, b) => +b.createdAt - +a.createdAt)[0];
  if (!found) throw new Error(`no ${platform} connection`);
  return found;
}
