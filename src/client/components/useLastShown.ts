import { useState } from 'react';

/**
 * What a closing dialog keeps showing while it fades out: `value` while there is one, else the
 * last one there was (state derived during render, React's sanctioned pattern). `same` says when
 * a new value is only a new object for the same thing.
 */
export function useLastShown<T>(value: T | null | undefined, same: (a: T, b: T) => boolean = Object.is): T | null {
  const [last, setLast] = useState<T | null>(value ?? null);
  if (value !== null && value !== undefined && (last === null || !same(value, last))) setLast(value);
  return value ?? last;
}
