import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from '@client/app/AppProviders';
import { AppRouter } from '@client/app/AppRouter';
import { makeStore } from '@client/app/store';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <AppProviders store={makeStore()}>
      <AppRouter />
    </AppProviders>
  </StrictMode>,
);
