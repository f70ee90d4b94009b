import { paths, type AppPath } from '@client/app/paths';

/** One entry of the main navigation. */
export interface NavLinkItem {
  key: 'home' | 'dashboard' | 'suggestions' | 'actions' | 'rules' | 'budget' | 'creative' | 'features' | 'pricing' | 'contact';
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
const REST: NavLinkItem[] = [
  { key: 'features', label: 'Features', to: paths.features },
  { key: 'pricing', label: 'Pricing', to: paths.pricing },
  { key: 'contact', label: 'Contact', to: paths.contact },
];

/**
 * The main links in order: Home, Dashboard (when allowed), Suggestions and Actions (with
 * Dashboard, for a role that reads suggestions), Rules (with Dashboard, for a role that reads
 * rules; the roles that read suggestions, unless told otherwise), Budget (with Dashboard, for the
 * team running the ads; the roles that read suggestions, unless told otherwise), Creative
 * Analyzer (with Dashboard, for the roles that may analyse creatives; off unless told), Features,
 * Pricing, Contact.
 */
export function mainNavLinks(showDashboard: boolean, showSuggestions = false, showRules = showSuggestions, showBudget = showSuggestions, showCreative = false): NavLinkItem[] {
  if (!showDashboard) return [HOME, ...REST];
  return [
    HOME,
    DASHBOARD,
    ...(showSuggestions ? SUGGESTIONS : []),
    ...(showRules ? [RULES] : []),
    ...(showBudget ? [BUDGET] : []),
    ...(showCreative ? [CREATIVE] : []),
    ...REST,
  ];
}
