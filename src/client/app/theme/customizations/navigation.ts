import { alpha, type Components, type Theme } from '@mui/material/styles';

/** Top bar, drawer and links. */
export const navigationCustomizations: Components<Theme> = {
  MuiAppBar: {
    defaultProps: { color: 'inherit', elevation: 0 },
    styleOverrides: {
      root: ({ theme }) => ({
        backgroundColor: theme.palette.background.paper,
        borderBottom: `1px solid ${theme.palette.divider}`,
      }),
    },
  },
  MuiDrawer: {
    styleOverrides: {
      // No elevation overlay (MUI lightens a raised dark paper): the phone's menu matches the side navigation.
      paper: ({ theme }) => ({ backgroundColor: theme.palette.background.paper, backgroundImage: 'none' }),
    },
  },
  MuiListItemButton: {
    styleOverrides: {
      root: ({ theme }) => ({
        '&[aria-current="page"]': {
          color: theme.palette.primary.main,
          backgroundColor: alpha(theme.palette.primary.main, theme.palette.action.selectedOpacity),
        },
      }),
    },
  },
  MuiLink: {
    // Underlined always: a link inside running text must not be told apart by colour alone (WCAG 1.4.1).
    defaultProps: { underline: 'always' },
    styleOverrides: {
      root: ({ theme }) => ({
        '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
      }),
    },
  },
};
