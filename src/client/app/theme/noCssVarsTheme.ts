// What the production build puts where MUI's createTheme and ThemeProvider import their
// CSS-variables halves (createThemeWithVars, CssVarsProvider; see webpack.config.ts). The app's
// theme (theme.ts) has neither `cssVariables` nor `colorSchemes`, so MUI takes its plain branch
// and never calls them; leaving them out saves every route about 6 KB of gzip JavaScript. A
// theme that asks for CSS variables gets this error instead of a silently different look.
const message =
  'MUI CSS-variables themes are left out of this build (src/client/app/theme/noCssVarsTheme.ts): drop the replacement in webpack.config.ts to use cssVariables or colorSchemes.';

function unavailable(): never {
  throw new Error(message);
}

/** Stands in for MUI's createThemeWithVars. */
export default unavailable;
/** Stands in for MUI's CssVarsProvider. */
export const CssVarsProvider = unavailable;
