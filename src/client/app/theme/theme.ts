import { createTheme, type Theme } from '@mui/material/styles';

import { brandPalettes, type ColorScheme } from './brand';
import { inputsCustomizations } from './customizations/inputs';
import { navigationCustomizations } from './customizations/navigation';
import { surfacesCustomizations } from './customizations/surfaces';

/** The filled colour and the text drawn on it, stated rather than left to MUI's guess (its threshold is 3:1, WCAG AA asks 4.5:1). */
function filled(main: string, scheme: ColorScheme) {
  return { main, contrastText: scheme === 'dark' ? brandPalettes.dark.surface.page : '#ffffff' };
}

/** The app's theme in one colour scheme: palette, type and every component override. */
function createAppTheme(scheme: ColorScheme): Theme {
  const colours = brandPalettes[scheme];
  return createTheme({
    palette: {
      mode: scheme,
      primary: colours.primary,
      secondary: colours.secondary,
      success: filled(colours.success, scheme),
      warning: filled(colours.warning, scheme),
      error: filled(colours.error, scheme),
      info: filled(colours.info, scheme),
      text: { primary: colours.ink.main, secondary: colours.ink.muted },
      background: { default: colours.surface.page, paper: colours.surface.paper },
      divider: colours.surface.border,
    },
    shape: { borderRadius: 8 },
    typography: {
      // System fonts: nothing extra to download before the first paint.
      fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
      h1: { fontSize: '2.25rem', fontWeight: 700, lineHeight: 1.2 },
      h2: { fontSize: '1.75rem', fontWeight: 700, lineHeight: 1.25 },
      h3: { fontSize: '1.375rem', fontWeight: 600 },
      button: { fontWeight: 600 },
    },
    components: {
      ...inputsCustomizations,
      ...navigationCustomizations,
      ...surfacesCustomizations,
    },
  });
}

/** The app's two themes, made once: switching schemes swaps the object, nothing is rebuilt. */
export const themes: Record<ColorScheme, Theme> = { light: createAppTheme('light'), dark: createAppTheme('dark') };

/** The light theme: what the prerendered pages are drawn in and what tests render with. */
export const theme = themes.light;
