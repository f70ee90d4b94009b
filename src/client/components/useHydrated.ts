import { useEffect, useState } from 'react';

/**
 * False in the prerendered page and on the render that hydrates it, true once the app has taken
 * the page over. A form's submit button waits for it: clicked before hydration, a prerendered
 * form would submit itself natively, putting what was typed (a password too) into the address.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
