import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router-dom';
import { SnackbarProvider } from 'notistack';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { NOTIFICATION_ANCHOR, NOTIFICATION_DURATION_MS } from '@shared/constants';
import type { AppStore } from './store';
import { theme } from './theme/theme';

/** Props of AppProviders. */
export interface AppProvidersProps {
  store: AppStore;
  children: ReactNode;
}

/** Store, theme, toasts and router: everything a screen needs around it. */
export function AppProviders({ store, children }: AppProvidersProps) {
  return (
    <Provider store={store}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <SnackbarProvider autoHideDuration={NOTIFICATION_DURATION_MS} anchorOrigin={NOTIFICATION_ANCHOR} preventDuplicate>
          <BrowserRouter>{children}</BrowserRouter>
        </SnackbarProvider>
      </ThemeProvider>
    </Provider>
  );
}
