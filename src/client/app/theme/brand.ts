/** The brand palette of the light scheme; every colour of the app comes from here through the theme. */
export const brand = {
  primary: { light: '#5b7ff0', main: '#1f4fd6', dark: '#1438a3', contrastText: '#ffffff' },
  secondary: { light: '#4fd1c5', main: '#0b7f74', dark: '#0a6f65', contrastText: '#ffffff' },
  ink: { main: '#0f172a', muted: '#475569' },
  surface: { page: '#f7f9fc', paper: '#ffffff', subtle: '#eef2fb', border: '#dbe3f1' },
  success: '#15803d',
  warning: '#b45309',
  error: '#b91c1c',
  info: '#1d4ed8',
} as const;

/** The shape both schemes share, so the dark one cannot miss a colour the light one has. */
export type BrandPalette = {
  primary: { light: string; main: string; dark: string; contrastText: string };
  secondary: { light: string; main: string; dark: string; contrastText: string };
  ink: { main: string; muted: string };
  surface: { page: string; paper: string; subtle: string; border: string };
  success: string;
  warning: string;
  error: string;
  info: string;
};

/**
 * The dark scheme: the same hues lifted so that text in them reads on the dark surfaces, with dark
 * text on the filled colours (white on a light blue would fail WCAG AA). theme/contrast.test.ts
 * checks every pair the app draws, in both schemes.
 */
export const brandDark: BrandPalette = {
  primary: { light: '#b7ccff', main: '#8fb0ff', dark: '#5b7ff0', contrastText: '#0b1220' },
  secondary: { light: '#8be3da', main: '#4fd1c5', dark: '#2bb3a6', contrastText: '#0b1220' },
  ink: { main: '#e5eaf3', muted: '#a3b0c2' },
  surface: { page: '#0b1220', paper: '#121a2b', subtle: '#1b2538', border: '#2e3a50' },
  success: '#4ade80',
  warning: '#fbbf24',
  error: '#f87171',
  info: '#7cb3ff',
};

/** The colour schemes the app draws in. */
export type ColorScheme = 'light' | 'dark';

/** Each scheme's brand palette. */
export const brandPalettes: Record<ColorScheme, BrandPalette> = { light: brand, dark: brandDark };
