import { paths, type AppPath } from '@client/app/paths';

/** One entry of the main navigation. */
export interface NavLinkItem {
  key: 'home' | 'dashboard' | 'suggestions' | 'actions' | 'rules' | 'budget' | 'creative' | 'reports' | 'features' | 'pricing' | 'contact';
  label: string;
  to: AppPath;
}

const HOME: NavLinkItem = { key: 'home', label: 'Home', to: paths.home };
const DASHBOARD: NavLinkItem = { key: 'dashboard', label: 'Dashboard', to: paths.dashboard };
/** Smart Suggestions and the actions log, beside Dashboard for a role that reads them. */
const SUGGESTIONS: NavLinkItem[] = [
  { key: 'suggestions', label: 'Suggestions', to: paths.suggestions },
  { key: 'actions', label: 'Actions', to: paths.actions },
];
/** Automated rules, after Suggestions and Actions for a role that reads them. */
const RULES: NavLinkItem = { key: 'rules', label: 'Rules', to: paths.rules };
/** Budget tools, after Rules, for the roles that read budgets (not clients). */
const BUDGET: NavLinkItem = { key: 'budget', label: 'Budget', to: paths.budget };
/** The Creative Analyzer, after Budget, for the roles that may analyse creatives. */
const CREATIVE: NavLinkItem = { key: 'creative', label: 'Creative Analyzer', to: paths.creativeAnalyzer };
/** Client reports, after the Creative Analyzer, for every role that reads reports (clients too). */
const REPORTS: NavLinkItem = { key: 'reports', label: 'Reports', to: paths.reports };
const REST: NavLinkItem[] = [
  { key: 'features', label: 'Features', to: paths.features },
  { key: 'pricing', label: 'Pricing', to: paths.pricing },
  { key: 'contact', label: 'Contact', to: paths.contact },
];

/** Which links beside Dashboard a role sees (each off unless told; Rules and Budget follow Suggestions unless told). */
export interface NavLinkOptions {
  suggestions?: boolean;
  rules?: boolean;
  budget?: boolean;
  creative?: boolean;
  reports?: boolean;
}

/**
 * The main links in order: Home, Dashboard (when allowed), Suggestions and Actions (with
 * Dashboard, for a role that reads suggestions), Rules (with Dashboard, for a role that reads
 * rules), Budget (with Dashboard, for the team running the ads), Creative Analyzer (with
 * Dashboard, for the roles that may analyse creatives), Reports (with Dashboard, for the roles
 * that read reports), Features, Pricing, Contact.
 */
export function mainNavLinks(showDashboard: boolean, { suggestions = false, rules = suggestions, budget = suggestions, creative = false, reports = false }: NavLinkOptions = {}): NavLinkItem[] {
  if (!showDashboard) return [HOME, ...REST];
  return [
    HOME,
    DASHBOARD,
    ...(suggestions ? SUGGESTIONS : []),
    ...(rules ? [RULES] : []),
    ...(budget ? [BUDGET] : []),
    ...(creative ? [CREATIVE] : []),
    ...(reports ? [REPORTS] : []),
    ...REST,
  ];
}
