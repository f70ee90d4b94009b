import { allowedPages, type AppPage, PAGE_GROUPS } from '@client/app/appPages';
import { useAppSelector } from '@client/app/hooks';
import { usePageAccess } from '@client/app/usePageAccess';
import { visuallyHidden } from '@client/components/visuallyHidden';
import { WorkspaceSwitcher, WorkspaceSwitcherList } from '@client/features/workspaces/switcher/WorkspaceSwitcher';
import { readPreference, storePreference } from '@client/lib/browserStorage';
import { selectIsLoggedIn } from '@client/session/session.slice';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import {
  Box,
  Divider,
  Drawer,
  IconButton,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  ListSubheader,
  Tooltip,
} from '@mui/material';
import { useId, useState } from 'react';
import { NavLink } from 'react-router-dom';

import { ColorModeSwitch } from './ColorModeSwitch';

/** The side navigation's name for screen readers (a landmark beside the top bar's "Main"). */
export const SIDE_NAV_LABEL = 'App';
/** The collapse toggle's name; aria-pressed says whether the navigation is compact (icons only). */
export const COLLAPSE_LABEL = 'Compact navigation';
/** Where the collapsed state is remembered between visits. */
export const SIDE_NAV_COLLAPSED_KEY = 'adwise.sideNav.collapsed';

const WIDTH = 248;
const COLLAPSED_WIDTH = 64;
/** The desktop top bar's height: the navigation sticks below it. */
const TOP_BAR_HEIGHT = 64;

const readCollapsed = () => readPreference(SIDE_NAV_COLLAPSED_KEY) === 'true';

/** Props of AppPageLinks. */
export interface AppPageLinksProps {
  /** Icons only, each link named by its label for screen readers and a tooltip on hover or focus. */
  collapsed?: boolean;
  /** Called when a link is followed (the small-screen menu closes). */
  onNavigate?: () => void;
}

function PageLink({ page, collapsed, onNavigate }: { page: AppPage; collapsed: boolean; onNavigate?: () => void }) {
  const Icon = page.icon;
  const label = page.navLabel ?? page.label;
  const link = (
    <ListItemButton
      component={NavLink}
      to={page.to}
      onClick={onNavigate}
      sx={{
        minHeight: 44,
        px: collapsed ? 2.5 : 2,
        '&.active': { bgcolor: 'action.selected', fontWeight: 700 },
        '&.active .MuiListItemIcon-root': { color: 'primary.main' },
      }}
    >
      <ListItemIcon sx={{ minWidth: collapsed ? 0 : 40 }}>
        <Icon aria-hidden />
      </ListItemIcon>
      <ListItemText
        primary={label}
        sx={collapsed ? visuallyHidden : undefined}
        slotProps={{ primary: { sx: { fontWeight: 'inherit' } } }}
      />
    </ListItemButton>
  );
  return (
    <ListItem disablePadding>
      {collapsed ? (
        <Tooltip title={label} placement="right" describeChild>
          {link}
        </Tooltip>
      ) : (
        link
      )}
    </ListItem>
  );
}

/**
 * The app's pages a member may open, grouped by job (Overview, Act, Create, Report, Workspace),
 * from the one page table (appPages) by the policy and the workspace's entitlement: the same
 * pages the palette and the g-shortcuts offer. The current page is marked (aria-current="page").
 */
export function AppPageLinks({ collapsed = false, onNavigate }: AppPageLinksProps) {
  const pages = allowedPages(usePageAccess());
  const idPrefix = useId();
  const groups = PAGE_GROUPS.map((group) => ({ group, pages: pages.filter((page) => page.group === group) })).filter(
    ({ pages: inGroup }) => inGroup.length > 0,
  );
  return (
    <>
      {groups.map(({ group, pages: inGroup }, index) => {
        const headingId = `${idPrefix}-${group}`;
        return (
          <Box key={group}>
            {collapsed && index > 0 && <Divider sx={{ my: 0.5 }} />}
            <List
              dense
              aria-labelledby={headingId}
              subheader={
                <ListSubheader
                  id={headingId}
                  disableSticky
                  sx={collapsed ? visuallyHidden : { lineHeight: '32px', bgcolor: 'transparent' }}
                >
                  {group}
                </ListSubheader>
              }
            >
              {inGroup.map((page) => (
                <PageLink key={page.key} page={page} collapsed={collapsed} onNavigate={onNavigate} />
              ))}
            </List>
          </Box>
        );
      })}
    </>
  );
}

/**
 * The side navigation of a signed-in user's pages on wide screens: a permanent drawer headed by the
 * workspace switcher, with the app's pages grouped by job, and at its foot the colour-scheme switch;
 * a toggle folds it to icons and the choice is remembered. Small screens get the same links in the menu (MobileAppNavigation).
 */
export function SideNav() {
  const isLoggedIn = useAppSelector(selectIsLoggedIn);
  const [collapsed, setCollapsed] = useState(readCollapsed);
  const navId = useId();
  if (!isLoggedIn) return null;
  const width = collapsed ? COLLAPSED_WIDTH : WIDTH;
  const toggle = () => {
    setCollapsed(!collapsed);
    storePreference(SIDE_NAV_COLLAPSED_KEY, String(!collapsed));
  };
  return (
    <Drawer
      variant="permanent"
      sx={{ display: { xs: 'none', md: 'block' }, flexShrink: 0, width }}
      slotProps={{
        paper: {
          sx: {
            position: 'sticky',
            top: TOP_BAR_HEIGHT,
            height: `calc(100vh - ${TOP_BAR_HEIGHT}px)`,
            width,
            boxSizing: 'border-box',
            overflowX: 'hidden',
            zIndex: 'auto',
          },
        },
      }}
    >
      <Box
        component="nav"
        id={navId}
        aria-label={SIDE_NAV_LABEL}
        sx={{ display: 'flex', flexDirection: 'column', minHeight: '100%' }}
      >
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: collapsed ? 'center' : 'space-between',
            gap: 0.5,
            px: 1,
            py: 1,
          }}
        >
          <WorkspaceSwitcher compact={collapsed} />
        </Box>
        <Divider />
        <Box sx={{ flexGrow: 1 }}>
          <AppPageLinks collapsed={collapsed} />
        </Box>
        <Divider />
        <Box
          sx={{
            display: 'flex',
            flexDirection: collapsed ? 'column' : 'row',
            alignItems: 'center',
            justifyContent: 'space-between',
            gap: 0.5,
            p: 1,
          }}
        >
          <ColorModeSwitch />
          <IconButton aria-label={COLLAPSE_LABEL} aria-pressed={collapsed} aria-controls={navId} onClick={toggle}>
            {collapsed ? <ChevronRightIcon aria-hidden /> : <ChevronLeftIcon aria-hidden />}
          </IconButton>
        </Box>
      </Box>
    </Drawer>
  );
}

/** Props of MobileAppNavigation. */
export interface MobileAppNavigationProps {
  /** Called after a choice that leaves the menu: the menu closes. */
  onDone: () => void;
}

/** The side navigation's content for the small-screen menu: the workspace switcher, then the app's pages grouped by job. */
export function MobileAppNavigation({ onDone }: MobileAppNavigationProps) {
  return (
    <>
      <WorkspaceSwitcherList onDone={onDone} />
      <Divider />
      <Box component="nav" aria-label={SIDE_NAV_LABEL}>
        <AppPageLinks onNavigate={onDone} />
      </Box>
      <Divider />
      <Box sx={{ px: 1, py: 0.5 }}>
        <ColorModeSwitch />
      </Box>
    </>
  );
}
