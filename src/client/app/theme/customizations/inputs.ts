import { alpha, type Components, type Theme } from '@mui/material/styles';

/** Buttons and form controls. */
export const inputsCustomizations: Components<Theme> = {
  MuiButtonBase: {
    defaultProps: { disableRipple: false },
  },
  MuiButton: {
    defaultProps: { disableElevation: true },
    styleOverrides: {
      root: ({ theme }) => ({
        textTransform: 'none',
        fontWeight: theme.typography.fontWeightMedium,
        borderRadius: theme.shape.borderRadius,
        // The current page in a navigation bar (react-router's NavLink sets aria-current).
        '&[aria-current="page"]': {
          color: theme.palette.primary.main,
          backgroundColor: alpha(theme.palette.primary.main, theme.palette.action.selectedOpacity),
        },
      }),
    },
  },
  MuiIconButton: {
    styleOverrides: {
      root: ({ theme }) => ({
        '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
      }),
    },
  },
  MuiTextField: {
    defaultProps: { size: 'small', variant: 'outlined' },
  },
  MuiCheckbox: {
    defaultProps: { color: 'primary' },
  },
};
