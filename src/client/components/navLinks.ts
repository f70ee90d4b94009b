import { paths, type AppPath } from '@client/app/paths';

/** One entry of the main navigation. */
export interface NavLinkItem {
  key: 'home' | 'dashboard' | 'features' | 'pricing' | 'contact';
  label: string;
  to: AppPath;
}

const HOME: NavLinkItem = { key: 'home', label: 'Home', to: paths.home };
const DASHBOARD: NavLinkItem = { key: 'dashboard', label: 'Dashboard', to: paths.dashboard };
const REST: NavLinkItem[] = [
  { key: 'features', label: 'Features', to: paths.features },
  { key: 'pricing', label: 'Pricing', to: paths.pricing },
  { key: 'contact', label: 'Contact', to: paths.contact },
];

/** The main links in order: Home, Dashboard (when allowed), Features, Pricing, Contact. */
export function mainNavLinks(showDashboard: boolean): NavLinkItem[] {
  return showDashboard ? [HOME, DASHBOARD, ...REST] : [HOME, ...REST];
}
