import { useAppSelector } from '@client/app/hooks';
import { visuallyHidden } from '@client/components/visuallyHidden';
import { selectIsLoggedIn } from '@client/session/session.slice';
import AddIcon from '@mui/icons-material/Add';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import CheckIcon from '@mui/icons-material/Check';
import WorkspacesIcon from '@mui/icons-material/Workspaces';
import {
  Box,
  Button,
  Divider,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  ListSubheader,
  Menu,
  MenuItem,
} from '@mui/material';
import { ROLE_TITLES } from '@shared/access/policy';
import type { WorkspaceSummary } from '@shared/api/workspaces';
import { type MouseEvent, useId, useState } from 'react';

import { LazyNewWorkspaceDialog } from './LazyNewWorkspaceDialog';
import { useWorkspaceMenu, workspaceDetails, type WorkspaceMenu } from './useWorkspaceMenu';

/** The switcher's labels, named once for the side navigation, the mobile menu and their tests. */
export const SWITCHER_LABELS = {
  heading: 'Workspaces',
  loading: 'Loading workspaces…',
  failed: 'Unable to load your workspaces.',
  retry: 'Try again',
  newWorkspace: 'New workspace…',
  fallbackName: 'Workspace',
} as const;

/** 'Acme · 3 connected accounts · Manager', with '(current)' read out for the current one. */
function WorkspaceText({ workspace, current }: { workspace: WorkspaceSummary; current: boolean }) {
  return (
    <ListItemText
      primary={
        <>
          {workspace.name}
          {current && (
            <Box component="span" sx={visuallyHidden}>
              {' '}
              (current)
            </Box>
          )}
        </>
      }
      secondary={workspaceDetails(workspace, ROLE_TITLES[workspace.role])}
      slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
    />
  );
}

/** What the list says when it has nothing to show yet. */
function listStatus(menu: WorkspaceMenu): string | null {
  if (menu.workspaces.length > 0) return null;
  return menu.isError ? SWITCHER_LABELS.failed : SWITCHER_LABELS.loading;
}

function SwitcherMenu({ compact = false }: WorkspaceSwitcherProps) {
  const menu = useWorkspaceMenu();
  const buttonId = useId();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [creating, setCreating] = useState(false);
  const open = anchor !== null;
  const close = () => setAnchor(null);
  const status = listStatus(menu);

  const choose = async (workspace: WorkspaceSummary) => {
    if (await menu.choose(workspace)) close();
  };
  const startCreating = () => {
    close();
    setCreating(true);
  };

  return (
    <>
      <Button
        id={buttonId}
        color="inherit"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={(event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget)}
        startIcon={<WorkspacesIcon aria-hidden />}
        endIcon={compact ? undefined : <ArrowDropDownIcon aria-hidden />}
        // The whole name shows, on two lines if it must: a long agency client's name is never cut short.
        sx={
          compact
            ? { minWidth: 0, px: 1.5, '& .MuiButton-startIcon': { m: 0 } }
            : { width: '100%', justifyContent: 'flex-start', textAlign: 'left', textTransform: 'none' }
        }
      >
        <Box component="span" sx={visuallyHidden}>
          Workspace:{' '}
        </Box>
        <Box component="span" sx={compact ? visuallyHidden : { flexGrow: 1, overflowWrap: 'anywhere' }}>
          {menu.current?.name ?? SWITCHER_LABELS.fallbackName}
        </Box>
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={open}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        transformOrigin={{ vertical: 'top', horizontal: 'left' }}
        slotProps={{ list: { 'aria-labelledby': buttonId, dense: true, sx: { minWidth: 280, maxWidth: 360 } } }}
      >
        <ListSubheader>{SWITCHER_LABELS.heading}</ListSubheader>
        {status && (
          <MenuItem disabled={!menu.isError} onClick={menu.refetch}>
            <ListItemText primary={status} secondary={menu.isError ? SWITCHER_LABELS.retry : undefined} />
          </MenuItem>
        )}
        {menu.workspaces.map((workspace) => {
          const current = workspace.id === menu.current?.id;
          return (
            <MenuItem
              key={workspace.id}
              selected={current}
              aria-current={current ? 'true' : undefined}
              disabled={menu.switching}
              onClick={() => void choose(workspace)}
            >
              <ListItemIcon>{current && <CheckIcon fontSize="small" aria-hidden />}</ListItemIcon>
              <WorkspaceText workspace={workspace} current={current} />
            </MenuItem>
          );
        })}
        <Divider />
        <MenuItem onClick={startCreating}>
          <ListItemIcon>
            <AddIcon fontSize="small" aria-hidden />
          </ListItemIcon>
          {SWITCHER_LABELS.newWorkspace}
        </MenuItem>
      </Menu>
      <LazyNewWorkspaceDialog open={creating} onClose={() => setCreating(false)} />
    </>
  );
}

/**
 * The workspace switcher at the head of the side navigation: a menu of the user's workspaces (connected accounts and
 * role beside each, the current one marked) that moves to another in one click, and New workspace.
 * It links to no page: the pages (All clients, Connected accounts, Team, Settings…) are the side
 * navigation's, so the phone's menu, which shows both, lists each once. Only for a signed-in user.
 */
export function WorkspaceSwitcher({ compact = false }: WorkspaceSwitcherProps) {
  const isLoggedIn = useAppSelector(selectIsLoggedIn);
  return isLoggedIn ? <SwitcherMenu compact={compact} /> : null;
}

/** Props of WorkspaceSwitcher. */
export interface WorkspaceSwitcherProps {
  /** Its icon alone (the name for screen readers only), for the side navigation folded to icons. */
  compact?: boolean;
}

/** Props of WorkspaceSwitcherList. */
export interface WorkspaceSwitcherListProps {
  /** Called after a choice that leaves the menu (a switch, a created workspace): the mobile menu closes. */
  onDone: () => void;
}

function SwitcherList({ onDone }: WorkspaceSwitcherListProps) {
  const menu = useWorkspaceMenu();
  const headingId = useId();
  const [creating, setCreating] = useState(false);
  const status = listStatus(menu);

  const choose = async (workspace: WorkspaceSummary) => {
    if (await menu.choose(workspace)) onDone();
  };

  return (
    <Box component="nav" aria-labelledby={headingId}>
      <List
        dense
        subheader={
          <ListSubheader id={headingId} disableSticky>
            {SWITCHER_LABELS.heading}
          </ListSubheader>
        }
      >
        {status && (
          <ListItem>
            <ListItemText primary={status} />
            {menu.isError && (
              <Button size="small" onClick={menu.refetch}>
                {SWITCHER_LABELS.retry}
              </Button>
            )}
          </ListItem>
        )}
        {menu.workspaces.map((workspace) => {
          const current = workspace.id === menu.current?.id;
          return (
            <ListItem key={workspace.id} disablePadding>
              <ListItemButton
                selected={current}
                aria-current={current ? 'true' : undefined}
                disabled={menu.switching}
                onClick={() => void choose(workspace)}
              >
                <ListItemIcon sx={{ minWidth: 32 }}>
                  {current && <CheckIcon fontSize="small" aria-hidden />}
                </ListItemIcon>
                <WorkspaceText workspace={workspace} current={current} />
              </ListItemButton>
            </ListItem>
          );
        })}
        <ListItem disablePadding>
          <ListItemButton onClick={() => setCreating(true)}>
            <ListItemIcon sx={{ minWidth: 32 }}>
              <AddIcon fontSize="small" aria-hidden />
            </ListItemIcon>
            <ListItemText primary={SWITCHER_LABELS.newWorkspace} />
          </ListItemButton>
        </ListItem>
      </List>
      <LazyNewWorkspaceDialog open={creating} onClose={() => setCreating(false)} onCreated={onDone} />
    </Box>
  );
}

/** The switcher for the mobile menu: the same choices as the side navigation's, as a list. Only for a signed-in user. */
export function WorkspaceSwitcherList({ onDone }: WorkspaceSwitcherListProps) {
  const isLoggedIn = useAppSelector(selectIsLoggedIn);
  return isLoggedIn ? <SwitcherList onDone={onDone} /> : null;
}
