import { makeStore, type RootState } from '@client/app/store';
import { isAction, type Middleware } from '@reduxjs/toolkit';

/** What the guard throws to stop a request before its query function runs. */
export const READ_ONLY_MESSAGE = 'A replayed screen is read-only: it sends no requests.';

// RTK Query requests: their pending action is dispatched right before the base query runs.
const REQUEST = /^api\/execute(?:Query|Mutation|InfiniteQuery)\/(pending|fulfilled|rejected)$/;
// RTK Query cache writes that do not come from the recorded state (optimistic patches, upserts, resets).
const CACHE_WRITES = new Set([
  'api/queries/queryResultPatched',
  'api/queries/queryResultUpserted',
  'api/queries/cacheEntriesUpserted',
  'api/util/resetApiState',
]);

function isConditionRejection(action: object): boolean {
  const meta = (action as { meta?: { condition?: unknown } }).meta;
  return meta?.condition === true;
}

/**
 * The replay store's first middleware. It lets through only RTK Query's own book-keeping (which
 * query a mounted hook subscribes to), so hooks read the recorded cache; every other action is
 * dropped, and a request is stopped by throwing from its pending action: createAsyncThunk then
 * rejects it without calling the base query, so nothing reaches the network, and the rejection is
 * dropped too, leaving the recorded entry as it was. A cached query's "condition" rejection (no
 * request was needed) goes through: that is how its hook subscribes.
 */
export const readOnlyGuard: Middleware<object, RootState> = () => (next) => (action) => {
  if (!isAction(action)) return next(action);
  const request = REQUEST.exec(action.type);
  if (request) {
    if (request[1] === 'pending') throw new Error(READ_ONLY_MESSAGE);
    if (request[1] === 'rejected' && isConditionRejection(action)) return next(action);
    return action;
  }
  if (action.type.startsWith('api/') && !CACHE_WRITES.has(action.type)) return next(action);
  return action;
};

/** A store holding a recorded state that no action changes and that sends no request. */
export function makeReplayStore(state: unknown) {
  return makeStore(state as Partial<RootState>, { guard: readOnlyGuard });
}
