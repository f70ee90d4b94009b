import { act, render, screen } from '@testing-library/react';

import { useNow } from './useNow';

function Clock({ everyMs }: { everyMs: number }) {
  return <p>{useNow(everyMs)}</p>;
}

describe('useNow', () => {
  beforeEach(() => {
    jest.useFakeTimers({ now: new Date('2026-11-30T00:00:00Z') });
  });
  afterEach(() => jest.useRealTimers());

  it('renews the time every interval, and not in between', () => {
    const start = Date.parse('2026-11-30T00:00:00Z');
    render(<Clock everyMs={1_000} />);
    expect(screen.getByText(String(start))).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(999));
    expect(screen.getByText(String(start))).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.getByText(String(start + 1_000))).toBeInTheDocument();
  });

  it('stops its timer when the component goes', () => {
    const { unmount } = render(<Clock everyMs={1_000} />);
    unmount();
    expect(jest.getTimerCount()).toBe(0);
  });
});
