import type { ThunkDispatch, TypedStartListening, UnknownAction } from '@reduxjs/toolkit';

/**
 * `startListening` of the store's listener middleware, typed for the part of the state a listener
 * reads (`AppStartListening<WithSession>` for the session's; none for the error toasts). The
 * whole state is app/'s (store.ts), which api/, session/ and lib/ do not import: app/listeners.ts
 * and store.ts hand the one middleware to each.
 */
export type AppStartListening<State = unknown> = TypedStartListening<
  State,
  ThunkDispatch<State, unknown, UnknownAction>
>;
