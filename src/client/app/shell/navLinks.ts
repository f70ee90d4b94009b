import { type AppPath, paths } from '@client/lib/paths';

/** One entry of the top bar (spec section 2: Home, Dashboard, Features, Pricing, Contact). */
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

/**
 * The top bar's links in the spec's words and order: Home, Dashboard (when allowed), Features,
 * Pricing, Contact. The app's own pages are in the side navigation (app/shell/SideNav), not here.
 */
export function mainNavLinks(showDashboard: boolean): NavLinkItem[] {
  return showDashboard ? [HOME, DASHBOARD, ...REST] : [HOME, ...REST];
}
