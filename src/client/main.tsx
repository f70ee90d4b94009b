import { AppProviders } from '@client/app/AppProviders';
import { AppRouter } from '@client/app/AppRouter';
import { makeStore } from '@client/app/store';
import { selectIsLoggedIn } from '@client/session/session.slice';
import { SESSION_HINT_ATTRIBUTE } from '@shared/prerender';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const store = makeStore();
const app = (hydrating: boolean) => (
  <StrictMode>
    <AppProviders store={store} hydrating={hydrating}>
      <AppRouter />
    </AppProviders>
  </StrictMode>
);

// A prerendered page (scripts/prerender.ts) is what a visitor sees: a visitor's app takes it over
// as it is (hydration), while a signed-in user's, whose page differs, draws its own in its place
// (the session hint kept the prerendered one hidden meanwhile).
if (container.firstElementChild && !selectIsLoggedIn(store.getState())) {
  hydrateRoot(container, app(true));
} else {
  container.replaceChildren();
  createRoot(container).render(app(false));
}
// Shown either way from here: the hint also fires for a stored session the app does not accept
// (unreadable, or from an older version), which is a visitor's page after all.
document.documentElement.removeAttribute(SESSION_HINT_ATTRIBUTE);
