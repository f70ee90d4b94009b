import type { Action } from '@shared/access/policy';
import { newRulePath, paths } from '@client/app/paths';

/** What choosing an entry does; the palette's host (app/CommandPalette) carries it out. */
export type PaletteRun =
  | { kind: 'navigate'; to: string }
  | { kind: 'switchWorkspace'; workspaceId: string }
  | { kind: 'refresh' };

/** The kinds of entry, as each option names its own (screen readers read it after the label). */
export type PaletteGroup = 'Page' | 'Command' | 'Workspace' | 'Campaign' | 'Ad';

/** One entry of the palette's list. */
export interface PaletteEntry {
  /** Unique in the list: the option's id is made from it. */
  id: string;
  group: PaletteGroup;
  label: string;
  /** Said after the label (an ad's campaign, a workspace's role). */
  detail?: string;
  run: PaletteRun;
}

/** What decides which pages and commands a member is offered. */
export interface PaletteAccess {
  /** The policy table for the member's role in the current workspace (useCan). */
  can: (action: Action) => boolean;
  /** Whether the current workspace's dashboard is open: an owner's trial or plan, never the member's own trial. */
  entitled: boolean;
  /** More than one workspace: All clients is worth a jump. */
  severalWorkspaces: boolean;
}

/** A page of the app, the action that shows it, and whether it needs the workspace's entitlement. */
interface PageDefinition {
  key: string;
  label: string;
  to: string;
  needs: Action;
  entitled: boolean;
}

/**
 * The app's pages in the order the palette lists them, each with the same action the routes and
 * the navigation check (features/session/useCan over @shared/access/policy).
 */
const PAGES: readonly PageDefinition[] = [
  { key: 'dashboard', label: 'Dashboard', to: paths.dashboard, needs: 'dashboard:read', entitled: true },
  { key: 'suggestions', label: 'Suggestions', to: paths.suggestions, needs: 'suggestions:read', entitled: true },
  { key: 'alerts', label: 'Alerts', to: paths.alerts, needs: 'alerts:read', entitled: true },
  { key: 'rules', label: 'Rules', to: paths.rules, needs: 'rules:read', entitled: true },
  { key: 'budget', label: 'Budget', to: paths.budget, needs: 'budgets:read', entitled: true },
  { key: 'creative', label: 'Creative Analyzer', to: paths.creativeAnalyzer, needs: 'creative:analyze', entitled: true },
  { key: 'reports', label: 'Reports', to: paths.reports, needs: 'reports:read', entitled: true },
  { key: 'actions', label: 'Actions and results', to: paths.actions, needs: 'suggestions:read', entitled: true },
  // The workspace's own screens work without a plan (the team is set up before one is bought).
  { key: 'accounts', label: 'Connected accounts', to: paths.connectedAccounts, needs: 'accounts:read', entitled: false },
  { key: 'team', label: 'Team', to: paths.team, needs: 'team:read', entitled: false },
  { key: 'settings', label: 'Workspace settings', to: paths.workspaceSettings, needs: 'team:read', entitled: false },
];

/** A command: what it runs and the action it needs (all of them need the entitlement). */
const COMMANDS: readonly { key: string; label: string; run: PaletteRun; needs: Action }[] = [
  { key: 'refresh', label: 'Refresh', run: { kind: 'refresh' }, needs: 'sync:run' },
  { key: 'new-rule', label: 'New rule', run: { kind: 'navigate', to: newRulePath() }, needs: 'rules:write' },
  { key: 'new-report', label: 'New report', run: { kind: 'navigate', to: paths.reports }, needs: 'reports:write' },
  { key: 'analyse-creative', label: 'Analyse a creative', run: { kind: 'navigate', to: paths.creativeAnalyzer }, needs: 'creative:analyze' },
];

const allowed = (access: PaletteAccess, needs: Action, entitled: boolean) => access.can(needs) && (!entitled || access.entitled);

/** The pages a member may open, by key (the g-shortcuts read them too). */
export function allowedPages(access: PaletteAccess): { key: string; label: string; to: string }[] {
  const pages = PAGES.filter((page) => allowed(access, page.needs, page.entitled));
  // All clients is about the user's workspaces, not this one's data; a client-role member sees none of the app beyond dashboard and reports.
  const allClients = access.severalWorkspaces && access.can('accounts:read') ? [{ key: 'workspaces', label: 'All clients', to: paths.workspaces }] : [];
  return [...allClients, ...pages];
}

/** The page and command entries a member is offered. */
export function pageAndCommandEntries(access: PaletteAccess): PaletteEntry[] {
  const pages = allowedPages(access).map(({ key, label, to }): PaletteEntry => ({ id: `page-${key}`, group: 'Page', label, run: { kind: 'navigate', to } }));
  const commands = COMMANDS.filter((command) => allowed(access, command.needs, true)).map(
    ({ key, label, run }): PaletteEntry => ({ id: `command-${key}`, group: 'Command', label, run }),
  );
  return [...pages, ...commands];
}

/** The dashboard with a campaign's drill-down open (DashboardPage reads ?campaign=). */
export function campaignPath(campaignId: string): string {
  return `${paths.dashboard}?campaign=${encodeURIComponent(campaignId)}`;
}
