import { paths } from '@client/lib/paths';
import CloseIcon from '@mui/icons-material/Close';
import {
  Box,
  Button,
  Divider,
  Drawer,
  IconButton,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  Typography,
} from '@mui/material';
import { MOBILE_MENU_WIDTH } from '@shared/constants';
import type { ReactNode } from 'react';
import { Link as RouterLink, NavLink } from 'react-router-dom';

import { mainNavLinks } from './navLinks';

/** Props of MobileMenu. */
export interface MobileMenuProps {
  /** The drawer's id, referenced by the menu button's aria-controls. */
  id: string;
  open: boolean;
  onClose: () => void;
  isLoggedIn: boolean;
  /** Shown instead of Login once signed in. */
  firstName: string;
  /** The signed-in user's workspace switcher and the app's pages (the side navigation's), after the main links. */
  appNavigation?: ReactNode;
}

const MENU_TITLE_ID = 'mobile-menu-title';

/**
 * The small-screen slide-in menu: the top bar's links, with Dashboard for any signed-in user
 * (spec section 2), then the app's pages grouped as in the side navigation. The Drawer's modal closes it on
 * Escape, keeps Tab inside and gives focus back to the menu button when it closes.
 */
export function MobileMenu({ id, open, onClose, isLoggedIn, firstName, appNavigation }: MobileMenuProps) {
  const links = mainNavLinks(isLoggedIn);
  return (
    <Drawer
      anchor="left"
      open={open}
      onClose={onClose}
      // Mounted while closed so the menu button's aria-controls always points at something.
      ModalProps={{ keepMounted: true }}
      slotProps={{ paper: { id, 'aria-labelledby': MENU_TITLE_ID, sx: { width: MOBILE_MENU_WIDTH } } }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', px: 2, py: 1 }}>
        <Typography id={MENU_TITLE_ID} variant="h6" component="h2">
          Menu
        </Typography>
        <IconButton aria-label="Close menu" onClick={onClose} edge="end">
          <CloseIcon />
        </IconButton>
      </Box>
      <Divider />
      <Box component="nav" aria-label="Main">
        <List>
          {links.map((link) => (
            <ListItem key={link.key} disablePadding>
              <ListItemButton component={NavLink} to={link.to} end={link.to === paths.home} onClick={onClose}>
                <ListItemText primary={link.label} />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      </Box>
      {appNavigation && (
        <>
          <Divider />
          {appNavigation}
        </>
      )}
      <Divider />
      <Box sx={{ p: 2 }}>
        {isLoggedIn ? (
          <Button fullWidth variant="outlined" component={RouterLink} to={paths.account} onClick={onClose}>
            {firstName}
          </Button>
        ) : (
          <Button fullWidth variant="contained" component={RouterLink} to={paths.login} onClick={onClose}>
            Login
          </Button>
        )}
      </Box>
    </Drawer>
  );
}
