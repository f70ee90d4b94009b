import { AppProviders } from '@client/app/AppProviders';
import { type AppStore, makeStore, type RootState } from '@client/app/store';
import type { SessionState } from '@client/session/session.slice';
import { CacheProvider } from '@emotion/react';
import { render, type RenderOptions } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';

import { freshEmotionCache } from './emotionCache';
import { fakeClockInstalled } from './fakeClock';
import { PERSONAL_WORKSPACE_ID } from './workspaces.handlers';

/** Options of renderWithProviders. */
export interface ProvidersOptions extends Omit<RenderOptions, 'wrapper'> {
  /** Where the app starts, e.g. `/dashboard`. */
  route?: string;
  preloadedState?: Partial<RootState>;
  /** An existing store; a fresh one from makeStore otherwise. */
  store?: AppStore;
}

/** Renders `ui` inside the real providers with a real store, at `route`. */
export function renderWithProviders(
  ui: ReactElement,
  { route = '/', preloadedState, store, ...options }: ProvidersOptions = {},
) {
  window.history.replaceState({}, '', route);
  const appStore = store ?? makeStore(preloadedState);
  // Under jest's fake timers user-event's pauses must move the fake clock, or they never end.
  const user = userEvent.setup(fakeClockInstalled() ? { advanceTimers: jest.advanceTimersByTime } : {});
  // Only this render's styles on the page (emotionCache.ts says why).
  const cache = freshEmotionCache();
  const result = render(ui, {
    wrapper: ({ children }) => (
      <CacheProvider value={cache}>
        <AppProviders store={appStore}>{children}</AppProviders>
      </CacheProvider>
    ),
    ...options,
  });
  return { store: appStore, user, ...result };
}

/** A signed-in session for preloaded state: by default the owner, in their personal workspace. */
export function signedInSession(overrides: Partial<SessionState> = {}): SessionState {
  return {
    access: 'access-token-1',
    refresh: 'refresh-token-1',
    fullName: 'Asha Rao',
    username: 'asha@example.com',
    remember: true,
    workspace: { id: PERSONAL_WORKSPACE_ID, role: 'owner' },
    ...overrides,
  };
}
