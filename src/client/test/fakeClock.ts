/**
 * Jest's fake clock for a screen test whose outcome waits on a timer: a redirect delay, a sync
 * poll, a search debounce. Timers and Date are fake, so the test moves time itself
 * (`act(() => jest.advanceTimersByTime(ms))`) and a busy machine can make no delay run out early
 * or late; the microtask and immediate queues stay real, so msw still answers and React still
 * renders. While findBy* and waitFor wait they move the fake clock on by their 50 ms interval,
 * and renderWithProviders sets up user-event to move it too.
 *
 * Install it before rendering, and go back with `jest.useRealTimers()` after the test.
 */
export function installFakeClock(): void {
  jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
}

/** Whether jest's fake timers are installed (the check Testing Library itself makes). */
export function fakeClockInstalled(): boolean {
  return typeof jest !== 'undefined' && Object.prototype.hasOwnProperty.call(setTimeout, 'clock');
}
