import { type BaseApi, whenApiLoaded } from '@client/api/apiRegistry';
import type { AppStartListening } from '@client/lib/listeners';
import { sessionSlice } from '@client/session/session.slice';
import {
  type Action,
  combineSlices,
  configureStore,
  createAction,
  createDynamicMiddleware,
  type Middleware,
  type Reducer,
  type UnknownAction,
  type WithSlice,
} from '@reduxjs/toolkit';

import { createDiagnosticsRecorder, redact } from './diagnostics';
import { provideAppErrorFallbacks } from './errorFallbacks';
import { createAppListenerMiddleware } from './listeners';

// The error toasts read every feature's fallback texts from here on (the API may load at any time).
provideAppErrorFallbacks();

// The API's cache (state.api) joins when RTK Query loads (see apiRegistry.ts): a visitor's first load has no RTK Query.
const rootReducer = combineSlices(sessionSlice).withLazyLoadedSlices<WithSlice<BaseApi>>();

/** Dispatched to a store made before the API loaded, once it has its reducer: the cache starts empty. */
const apiAttached = createAction('app/apiAttached');

// The DevTools extension sees what a diagnostics file would: no tokens, passwords or addresses.
function sanitizeAction<A extends Action>(action: A): A {
  return redact(action) as A;
}
function sanitizeState<S>(state: S): S {
  return redact(state) as S;
}

/**
 * The whole client state. The API's cache is typed as always there: only code that imports the
 * API (which loads it, and so adds its reducer) reads it.
 */
export type RootState = WithSlice<typeof sessionSlice> & WithSlice<BaseApi>;

/** The root reducer, typed with RootState's promise. */
const appReducer = rootReducer as unknown as Reducer<RootState, UnknownAction, Partial<RootState>>;

/** How slow (ms) a development-only state check may be before it warns (RTK's default is 32). */
const INVARIANT_WARN_MS = 500;

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
  const apiMiddleware = createDynamicMiddleware();
  let store: ReturnType<typeof configure> | undefined;
  // A store made after the API loaded starts with it (and with any cache it is given); one made
  // before gets it as it loads.
  whenApiLoaded(({ api, addListeners }) => {
    rootReducer.inject(api);
    apiMiddleware.addMiddleware(api.middleware);
    addListeners(listenerMiddleware.startListening as AppStartListening);
    store?.dispatch(apiAttached());
  });
  const configure = () =>
    configureStore({
      reducer: appReducer,
      preloadedState,
      middleware: (getDefaultMiddleware) =>
        // The development checks warn when a check is slow; on a loaded test machine they are, and
        // tests that assert a silent console would fail on the machine's load, not the code.
        getDefaultMiddleware({
          immutableCheck: { warnAfter: INVARIANT_WARN_MS },
          serializableCheck: { warnAfter: INVARIANT_WARN_MS },
        })
          .prepend(guard ?? noGuard, listenerMiddleware.middleware)
          .concat(apiMiddleware.middleware, diagnostics.middleware),
      devTools: guard
        ? false
        : {
            name: 'Adwise',
            actionSanitizer: sanitizeAction,
            stateSanitizer: sanitizeState,
          },
    });
  store = configure();
  return store;
}

/** The store type. */
export type AppStore = ReturnType<typeof makeStore>;
/** The store's dispatch, aware of thunks and listeners. */
export type AppDispatch = AppStore['dispatch'];
