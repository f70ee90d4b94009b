import { readPreference, storePreference } from '@client/lib/browserStorage';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { createContext, type ReactNode, useContext, useEffect, useMemo, useState } from 'react';

import type { ColorScheme } from './brand';
import { themes } from './theme';

/** What a user chose: follow the system's setting (the default), or one scheme always. */
export type ColorModePreference = 'system' | ColorScheme;
/** The choices in the order the switch offers them. */
export const COLOR_MODE_PREFERENCES: readonly ColorModePreference[] = ['system', 'light', 'dark'];
/** Where the choice is kept in this browser. */
export const COLOR_MODE_KEY = 'adwise.colorMode';
/** The media query of a system set to dark. */
export const PREFERS_DARK_QUERY = '(prefers-color-scheme: dark)';

function readColorMode(): ColorModePreference {
  const stored = readPreference(COLOR_MODE_KEY);
  return stored === 'light' || stored === 'dark' ? stored : 'system';
}

/** The scheme drawn and the choice behind it, for the switch. */
export interface ColorModeValue {
  preference: ColorModePreference;
  scheme: ColorScheme;
  setPreference: (preference: ColorModePreference) => void;
}

const ColorModeContext = createContext<ColorModeValue>({
  preference: 'system',
  scheme: 'light',
  setPreference: () => undefined,
});

/** The colour scheme the app draws in and the user's choice of it. */
export function useColorMode(): ColorModeValue {
  return useContext(ColorModeContext);
}

/** Props of ColorModeThemeProvider. */
export interface ColorModeThemeProviderProps {
  children: ReactNode;
  /**
   * The page is a prerendered one the app takes over (hydration): its first render must be drawn
   * exactly as the prerender was, in light, and the chosen scheme follows a moment later.
   */
  hydrating?: boolean;
}

/**
 * The app's theme in the scheme the user chose, or the system's when they chose nothing (the
 * default), following a change of the system setting while the page is open. CssBaseline's
 * colour-scheme tells the browser too, so scroll bars and native controls match.
 */
export function ColorModeThemeProvider({ children, hydrating = false }: ColorModeThemeProviderProps) {
  const [preference, setStoredPreference] = useState(readColorMode);
  // Hydrating, the first render must match the prerendered light page; otherwise read the query at once (no flash of light).
  const systemDark = useMediaQuery(PREFERS_DARK_QUERY, { noSsr: !hydrating });
  const [takenOver, setTakenOver] = useState(!hydrating);
  useEffect(() => setTakenOver(true), []);
  const chosen: ColorScheme = preference === 'system' ? (systemDark ? 'dark' : 'light') : preference;
  const scheme: ColorScheme = takenOver ? chosen : 'light';
  const value = useMemo<ColorModeValue>(
    () => ({
      preference,
      scheme,
      setPreference: (next) => {
        setStoredPreference(next);
        storePreference(COLOR_MODE_KEY, next);
      },
    }),
    [preference, scheme],
  );
  return (
    <ColorModeContext.Provider value={value}>
      <ThemeProvider theme={themes[scheme]}>
        <CssBaseline enableColorScheme />
        {children}
      </ThemeProvider>
    </ColorModeContext.Provider>
  );
}
