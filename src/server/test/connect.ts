import { randomBytes } from 'node:crypto';

import type { StartConnectionResult } from '@shared/api/adAccounts';
import type { Platform } from '@shared/constants';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

import { platformConnections, users, workspaces } from '../db/schema';
import type { TestUser } from './factories';
import { consent } from './platforms';

/**
 * A browser as far as the OAuth round trip cares: a cookie jar (auth/<platform>/ sets the cookie
 * that binds the flow to this browser; the callback must bring it back) and the address it calls
 * from (its own, as for test users, so per-IP limits do not pile up across tests).
 */
export class TestBrowser {
  private readonly jar = new Map<string, { value: string; path: string }>();

  constructor(
    readonly remoteAddress = `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${1 + (randomBytes(1)[0] % 250)}`,
  ) {}

  /** Keeps what a response sets, and forgets what it clears, like a browser does. */
  receive(response: LightMyRequestResponse): void {
    for (const cookie of response.cookies) {
      const cleared =
        (cookie.maxAge !== undefined && cookie.maxAge <= 0) ||
        (cookie.expires !== undefined && cookie.expires.getTime() <= Date.now());
      if (cleared) this.jar.delete(cookie.name);
      else this.jar.set(cookie.name, { value: cookie.value, path: cookie.path ?? '/' });
    }
  }

  /** The Cookie header this browser sends with a request to `url` (undefined: none). */
  cookieHeader(url: string): string | undefined {
    const path = new URL(url, 'http://localhost').pathname;
    const sent = [...this.jar]
      .filter(([, cookie]) => path.startsWith(cookie.path))
      .map(([name, cookie]) => `${name}=${encodeURIComponent(cookie.value)}`);
    return sent.length > 0 ? sent.join('; ') : undefined;
  }

  /** The names of the cookies it holds. */
  cookieNames(): string[] {
    return [...this.jar.keys()];
  }

  /** A GET from this browser (with its cookies and address); the response's cookies are kept. */
  async get(app: FastifyInstance, url: string, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
    const cookie = this.cookieHeader(url);
    const response = await app.inject({
      method: 'GET',
      url,
      remoteAddress: this.remoteAddress,
      headers: { ...headers, ...(cookie ? { cookie } : {}) },
    });
    this.receive(response);
    return response;
  }
}

/** `auth/<platform>/` from the SPA in `browser`: the reply's cookie stays in the browser. */
export async function startConnection(
  app: FastifyInstance,
  user: TestUser,
  platform: string,
  browser: TestBrowser,
): Promise<StartConnectionResult> {
  const started = await browser.get(app, `/api/auth/${platform}/`, user.auth);
  if (started.statusCode !== 200) throw new Error(`auth/${platform}/ answered ${started.statusCode}: ${started.body}`);
  return started.json() as StartConnectionResult;
}

/** The callback's raw response when `browser` follows the platform's redirect with `query` (a string is sent as is). */
export function callbackResponse(
  app: FastifyInstance,
  platform: string,
  query: Record<string, string> | string,
  browser: TestBrowser,
): Promise<LightMyRequestResponse> {
  const search = typeof query === 'string' ? query : new URLSearchParams(query).toString();
  return browser.get(app, `/api/oauth/${platform}/callback?${search}`);
}

/** Follows an OAuth callback the way `browser` would (with its cookies); returns the redirect's query. */
export async function followCallback(
  app: FastifyInstance,
  platform: string,
  query: Record<string, string> | string,
  browser: TestBrowser,
): Promise<Record<string, string>> {
  const res = await callbackResponse(app, platform, query, browser);
  if (res.statusCode !== 302) throw new Error(`callback answered ${res.statusCode}: ${res.body}`);
  const location = new URL(res.headers.location as string);
  if (!location.pathname.endsWith('/connected-accounts')) throw new Error(`callback went to ${location}`);
  return Object.fromEntries(location.searchParams);
}

/** Starts a connection, answers the sandbox's consent page, and follows the callback, all in one browser (a new one by default). */
export async function connectVia(
  app: FastifyInstance,
  user: TestUser,
  platform: string,
  choice: { accountIds?: string[]; deny?: boolean } = {},
  browser: TestBrowser = new TestBrowser(),
): Promise<Record<string, string>> {
  const started = await startConnection(app, user, platform, browser);
  return followCallback(app, platform, await consent(started.auth_url, choice), browser);
}

/** The database id of a test user. */
export async function userIdOf(app: FastifyInstance, user: TestUser): Promise<string> {
  const [row] = await app.ctx.db.select({ id: users.id }).from(users).where(eq(users.email, user.email));
  if (!row) throw new Error(`no user ${user.email}`);
  return row.id;
}

/** The id of a test user's personal workspace (where their requests go without an X-Workspace-Id header). */
export async function workspaceIdOf(app: FastifyInstance, user: TestUser): Promise<string> {
  const [row] = await app.ctx.db
    .select({ id: workspaces.id })
    .from(workspaces)
    .innerJoin(users, eq(users.id, workspaces.personalOf))
    .where(eq(users.email, user.email));
  if (!row) throw new Error(`no personal workspace for ${user.email}`);
  return row.id;
}

/** The connection on a platform (the newest) in a workspace: the user's personal one unless given. */
export async function connectionOf(app: FastifyInstance, user: TestUser, platform: Platform, workspaceId?: string) {
  const inWorkspace = workspaceId ?? (await workspaceIdOf(app, user));
  const rows = await app.ctx.db
    .select()
    .from(platformConnections)
    .where(eq(platformConnections.workspaceId, inWorkspace));
  const found = rows.filter((row) => row.platform === platform).sort((a, b) => +b.createdAt - +a.createdAt)[0];
  if (!found) throw new Error(`no ${platform} connection`);
  return found;
}
