/**
 * Who may do what in a workspace: one table, read by the server's `can(principal, action)` (which
 * decides) and by the client's `useCan(action)` (which only hides controls the role may not use).
 */

/** Roles in a workspace, most powerful first. */
export const ROLES = ['owner', 'manager', 'viewer', 'client'] as const;
export type Role = (typeof ROLES)[number];

export const isRole = (value: unknown): value is Role =>
  typeof value === 'string' && (ROLES as readonly string[]).includes(value);

export const ROLE_TITLES: Record<Role, string> = {
  owner: 'Owner',
  manager: 'Manager',
  viewer: 'Viewer',
  client: 'Client',
};

/** What each role is for, in the words the Team screen shows next to the role picker. */
export const ROLE_DESCRIPTIONS: Record<Role, string> = {
  owner: 'Everything, including billing, the team and deleting the workspace.',
  manager:
    'Connects and disconnects accounts, changes campaigns, applies suggestions, edits rules and budgets, imports first-party conversions.',
  viewer: 'Sees everything in the workspace, changes nothing.',
  client: 'Sees only the dashboard and the reports of this workspace.',
};

/** Every action a route can be guarded by. Later features add theirs here (suggestions:apply, rules:write …). */
export const ACTIONS = [
  /** The workspace's name and the dashboard (every member). */
  'dashboard:read',
  /** Reports of the workspace (every member). */
  'reports:read',
  /** The connected accounts screen and the team list. */
  'accounts:read',
  'team:read',
  /** Refresh: run a sync now. */
  'sync:run',
  /** Smart Suggestions and the actions log (read). */
  'suggestions:read',
  /** The alerts feed and the bell (read, and mark as read for oneself). */
  'alerts:read',
  /** Automated rules: the list, their runs and what they did. */
  'rules:read',
  /** Monthly budgets with their pacing, and the budget optimizer's plans. */
  'budgets:read',
  /** The Creative Analyzer (scoring copies and images changes nothing at the platforms). */
  'creative:analyze',
  /** Connect and disconnect ad accounts. */
  'accounts:write',
  /** Pause and resume campaigns, change budgets at the platform. */
  'campaigns:write',
  'suggestions:apply',
  /** The workspace's alert webhook. */
  'alerts:manage',
  /** Create, change and delete rules, dry-run them, approve what they queue. */
  'rules:write',
  'budgets:write',
  /**
   * Delete the workspace's saved Creative Analyzer results, refit its feedback model, and make, list
   * and revoke their share links: a link publishes a result outside the workspace, as a report's
   * link does ('reports:write'). Saving and reading results is 'creative:analyze'.
   */
  'creative:manage',
  /** The workspace's branding: name on reports, logo, primary colour, report e-mails' sender and reply-to (every member sees it). */
  'branding:manage',
  /** Make, change, delete and share the workspace's client reports (every member reads them: 'reports:read'). */
  'reports:write',
  /** Import the workspace's first-party days (CSV) and make, rotate or delete its ingestion key (reading them is 'dashboard:read'). */
  'firstparty:write',
  /** Invite, re-send and revoke invitations, change roles, remove members. */
  'team:manage',
  /** Rename, transfer ownership, delete, billing. */
  'workspace:manage',
] as const;
export type Action = (typeof ACTIONS)[number];

const MEMBER_READS: Action[] = ['dashboard:read', 'reports:read'];
const TEAM_READS: Action[] = [
  ...MEMBER_READS,
  'accounts:read',
  'team:read',
  'sync:run',
  'suggestions:read',
  'alerts:read',
  'rules:read',
  'budgets:read',
  'creative:analyze',
];
const MANAGER_WRITES: Action[] = [
  'accounts:write',
  'campaigns:write',
  'suggestions:apply',
  'alerts:manage',
  'rules:write',
  'budgets:write',
  'creative:manage',
  'branding:manage',
  'reports:write',
  'firstparty:write',
];

/** The policy table. */
export const ROLE_ACTIONS: Record<Role, ReadonlySet<Action>> = {
  owner: new Set<Action>([...TEAM_READS, ...MANAGER_WRITES, 'team:manage', 'workspace:manage']),
  manager: new Set<Action>([...TEAM_READS, ...MANAGER_WRITES]),
  viewer: new Set<Action>(TEAM_READS),
  client: new Set<Action>(MEMBER_READS),
};

export function roleCan(role: Role, action: Action): boolean {
  return ROLE_ACTIONS[role].has(action);
}
