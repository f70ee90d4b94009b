/** The brand palette; every colour of the app comes from here through the theme. */
export const brand = {
  primary: { light: '#5b7ff0', main: '#1f4fd6', dark: '#1438a3', contrastText: '#ffffff' },
  secondary: { light: '#4fd1c5', main: '#0f9d8f', dark: '#0a6f65', contrastText: '#ffffff' },
  ink: { main: '#0f172a', muted: '#475569' },
  surface: { page: '#f7f9fc', paper: '#ffffff', subtle: '#eef2fb', border: '#dbe3f1' },
  success: '#15803d',
  warning: '#b45309',
  error: '#b91c1c',
  info: '#1d4ed8',
} as const;
