import { DEFAULT_RELATIVE_DISPERSION } from './empiricalBayes';
import { type RateDay, steadyRate } from './steadyRate';

/** `n` days of `events` events over 1,000 of exposure each, or `events(i)` on day i. */
const days = (n: number, events: number | ((i: number) => number)): RateDay[] =>
  Array.from({ length: n }, (_, i) => ({
    events: typeof events === 'number' ? events : events(i),
    exposure: 1_000,
  }));

describe('steadyRate', () => {
  it('has nothing to steady with when the weeks before saw no events or the days no exposure', () => {
    expect(steadyRate([], { events: 5, exposure: 1_000 }, 3)).toBeNull();
    expect(steadyRate(days(28, 0), { events: 5, exposure: 1_000 }, 3)).toBeNull();
    expect(steadyRate(days(28, 10), { events: 0, exposure: 0 }, 3)).toBeNull();
  });

  it('pulls a few lucky days of a steady campaign back to its weeks before', () => {
    // Ten events a day for four weeks, then 40 over three days: a third above, on 40 events (±16%).
    const steady = steadyRate(days(28, 10), { events: 40, exposure: 3_000 }, 3)!;
    expect(steady.before).toBeCloseTo(0.01);
    expect(steady.dispersion).toBeLessThan(0.01);
    expect(steady.moved).toBeLessThan(0.5);
    expect(Math.abs(steady.rate - 0.01) / 0.01).toBeLessThan(0.05);
  });

  it('keeps to the days when the rate has jumped far outside the weeks before', () => {
    // Twice the weeks' rate on 60 events: no steady spread of a few percent explains it.
    const jumped = steadyRate(days(28, 10), { events: 60, exposure: 3_000 }, 3)!;
    expect(jumped.moved).toBeGreaterThan(0.9);
    expect(Math.abs(jumped.rate - 0.02) / 0.02).toBeLessThan(0.05);
  });

  it('leans on the days when the campaign moves from week to week, by how much it moves', () => {
    // Weeks alternating at half and one and a half times the mean rate: a spread of about ±50%.
    const restless = steadyRate(
      days(28, (i) => (Math.floor(i / 7) % 2 === 0 ? 5 : 15)),
      { events: 40, exposure: 3_000 },
      7,
    )!;
    expect(restless.dispersion).toBeGreaterThan(0.15);
    const days40 = 40 / 3_000;
    // Most of the way from the weeks' rate to the days' own.
    expect(restless.rate).toBeGreaterThan((0.01 + days40) / 2);
    expect(restless.rate).toBeLessThan(days40);
  });

  it('assumes the default spread when fewer than four blocks hold ten expected events', () => {
    // Three days before, one event a day: no block has evidence enough to measure a spread.
    const thin = steadyRate(days(3, 1), { events: 2, exposure: 1_000 }, 1)!;
    expect(thin.dispersion).toBe(DEFAULT_RELATIVE_DISPERSION);
  });

  it('cuts the weeks into at least four blocks, so a long-running ad still measures the spread', () => {
    // An ad of 30 days against 28 days before: blocks of 7 days, each of 70 events, all alike.
    const long = steadyRate(days(28, 10), { events: 300, exposure: 30_000 }, 30)!;
    expect(long.dispersion).toBeLessThan(DEFAULT_RELATIVE_DISPERSION);
  });
});
