import { paths } from '@client/lib/paths';
import type { SvgIconComponent } from '@mui/icons-material';
import AssessmentIcon from '@mui/icons-material/Assessment';
import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';
import DashboardIcon from '@mui/icons-material/Dashboard';
import GroupIcon from '@mui/icons-material/Group';
import LightbulbIcon from '@mui/icons-material/Lightbulb';
import LinkIcon from '@mui/icons-material/Link';
import NotificationsIcon from '@mui/icons-material/Notifications';
import RuleIcon from '@mui/icons-material/Rule';
import SavingsIcon from '@mui/icons-material/Savings';
import SettingsIcon from '@mui/icons-material/Settings';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import WorkspacesIcon from '@mui/icons-material/Workspaces';
import type { Action } from '@shared/access/policy';

/** The jobs the side navigation groups the app's pages by, in its order. */
export const PAGE_GROUPS = ['Overview', 'Act', 'Create', 'Report', 'Workspace'] as const;
export type PageGroup = (typeof PAGE_GROUPS)[number];

/** What decides which of the app's pages a member is offered (the side navigation, the palette and the g-shortcuts alike). */
export interface PageAccess {
  /** The policy table for the member's role in the current workspace (canInWorkspace). */
  can: (action: Action) => boolean;
  /** Whether the current workspace's dashboard is open: an owner's trial or plan, never the member's own trial. */
  entitled: boolean;
  /** More than one workspace: All clients is worth a link. */
  severalWorkspaces: boolean;
}

/** A page of the app: where it is, the action that shows it, and whether it needs the workspace's entitlement. */
export interface AppPage {
  /** Its key (the g-shortcuts name pages by it). */
  key: string;
  label: string;
  /** Its name in the side navigation, under its group's heading, when shorter than the label. */
  navLabel?: string;
  to: string;
  needs: Action;
  entitled: boolean;
  /** Only for a user with several workspaces (All clients). */
  several?: boolean;
  group: PageGroup;
  icon: SvgIconComponent;
}

/**
 * The app's pages in the order the side navigation and the palette list them, each with the
 * action the routes check too (session/useCan over @shared/access/policy). All clients
 * is about the user's workspaces, not this one's data: it needs 'accounts:read' so a client-role
 * member, who sees the dashboard and the reports only, does not get it.
 */
export const APP_PAGES: readonly AppPage[] = [
  {
    key: 'workspaces',
    label: 'All clients',
    to: paths.workspaces,
    needs: 'accounts:read',
    entitled: false,
    several: true,
    group: 'Overview',
    icon: WorkspacesIcon,
  },
  {
    key: 'dashboard',
    label: 'Dashboard',
    to: paths.dashboard,
    needs: 'dashboard:read',
    entitled: true,
    group: 'Overview',
    icon: DashboardIcon,
  },
  {
    key: 'suggestions',
    label: 'Suggestions',
    to: paths.suggestions,
    needs: 'suggestions:read',
    entitled: true,
    group: 'Act',
    icon: LightbulbIcon,
  },
  {
    key: 'alerts',
    label: 'Alerts',
    to: paths.alerts,
    needs: 'alerts:read',
    entitled: true,
    group: 'Act',
    icon: NotificationsIcon,
  },
  { key: 'rules', label: 'Rules', to: paths.rules, needs: 'rules:read', entitled: true, group: 'Act', icon: RuleIcon },
  {
    key: 'budget',
    label: 'Budget',
    to: paths.budget,
    needs: 'budgets:read',
    entitled: true,
    group: 'Act',
    icon: SavingsIcon,
  },
  {
    key: 'creative',
    label: 'Creative Analyzer',
    to: paths.creativeAnalyzer,
    needs: 'creative:analyze',
    entitled: true,
    group: 'Create',
    icon: AutoAwesomeIcon,
  },
  {
    key: 'reports',
    label: 'Reports',
    to: paths.reports,
    needs: 'reports:read',
    entitled: true,
    group: 'Report',
    icon: AssessmentIcon,
  },
  {
    key: 'actions',
    label: 'Actions and results',
    to: paths.actions,
    needs: 'suggestions:read',
    entitled: true,
    group: 'Report',
    icon: TaskAltIcon,
  },
  // The workspace's own screens work without a plan (the team is set up before one is bought).
  {
    key: 'accounts',
    label: 'Connected accounts',
    to: paths.connectedAccounts,
    needs: 'accounts:read',
    entitled: false,
    group: 'Workspace',
    icon: LinkIcon,
  },
  {
    key: 'team',
    label: 'Team',
    to: paths.team,
    needs: 'team:read',
    entitled: false,
    group: 'Workspace',
    icon: GroupIcon,
  },
  {
    key: 'settings',
    label: 'Workspace settings',
    navLabel: 'Settings',
    to: paths.workspaceSettings,
    needs: 'team:read',
    entitled: false,
    group: 'Workspace',
    icon: SettingsIcon,
  },
];

/** Whether the policy and the workspace's entitlement allow something that needs `needs` (and the entitlement, when `entitled`). */
export const allowedBy = (access: PageAccess, needs: Action, entitled: boolean) =>
  access.can(needs) && (!entitled || access.entitled);

/** The pages a member may open, in order (the side navigation, the palette and the g-shortcuts read them). */
export function allowedPages(access: PageAccess): AppPage[] {
  return APP_PAGES.filter(
    (page) => allowedBy(access, page.needs, page.entitled) && (!page.several || access.severalWorkspaces),
  );
}
