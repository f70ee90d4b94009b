import { renderHook } from '@testing-library/react';

import { useLastShown } from './useLastShown';

describe('useLastShown', () => {
  it('gives the value while there is one, and the last one after it goes', () => {
    const { result, rerender } = renderHook(({ value }: { value: string | null }) => useLastShown(value), {
      initialProps: { value: null as string | null },
    });
    expect(result.current).toBeNull();
    rerender({ value: 'first' });
    expect(result.current).toBe('first');
    rerender({ value: 'second' });
    expect(result.current).toBe('second');
    rerender({ value: null });
    expect(result.current).toBe('second');
  });

  it('keeps the object it has when a new one is the same thing', () => {
    const same = (a: { step: string }, b: { step: string }) => a.step === b.step;
    const first = { step: 'otp' };
    const { result, rerender } = renderHook(
      ({ value }: { value: { step: string } | null }) => useLastShown(value, same),
      { initialProps: { value: first as { step: string } | null } },
    );
    rerender({ value: { step: 'otp' } });
    rerender({ value: null });
    expect(result.current).toBe(first);
  });
});
