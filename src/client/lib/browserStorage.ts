/**
 * A small preference kept in this browser (localStorage). Reading or writing can throw (private
 * mode, a full store, storage switched off): a preference is then simply not remembered, and the
 * app goes on with its default.
 */

/** The stored value under `key`, or null when there is none or storage cannot be read. */
export function readPreference(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Keeps `value` under `key`; when storage refuses, the choice lasts for this page only. */
export function storePreference(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Nothing to do: see above.
  }
}
