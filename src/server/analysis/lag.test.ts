import { estimateLagProfile, knownShare, LAG_HORIZON_DAYS, type LagObservation } from './lag';

describe('late-conversion lag from restatements', () => {
  const truth = [0.5, 0.7, 0.82, 0.9, 0.95, 0.98, 0.99, 1];

  /** What daily syncs that re-read the last 8 days see of days with `final` conversions each. */
  function observe(final: number, days: number): LagObservation[] {
    const observations: LagObservation[] = [];
    for (let d = 0; d < days; d += 1) {
      const date = new Date(Date.UTC(2026, 0, 1 + d)).toISOString().slice(0, 10);
      for (let age = 0; age <= LAG_HORIZON_DAYS; age += 1)
        observations.push({ date, age, conversions: Math.round(final * truth[age]) });
    }
    return observations;
  }

  it('recovers the share known at each age from days seen young and mature', () => {
    const profile = estimateLagProfile(observe(40, 30));
    expect(profile).toHaveLength(LAG_HORIZON_DAYS + 1);
    profile.forEach((share, age) => expect(share).toBeCloseTo(truth[age], 1));
    expect(knownShare(profile, 0)).toBeCloseTo(0.5, 1);
    expect(knownShare(profile, 30)).toBe(1);
  });

  it('does not guess: ages without enough conversions behind them are unknown (null)', () => {
    const profile = estimateLagProfile(observe(1, 5));
    expect(profile.slice(0, LAG_HORIZON_DAYS).every((share) => share === null)).toBe(true);
    expect(profile[LAG_HORIZON_DAYS]).toBe(1);
    expect(estimateLagProfile([])[0]).toBeNull();
  });

  it('never lets the share fall with age', () => {
    const noisy: LagObservation[] = [];
    for (let d = 0; d < 20; d += 1) {
      const date = new Date(Date.UTC(2026, 0, 1 + d)).toISOString().slice(0, 10);
      noisy.push(
        { date, age: 1, conversions: 80 },
        { date, age: 2, conversions: 70 },
        { date, age: 7, conversions: 100 },
      );
    }
    const profile = estimateLagProfile(noisy);
    expect(profile[1]).toBeCloseTo(0.8, 6);
    expect(profile[2]).toBeCloseTo(0.8, 6);
  });
});
