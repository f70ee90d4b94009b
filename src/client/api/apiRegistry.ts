import type { AppStartListening } from '@client/lib/listeners';

import type { baseApi } from './baseApi';

/** The one RTK Query API's type. */
export type BaseApi = typeof baseApi;

/** Where the API keeps its cache in the store (state.api). */
export const API_REDUCER_PATH = 'api';

// RTK Query is not in a visitor's first load: baseApi.ts (and every endpoint module that imports
// it) sits in the lazy chunks that talk to the server, and registers the API here as it loads.
// The store (store.ts) then adds the API's reducer and middleware; code that must touch the
// cache from the first load (the session listeners) asks for it here, and finds none when
// nothing has loaded it, which also means nothing is cached.

/** What the API brings into a store: its reducer and middleware, and listeners on its actions. */
export interface LoadedApi {
  api: BaseApi;
  /** Registers the listeners that only the API's actions wake (the error toasts). */
  addListeners: (startAppListening: AppStartListening) => void;
}

let loaded: LoadedApi | null = null;
const waiting = new Set<(loaded: LoadedApi) => void>();

/** Called by baseApi.ts once, as it is created. */
export function registerApi(api: BaseApi, addListeners: LoadedApi['addListeners']): void {
  loaded = { api, addListeners };
  for (const callback of waiting) callback(loaded);
  waiting.clear();
}

/** The API when some chunk has loaded it; null before. */
export function loadedApi(): BaseApi | null {
  return loaded?.api ?? null;
}

/** Runs `callback` with the API: at once when it has loaded, else as it loads. */
export function whenApiLoaded(callback: (loaded: LoadedApi) => void): void {
  if (loaded) callback(loaded);
  else waiting.add(callback);
}
