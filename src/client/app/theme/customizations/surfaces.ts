import type { Components, Theme } from '@mui/material/styles';

/** Cards, papers, table containers and skeletons. */
export const surfacesCustomizations: Components<Theme> = {
  MuiPaper: {
    defaultProps: { elevation: 0 },
  },
  MuiCard: {
    defaultProps: { variant: 'outlined' },
    styleOverrides: {
      root: ({ theme }) => ({ borderRadius: Number(theme.shape.borderRadius) * 2 }),
    },
  },
  MuiTableContainer: {
    styleOverrides: {
      // The containing block of what is absolutely positioned inside (a visually hidden column
      // heading): otherwise it sits where the wide table puts it, past the window's edge, and a
      // phone's page scrolls sideways although the table scrolls in its own box.
      root: { position: 'relative' },
    },
  },
  MuiSkeleton: {
    defaultProps: { animation: 'wave' },
  },
};
