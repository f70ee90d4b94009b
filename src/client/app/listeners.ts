import type { AppStartListening } from '@client/lib/listeners';
import { addSessionListeners } from '@client/session/session.listeners';
import { createListenerMiddleware } from '@reduxjs/toolkit';

import type { RootState } from './store';

/**
 * A fresh listener middleware with the session's listeners registered (one per store, so tests
 * never share); the error toasts join when the API loads (apiRegistry.ts, store.ts).
 */
export function createAppListenerMiddleware() {
  const listenerMiddleware = createListenerMiddleware();
  const startAppListening = listenerMiddleware.startListening as AppStartListening<RootState>;
  addSessionListeners(startAppListening);
  return listenerMiddleware;
}
