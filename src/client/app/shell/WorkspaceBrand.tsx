import { useAppSelector } from '@client/app/hooks';
import { paths } from '@client/lib/paths';
import { selectIsLoggedIn } from '@client/session/session.slice';
import { Box, Typography } from '@mui/material';
import { type Theme, ThemeProvider } from '@mui/material/styles';
import { BRANDING_TEXT_COLOUR, type WorkspaceBranding } from '@shared/api/branding';
import { type ReactNode, useMemo } from 'react';
import { Link as RouterLink } from 'react-router-dom';

import { useShellData } from './shellData';

/** The current workspace's branding once someone saved it (signed in only); undefined otherwise. */
export function useWorkspaceBranding(): WorkspaceBranding | undefined {
  const isLoggedIn = useAppSelector(selectIsLoggedIn);
  const { branding } = useShellData();
  return isLoggedIn && branding?.configured ? branding : undefined;
}

/** The app's theme with the workspace's primary colour (white text on it meets WCAG AA, checked by the server), and the top bar in it. */
export function brandedTheme(colour: string) {
  return (outer: Theme): Theme => {
    const primary = outer.palette.augmentColor({ color: { main: colour, contrastText: BRANDING_TEXT_COLOUR } });
    return {
      ...outer,
      palette: { ...outer.palette, primary },
      components: {
        ...outer.components,
        MuiAppBar: {
          ...outer.components?.MuiAppBar,
          styleOverrides: { root: { backgroundColor: colour, color: BRANDING_TEXT_COLOUR, borderBottom: 'none' } },
        },
      },
    };
  };
}

const unbranded = (outer: Theme) => outer;

/**
 * Every member (the client role too) sees the workspace in its branding: around the top bar and
 * the pages, the primary colour replaces the product's when the workspace has one.
 */
export function WorkspaceBrandTheme({ children }: { children: ReactNode }) {
  const branding = useWorkspaceBranding();
  const colour = branding?.primary_color ?? null;
  // Always a ThemeProvider (the outer theme as it is without a colour): the pages under it must not remount when branding arrives.
  const theme = useMemo(() => (colour ? brandedTheme(colour) : unbranded), [colour]);
  return <ThemeProvider theme={theme}>{children}</ThemeProvider>;
}

/** The workspace's logo and name, where the product's name stands in the top bar. */
export function WorkspaceBrandMark({ branding }: { branding: WorkspaceBranding }) {
  return (
    <Box
      component={RouterLink}
      to={paths.home}
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        color: 'inherit',
        textDecoration: 'none',
        mr: 2,
        minWidth: 0,
      }}
    >
      {branding.logo && (
        <Box component="img" src={branding.logo.url} alt="" sx={{ height: 32, maxWidth: 120, objectFit: 'contain' }} />
      )}
      <Typography component="span" variant="h6" noWrap sx={{ fontWeight: 800 }}>
        {branding.name}
      </Typography>
    </Box>
  );
}
