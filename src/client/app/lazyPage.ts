import { type ComponentType, lazy } from 'react';

/** The loader of every lazily loaded chunk (pages and shell pieces), for preloadPages. */
const pageLoaders: (() => Promise<unknown>)[] = [];

/** A thenable that hands `value` over at once; React.lazy takes any thenable, not only a Promise. */
function settled<T>(value: T): Promise<T> {
  return { then: (onFulfilled: (value: T) => unknown) => onFulfilled(value) } as unknown as Promise<T>;
}

/**
 * A component loaded on first render, from its own chunk; components are named exports. One
 * whose chunk has already been loaded (preloadPages) is handed to React.lazy synchronously, so it
 * renders at once instead of suspending and showing the fallback first.
 */
export function lazyPage<Name extends string, Props extends object = object>(
  load: () => Promise<Record<Name, ComponentType<Props>>>,
  name: Name,
) {
  let page: { default: ComponentType<Props> } | undefined;
  const loadPage = () => load().then((module) => (page = { default: module[name] }));
  pageLoaders.push(loadPage);
  return Object.assign(
    lazy(() => (page ? settled(page) : loadPage())),
    {
      /** Whether its chunk has loaded: it then renders at once, without suspending. */
      isLoaded: () => page !== undefined,
      /** Loads its chunk ahead of the first render. */
      preload: (): Promise<unknown> => (page ? Promise.resolve(page) : loadPage()),
    },
  );
}

/**
 * Loads every lazy chunk ahead of its first use. Tests that render AppRouter await it before
 * their first test, so a route neither loads its module nor suspends while a findBy* query's time
 * limit runs (on a busy machine the loading alone can outlast the limit, and React holds a
 * suspended page back for at least 300 ms once its fallback is shown).
 */
export async function preloadPages(): Promise<void> {
  // A loaded chunk may declare lazy pieces of its own: load until no new ones appear.
  for (let loaded = 0; loaded < pageLoaders.length;) {
    const batch = pageLoaders.slice(loaded);
    loaded = pageLoaders.length;
    await Promise.all(batch.map((load) => load()));
  }
}
