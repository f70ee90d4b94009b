import { spendResponse } from './spendResponse';
import type { DayCounts } from './types';

const TODAY = '2026-03-31';
const date = (age: number) => new Date(Date.parse(`${TODAY}T00:00:00Z`) - age * 86_400_000).toISOString().slice(0, 10);
const WEEKDAY = [0.8, 1.1, 1.1, 1.05, 1, 0.95, 0.9];

/** 84 days whose conversions follow 40 × (spend / 10,000)^elasticity, shaped by the weekday. */
function series(elasticity: number, spendAt: (age: number) => number): DayCounts[] {
  return Array.from({ length: 84 }, (_, i) => 83 - i).map((age) => {
    const spend = spendAt(age);
    const weekday = new Date(`${date(age)}T00:00:00Z`).getUTCDay();
    return { date: date(age), spend, impressions: spend, clicks: spend / 100, conversions: 40 * (spend / 10_000) ** elasticity * WEEKDAY[weekday], value: 0 };
  });
}

describe('spend response', () => {
  it('recovers the elasticity of conversions to spend when budgets moved, net of the weekday', () => {
    const steps = (age: number) => (Math.floor(age / 14) % 2 === 0 ? 10_000 : 18_000);
    const fit = spendResponse(series(0.6, steps), TODAY, [1])!;
    expect(fit.elasticity).toBeCloseTo(0.6, 1);
    expect(fit.standardError).toBeLessThan(0.05);
    expect(fit.days).toBe(84);
  });

  it('says nothing when spend never varied enough to show a curve', () => {
    expect(spendResponse(series(0.6, () => 10_000), TODAY, [1])).toBeNull();
  });

  it('needs four weeks of days with known conversions', () => {
    const short = series(0.6, (age) => (age % 2 ? 10_000 : 20_000)).slice(-20);
    expect(spendResponse(short, TODAY, [1])).toBeNull();
    // Days whose late-conversion share is unknown are left out.
    const unknownLag = [null, null, null, null, null, null, null, 1];
    const recent = series(0.6, (age) => (age % 2 ? 10_000 : 20_000)).slice(-34);
    expect(spendResponse(recent, TODAY, unknownLag)).toBeNull();
  });
});
