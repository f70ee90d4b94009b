import type { ReactNode } from 'react';
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
}

/** Store, theme, toasts, the shell's server data and router: everything a screen needs around it. */
export function AppProviders({ store, children }: AppProvidersProps) {
  return (
    <Provider store={store}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <ToastHost>
          <ShellDataProvider>
            <BrowserRouter>{children}</BrowserRouter>
          </ShellDataProvider>
        </ToastHost>
      </ThemeProvider>
    </Provider>
  );
}
