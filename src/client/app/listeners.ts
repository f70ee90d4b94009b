import { createListenerMiddleware, type TypedStartListening } from '@reduxjs/toolkit';
import { addErrorToastListener } from '@client/api/errorToasts';
import { addSessionListeners } from '@client/features/session/session.listeners';
import type { AppDispatch, RootState } from './store';

/** `startListening` typed for this app's state and dispatch. */
export type AppStartListening = TypedStartListening<RootState, AppDispatch>;

/** A fresh listener middleware with every feature's listeners registered (one per store, so tests never share). */
export function createAppListenerMiddleware() {
  const listenerMiddleware = createListenerMiddleware();
  const startAppListening = listenerMiddleware.startListening as AppStartListening;
  addSessionListeners(startAppListening);
  addErrorToastListener(startAppListening);
  return listenerMiddleware;
}
