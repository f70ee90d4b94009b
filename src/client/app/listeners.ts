import { addSessionListeners } from '@client/features/session/session.listeners';
import { createListenerMiddleware, type TypedStartListening } from '@reduxjs/toolkit';

import type { AppDispatch, RootState } from './store';

/** `startListening` typed for this app's state and dispatch. */
export type AppStartListening = TypedStartListening<RootState, AppDispatch>;

/**
 * A fresh listener middleware with the session's listeners registered (one per store, so tests
 * never share); the error toasts join when the API loads (apiRegistry.ts, store.ts).
 */
export function createAppListenerMiddleware() {
  const listenerMiddleware = createListenerMiddleware();
  const startAppListening = listenerMiddleware.startListening as AppStartListening;
  addSessionListeners(startAppListening);
  return listenerMiddleware;
}
