import { ShellDataProvider } from '@client/app/shell/ShellDataProvider';
import type { ComponentType, ReactNode } from 'react';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router-dom';

import type { AppStore } from './store';
import { ColorModeThemeProvider } from './theme/colorMode';
import { ToastHost } from './ToastHost';

/** Props of AppProviders. */
export interface AppProvidersProps {
  store: AppStore;
  children: ReactNode;
  /** The router around the screens: the browser's history by default; the build's prerender passes a static one. */
  router?: ComponentType<{ children: ReactNode }>;
  /** The app takes over a prerendered page: its first render is drawn in light, as the prerender was. */
  hydrating?: boolean;
}

/** Store, theme (in the user's colour scheme), toasts, the shell's server data and router: everything a screen needs around it. */
export function AppProviders({
  store,
  children,
  router: Router = BrowserRouter,
  hydrating = false,
}: AppProvidersProps) {
  return (
    <Provider store={store}>
      <ColorModeThemeProvider hydrating={hydrating}>
        <ToastHost>
          <ShellDataProvider>
            <Router>{children}</Router>
          </ShellDataProvider>
        </ToastHost>
      </ColorModeThemeProvider>
    </Provider>
  );
}
