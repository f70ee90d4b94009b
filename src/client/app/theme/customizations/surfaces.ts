import type { Components, Theme } from '@mui/material/styles';

/** Cards, papers and skeletons. */
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
  MuiSkeleton: {
    defaultProps: { animation: 'wave' },
  },
};
