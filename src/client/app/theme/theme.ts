import { createTheme } from '@mui/material/styles';
import { brand } from './brand';
import { inputsCustomizations } from './customizations/inputs';
import { navigationCustomizations } from './customizations/navigation';
import { surfacesCustomizations } from './customizations/surfaces';

/** The app's one theme: palette, type and every component override. */
export const theme = createTheme({
  palette: {
    mode: 'light',
    primary: brand.primary,
    secondary: brand.secondary,
    success: { main: brand.success },
    warning: { main: brand.warning },
    error: { main: brand.error },
    info: { main: brand.info },
    text: { primary: brand.ink.main, secondary: brand.ink.muted },
    background: { default: brand.surface.page, paper: brand.surface.paper },
    divider: brand.surface.border,
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
