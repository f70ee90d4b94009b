import { syncStatusBody } from '@client/test/handlers';
import type { SyncStatus } from '@shared/api/dashboard';
import { createActor, fromPromise } from 'xstate';

import {
  DATA_REFRESHED_MESSAGE,
  platformFailureNotices,
  REFRESH_FAILED_MESSAGE,
  refreshMachine,
  type RefreshNotice,
  SYNC_POLL_MS,
  SYNC_POLL_TIMEOUT_MS,
} from './refresh.machine';

const RUNNING = syncStatusBody({ running: true }, [
  { platform: 'meta', status: 'running', progress: { done: 1, total: 6 } },
]);
const DONE = syncStatusBody({ running: false }, [{ platform: 'meta' }, { platform: 'google' }]);

interface Calls {
  startSync?: () => Promise<SyncStatus>;
  getSyncStatus?: () => Promise<SyncStatus>;
  reload?: () => Promise<unknown>;
}

function setup(calls: Calls = {}) {
  const startSync = jest.fn(calls.startSync ?? (() => Promise.resolve(RUNNING)));
  const getSyncStatus = jest.fn(calls.getSyncStatus ?? (() => Promise.resolve(DONE)));
  const reload = jest.fn(calls.reload ?? (() => Promise.resolve()));
  const notices: RefreshNotice[] = [];
  const startFailures: RefreshNotice[] = [];
  const actor = createActor(
    refreshMachine.provide({
      actors: {
        startSync: fromPromise(() => startSync()),
        getSyncStatus: fromPromise(() => getSyncStatus()),
        reload: fromPromise(async () => {
          await reload();
        }),
      },
      actions: {
        notify: (_, notice) => notices.push(notice),
        notifyStartFailed: (_, notice) => startFailures.push(notice),
      },
    }),
  );
  actor.start();
  const state = () => actor.getSnapshot().value;
  return { actor, state, startSync, getSyncStatus, reload, notices, startFailures };
}

/** Lets the provided promises settle (fake timers do not hold back microtasks). */
async function settle() {
  for (let i = 0; i < 5; i += 1) await Promise.resolve();
}

describe('refreshMachine', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('starts a sync, polls every 1.5 s until nothing runs, reloads, then says Data refreshed', async () => {
    let polls = 0;
    const flow = setup({ getSyncStatus: () => Promise.resolve((polls += 1) < 3 ? RUNNING : DONE) });
    expect(flow.state()).toBe('idle');

    flow.actor.send({ type: 'REFRESH' });
    expect(flow.state()).toBe('starting');
    await settle();
    expect(flow.state()).toEqual({ polling: 'waiting' });
    expect(flow.actor.getSnapshot().context.status).toEqual(RUNNING);

    // Nothing is asked before the interval is up.
    jest.advanceTimersByTime(SYNC_POLL_MS - 1);
    expect(flow.getSyncStatus).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(flow.getSyncStatus).toHaveBeenCalledTimes(1);
    await settle();
    expect(flow.state()).toEqual({ polling: 'waiting' });

    jest.advanceTimersByTime(SYNC_POLL_MS);
    await settle();
    expect(flow.getSyncStatus).toHaveBeenCalledTimes(2);
    jest.advanceTimersByTime(SYNC_POLL_MS);
    await settle();
    expect(flow.getSyncStatus).toHaveBeenCalledTimes(3);

    expect(flow.reload).toHaveBeenCalledTimes(1);
    await settle();
    expect(flow.state()).toBe('idle');
    expect(flow.notices).toEqual([{ message: DATA_REFRESHED_MESSAGE, variant: 'success' }]);
    expect(flow.startFailures).toEqual([]);

    // The timeout died with the polling state.
    jest.advanceTimersByTime(SYNC_POLL_TIMEOUT_MS);
    expect(flow.notices).toHaveLength(1);
  });

  it('ignores Refresh while a refresh is under way', async () => {
    const flow = setup();
    flow.actor.send({ type: 'REFRESH' });
    flow.actor.send({ type: 'REFRESH' });
    await settle();
    flow.actor.send({ type: 'REFRESH' });
    expect(flow.startSync).toHaveBeenCalledTimes(1);
  });

  it('reloads at once when the sync has nothing to run', async () => {
    const flow = setup({ startSync: () => Promise.resolve(DONE) });
    flow.actor.send({ type: 'REFRESH' });
    await settle();
    expect(flow.getSyncStatus).not.toHaveBeenCalled();
    expect(flow.reload).toHaveBeenCalledTimes(1);
    await settle();
    expect(flow.state()).toBe('idle');
    expect(flow.notices.map((notice) => notice.message)).toEqual([DATA_REFRESHED_MESSAGE]);
  });

  it('toasts one ❌ per failing platform with the server detail, then Data refreshed', async () => {
    const final = syncStatusBody({ running: false }, [
      { platform: 'google', status: 'failed', last_error: 'Google Ads answered 500: internal error' },
      // A second Google connection failing too: still one toast for the platform.
      { platform: 'google', status: 'retrying', last_error: 'rate limited, retrying in 7 s' },
      { platform: 'meta', status: 'idle' },
    ]);
    const flow = setup({ getSyncStatus: () => Promise.resolve(final) });
    flow.actor.send({ type: 'REFRESH' });
    await settle();
    jest.advanceTimersByTime(SYNC_POLL_MS);
    await settle();
    await settle();

    expect(flow.state()).toBe('idle');
    expect(flow.notices).toEqual([
      { message: '❌ Google Ads answered 500: internal error', variant: 'error' },
      { message: DATA_REFRESHED_MESSAGE, variant: 'success' },
    ]);
  });

  it('on a failed start reports Refresh failed, preferring the server detail, and goes back to idle', async () => {
    const flow = setup({ startSync: () => Promise.reject({ status: 500, data: 'Internal Server Error' }) });
    flow.actor.send({ type: 'REFRESH' });
    await settle();
    expect(flow.state()).toBe('idle');
    expect(flow.startFailures).toEqual([{ message: REFRESH_FAILED_MESSAGE, variant: 'error' }]);
    expect(flow.reload).not.toHaveBeenCalled();
    expect(flow.notices).toEqual([]);

    flow.startSync.mockImplementation(() =>
      Promise.reject({ status: 409, data: { detail: 'A sync is already running.' } }),
    );
    flow.actor.send({ type: 'REFRESH' });
    await settle();
    expect(flow.startFailures[1]).toEqual({ message: 'A sync is already running.', variant: 'error' });
  });

  it('keeps polling through a failed poll', async () => {
    const flow = setup();
    flow.getSyncStatus.mockImplementationOnce(() => Promise.reject({ status: 503, data: {} }));
    flow.actor.send({ type: 'REFRESH' });
    await settle();
    jest.advanceTimersByTime(SYNC_POLL_MS);
    await settle();
    expect(flow.state()).toEqual({ polling: 'waiting' });
    jest.advanceTimersByTime(SYNC_POLL_MS);
    await settle();
    await settle();
    expect(flow.state()).toBe('idle');
    expect(flow.notices.map((notice) => notice.message)).toEqual([DATA_REFRESHED_MESSAGE]);
  });

  it('gives up after 90 s of a sync that keeps running: Refresh failed, then shows what synced so far', async () => {
    const flow = setup({ getSyncStatus: () => Promise.resolve(RUNNING) });
    flow.actor.send({ type: 'REFRESH' });
    await settle();

    for (let waited = 0; waited < SYNC_POLL_TIMEOUT_MS - SYNC_POLL_MS; waited += SYNC_POLL_MS) {
      jest.advanceTimersByTime(SYNC_POLL_MS);
      await settle();
    }
    expect(flow.state()).toMatchObject({ polling: expect.any(String) });
    expect(flow.notices).toEqual([]);

    jest.advanceTimersByTime(SYNC_POLL_MS);
    await settle();
    expect(flow.notices).toEqual([{ message: REFRESH_FAILED_MESSAGE, variant: 'error' }]);
    expect(flow.getSyncStatus.mock.calls.length).toBe(SYNC_POLL_TIMEOUT_MS / SYNC_POLL_MS - 1);
    expect(flow.reload).toHaveBeenCalledTimes(1);
    await settle();
    expect(flow.state()).toBe('idle');
    // No 'Data refreshed' for a sync that never finished.
    expect(flow.notices).toHaveLength(1);

    const polls = flow.getSyncStatus.mock.calls.length;
    jest.advanceTimersByTime(SYNC_POLL_MS * 10);
    expect(flow.getSyncStatus).toHaveBeenCalledTimes(polls);
  });

  it('stops polling and says nothing once stopped (the page left)', async () => {
    const flow = setup({ getSyncStatus: () => Promise.resolve(RUNNING) });
    flow.actor.send({ type: 'REFRESH' });
    await settle();
    jest.advanceTimersByTime(SYNC_POLL_MS);
    await settle();
    expect(flow.getSyncStatus).toHaveBeenCalledTimes(1);

    flow.actor.stop();
    jest.advanceTimersByTime(SYNC_POLL_TIMEOUT_MS * 2);
    await settle();
    expect(flow.getSyncStatus).toHaveBeenCalledTimes(1);
    expect(flow.reload).not.toHaveBeenCalled();
    expect(flow.notices).toEqual([]);
  });

  it('aborts a poll in flight when stopped', async () => {
    let aborted = false;
    const actor = createActor(
      refreshMachine.provide({
        actors: {
          startSync: fromPromise(() => Promise.resolve(RUNNING)),
          getSyncStatus: fromPromise(({ signal }) => {
            signal.addEventListener('abort', () => {
              aborted = true;
            });
            return new Promise<SyncStatus>(() => undefined);
          }),
        },
      }),
    ).start();
    actor.send({ type: 'REFRESH' });
    await settle();
    jest.advanceTimersByTime(SYNC_POLL_MS);
    expect(actor.getSnapshot().value).toEqual({ polling: 'checking' });
    actor.stop();
    expect(aborted).toBe(true);
  });
});

describe('platformFailureNotices', () => {
  it('names each failing platform once, with its fallback when the server gave no reason', () => {
    const status = syncStatusBody({}, [
      { platform: 'tiktok', status: 'needs_reconnect', last_error: null },
      { platform: 'x', status: 'retrying', last_error: '  ' },
      { platform: 'linkedin', status: 'running' },
      { platform: 'meta', status: 'failed', last_error: null },
      { platform: 'meta', status: 'failed', last_error: 'Meta: token expired' },
    ]);
    expect(platformFailureNotices(status).map((notice) => notice.message)).toEqual([
      '❌ TikTok Ads API failed',
      '❌ X (Twitter) Ads API failed',
      '❌ Meta: token expired',
    ]);
    expect(platformFailureNotices(null)).toEqual([]);
  });
});
