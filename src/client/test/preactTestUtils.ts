// What `react-dom/test-utils` is when the component tests run on Preact (jest's client-preact
// project): Testing Library wraps renders, events and its waits in it. Two things React's act does
// that Preact's does not, which the tests rely on:
// - it resolves to what the callback returned (renderHook and `await act(async () => ...)` read it);
// - awaited, it ends on a real macrotask (React queues one with Node's own setImmediate), so work
//   waiting on the event loop, msw answering a fetch among it, moves on while waitFor polls a fake
//   clock. Without it a screen on jest's fake clock never saw its first response.
import { setImmediate as realSetImmediate } from 'node:timers';

import { act as preactAct } from 'preact/test-utils';

const nextMacrotask = () => new Promise<void>((resolve) => realSetImmediate(resolve));

export function act<T>(callback: () => T): Promise<Awaited<T>> {
  let result!: T;
  const settled = preactAct(() => {
    result = callback();
    return result as unknown as void | Promise<void>;
  });
  return settled.then(nextMacrotask).then(() => result as Awaited<T>);
}
