import { combineSlices, configureStore, type Action, type Middleware } from '@reduxjs/toolkit';
import { baseApi } from '@client/api/baseApi';
import { sessionSlice } from '@client/features/session/session.slice';
import { createDiagnosticsRecorder, redact } from './diagnostics';
import { createAppListenerMiddleware } from './listeners';

const rootReducer = combineSlices(baseApi, sessionSlice);

// The DevTools extension sees what a diagnostics file would: no tokens, passwords or addresses.
function sanitizeAction<A extends Action>(action: A): A {
  return redact(action) as A;
}
function sanitizeState<S>(state: S): S {
  return redact(state) as S;
}

/** The whole client state. */
export type RootState = ReturnType<typeof rootReducer>;

/** Options of makeStore; the app's own store takes none. */
export interface StoreOptions {
  /**
   * Runs before every other middleware and may stop an action (the replay page's read-only
   * guard: no action changes its state and no request leaves). Such a store stays out of the
   * Redux DevTools extension.
   */
  guard?: Middleware<object, RootState>;
}

// Lets every action through: what a store without a guard runs first.
const noGuard: Middleware<object, RootState> = () => (next) => (action) => next(action);

/** Builds a store; the app calls it once, every test calls it for a fresh one. */
export function makeStore(preloadedState?: Partial<RootState>, { guard }: StoreOptions = {}) {
  const listenerMiddleware = createAppListenerMiddleware();
  const diagnostics = createDiagnosticsRecorder();
  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware()
        .prepend(guard ?? noGuard, listenerMiddleware.middleware)
        .concat(baseApi.middleware, diagnostics.middleware),
    devTools: guard
      ? false
      : {
          name: 'Adwise',
          actionSanitizer: sanitizeAction,
          stateSanitizer: sanitizeState,
        },
  });
}

/** The store type. */
export type AppStore = ReturnType<typeof makeStore>;
/** The store's dispatch, aware of thunks and listeners. */
export type AppDispatch = AppStore['dispatch'];
