import type { ComponentType, ReactNode } from 'react';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router-dom';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import type { AppStore } from './store';
import { ShellDataProvider } from './ShellDataProvider';
import { theme } from './theme/theme';
import { ToastHost } from './ToastHost';

/** Props of AppProviders. */
export interface AppProvidersProps {
  store: AppStore;
  children: ReactNode;
  /** The router around the screens: the browser's history by default; the build's prerender passes a static one. */
  router?: ComponentType<{ children: ReactNode }>;
}

/** Store, theme, toasts, the shell's server data and router: everything a screen needs around it. */
export function AppProviders({ store, children, router: Router = BrowserRouter }: AppProvidersProps) {
  return (
    <Provider store={store}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <ToastHost>
          <ShellDataProvider>
            <Router>{children}</Router>
          </ShellDataProvider>
        </ToastHost>
      </ThemeProvider>
    </Provider>
  );
}
