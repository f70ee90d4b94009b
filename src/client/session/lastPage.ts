import { readPreference, storePreference } from '@client/lib/browserStorage';
import { paths } from '@client/lib/paths';

/**
 * The last page of the app a user worked on, kept in this browser per user (localStorage, under
 * the user's id), so signing in again can take them back to it. The last workspace needs nothing
 * here: the server remembers it per user (PUT workspaces/current/) and the workspace list names it.
 */

/** The storage key of one user's last page. */
export const LAST_PAGE_KEY_PREFIX = 'adwise.lastPage.';

/**
 * The pages worth coming back to: the product's own, each a page of the current workspace.
 * Forms half filled in (the rule builder), one-off links (invitations, reviews, consent) and the
 * account pages are left out. So is All clients: it is the home of a user with several workspaces
 * (signing in lands there anyway), and keeping it would overwrite, on every visit to that home,
 * the page its "Continue" link offers to go back to.
 */
const REMEMBERED_PATHS: ReadonlySet<string> = new Set([
  paths.dashboard,
  paths.suggestions,
  paths.alerts,
  paths.rules,
  paths.budget,
  paths.creativeAnalyzer,
  paths.reports,
  paths.actions,
  paths.connectedAccounts,
  paths.team,
  paths.workspaceSettings,
]);

/** The dashboard's query is its view (filters, sort, page); `campaign` opens a drill-down once and is not kept. */
const DASHBOARD_DROPPED_KEYS = ['campaign'];

/** The user id (`sub`) of an access token, read without checking it (the server does that), or null. */
export function userIdOf(access: string | null): string | null {
  const payload = access?.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(
      payload
        .replace(/-/g, '+')
        .replace(/_/g, '/')
        .padEnd(Math.ceil(payload.length / 4) * 4, '='),
    );
    const { sub } = JSON.parse(json) as { sub?: unknown };
    return typeof sub === 'string' && sub !== '' ? sub : null;
  } catch {
    return null;
  }
}

/**
 * What to keep of a location: a remembered page's path (with the dashboard's view), or null for a
 * page not worth coming back to. Other pages' queries are dropped: they carry one-off answers
 * (an OAuth callback's status, a preset).
 */
export function rememberedLocation(pathname: string, search: string): string | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (!REMEMBERED_PATHS.has(path)) return null;
  if (path !== paths.dashboard) return path;
  const params = new URLSearchParams(search);
  for (const key of DASHBOARD_DROPPED_KEYS) params.delete(key);
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

/** Keeps `location` (from rememberedLocation) as the user's last page; a full or blocked storage only means the next sign-in starts from the default. */
export function rememberPage(userId: string, location: string): void {
  storePreference(LAST_PAGE_KEY_PREFIX + userId, location);
}

/** The user's last page in this browser, or null (none kept, or something not ours). */
export function rememberedPage(userId: string | null): string | null {
  if (!userId) return null;
  const stored = readPreference(LAST_PAGE_KEY_PREFIX + userId);
  if (!stored?.startsWith('/') || stored.startsWith('//')) return null;
  const [pathname, search = ''] = stored.split('?', 2);
  return rememberedLocation(pathname, search ? `?${search}` : '');
}

/**
 * Where signing in lands when no page sent the visitor to the login page: All clients for a user
 * with more than one workspace (an agency's home), else the last page they worked on, else home.
 */
export function landingPath(workspaceCount: number, lastPage: string | null): string {
  if (workspaceCount > 1) return paths.workspaces;
  return lastPage ?? paths.home;
}

/** The page of this site that sent the visitor to log in (`state.from`, query included), or null. */
export function fromOf(state: unknown): string | null {
  const from = typeof state === 'object' && state !== null ? (state as { from?: unknown }).from : undefined;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') && from !== paths.login
    ? from
    : null;
}

/**
 * Where to go after logging in: back to the page that sent the visitor here (RequireSession and
 * the invitation page pass it as `state.from`, query included), when it is a path of this site; home otherwise.
 */
export function returnPath(state: unknown): string {
  return fromOf(state) ?? paths.home;
}
