import { chanceOfWorking, measureOutcome } from './outcome';
import type { DayCounts } from './types';

const day = (date: string, spend: number, conversions: number): DayCounts => ({
  date,
  spend,
  impressions: spend * 10,
  clicks: spend,
  conversions,
  value: 0,
});
const days = (from: string, count: number, spend: number, conversions: number) =>
  Array.from({ length: count }, (_, i) =>
    day(new Date(Date.parse(`${from}T00:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10), spend, conversions),
  );

const COMPLETE = [1];

describe('measureOutcome', () => {
  const before = days('2026-01-01', 28, 1000, 20);

  it('calls a clear rise in conversions for the same spend a success, per week', () => {
    const outcome = measureOutcome(before, days('2026-01-29', 7, 1000, 30), '2026-01-29', '2026-02-04', COMPLETE)!;
    expect(outcome.observed.mid).toBeCloseTo(70, 5);
    expect(outcome.observed.low).toBeGreaterThan(0);
    expect(outcome.verdict).toBe('worked');
  });

  it('calls a clear fall a backfire, and no change no clear effect', () => {
    expect(measureOutcome(before, days('2026-01-29', 7, 1000, 10), '2026-01-29', '2026-02-04', COMPLETE)!.verdict).toBe(
      'backfired',
    );
    expect(measureOutcome(before, days('2026-01-29', 7, 1000, 21), '2026-01-29', '2026-02-04', COMPLETE)!.verdict).toBe(
      'no_clear_effect',
    );
  });

  it('judges recent days against the share of their conversions known so far', () => {
    // Half of today's conversions are in: 10 reported against 1000 spend is the old rate, not a fall.
    const after = [...days('2026-01-29', 6, 1000, 20), day('2026-02-04', 1000, 10)];
    const outcome = measureOutcome(before, after, '2026-01-29', '2026-02-04', [0.5, 1])!;
    expect(Math.abs(outcome.observed.mid)).toBeLessThan(1e-9);
  });

  it('has nothing to say without a baseline', () => {
    expect(measureOutcome([], days('2026-01-29', 7, 1000, 30), '2026-01-29', '2026-02-04', COMPLETE)).toBeNull();
  });
});

describe('chanceOfWorking', () => {
  it('starts at even odds and follows the record', () => {
    expect(chanceOfWorking(0, 0).mid).toBeCloseTo(0.5);
    const record = chanceOfWorking(8, 10);
    expect(record.mid).toBeCloseTo(0.75);
    expect(record.low).toBeLessThan(record.mid);
    expect(record.high).toBeGreaterThan(record.mid);
  });
});
