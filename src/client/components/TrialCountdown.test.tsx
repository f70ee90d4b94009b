import { TRIAL_COUNTDOWN_TICK_MS } from '@shared/constants';
import { DAY_MS } from '@shared/days';
import { act, render, screen } from '@testing-library/react';

import { TRIAL_ENDED_MESSAGE, TrialCountdown } from './TrialCountdown';

const NOW = Date.UTC(2030, 0, 1, 12, 0, 0);

function shown(): string {
  return screen.getByRole('timer', { name: 'Trial time left' }).textContent ?? '';
}

describe('TrialCountdown', () => {
  // The widget ticks every second; fake timers let the test move the clock.
  beforeEach(() => jest.useFakeTimers({ now: NOW }));
  afterEach(() => jest.useRealTimers());

  it('shows days, hours, minutes and seconds, refreshed every second', () => {
    render(<TrialCountdown end={new Date(NOW + 2 * DAY_MS + 3 * 3_600_000 + 4 * 60_000 + 5_000).toISOString()} />);
    expect(shown()).toBe('02Days03Hours04Minutes05Seconds');

    act(() => jest.advanceTimersByTime(TRIAL_COUNTDOWN_TICK_MS));
    expect(shown()).toBe('02Days03Hours04Minutes04Seconds');
    act(() => jest.advanceTimersByTime(5 * TRIAL_COUNTDOWN_TICK_MS));
    expect(shown()).toBe('02Days03Hours03Minutes59Seconds');
  });

  it("switches to 'Your Trial has ended!' when the end arrives", () => {
    render(<TrialCountdown end={NOW + 2_000} />);
    expect(shown()).toContain('02Seconds');
    act(() => jest.advanceTimersByTime(2 * TRIAL_COUNTDOWN_TICK_MS));
    expect(screen.getByText(TRIAL_ENDED_MESSAGE)).toBeInTheDocument();
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
    expect(TRIAL_ENDED_MESSAGE).toBe('Your Trial has ended!');
  });

  it.each([
    ['missing', null],
    ['invalid', 'soon'],
    ['past', new Date(NOW - 1000).toISOString()],
  ])("shows 'Your Trial has ended!' for a %s end", (_name, end) => {
    render(<TrialCountdown end={end} />);
    expect(screen.getByRole('status')).toHaveTextContent(TRIAL_ENDED_MESSAGE);
  });

  it('starts over when the end changes', () => {
    const { rerender } = render(<TrialCountdown end={NOW + 10_000} />);
    rerender(<TrialCountdown end={NOW + DAY_MS} />);
    expect(shown()).toBe('01Days00Hours00Minutes00Seconds');
  });
});
