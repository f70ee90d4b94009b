import { calibrationFactor, scaleConversions } from './conversionCalibration';
import type { AccountSeries } from './types';

const BOUNDS = { min: 0.05, max: 2 };

describe('calibrationFactor', () => {
  it('divides by the over-attribution ratio', () => {
    expect(calibrationFactor(4, BOUNDS)).toBe(0.25);
    expect(calibrationFactor(0.8, BOUNDS)).toBe(1.25);
  });

  it('keeps the factor within its bounds, and leaves a platform without a ratio as claimed', () => {
    expect(calibrationFactor(100, BOUNDS)).toBe(0.05);
    expect(calibrationFactor(0.1, BOUNDS)).toBe(2);
    expect(calibrationFactor(null, BOUNDS)).toBe(1);
    expect(calibrationFactor(0, BOUNDS)).toBe(1);
    expect(calibrationFactor(Number.NaN, BOUNDS)).toBe(1);
  });
});

describe('scaleConversions', () => {
  const day = (date: string, conversions: number, value: number) => ({
    date,
    spend: 100,
    impressions: 1000,
    clicks: 20,
    conversions,
    value,
  });
  const series: AccountSeries = {
    platform: 'meta',
    accountRef: 'a1',
    currency: 'USD',
    today: '2030-03-02',
    campaigns: [
      {
        id: 'c1',
        name: 'Prospecting',
        status: 'ACTIVE',
        dailyBudget: 5000,
        days: [day('2030-03-01', 8, 400), day('2030-03-02', 4, 200)],
        ads: [{ id: 'ad1', name: 'Ad', status: 'ACTIVE', days: [day('2030-03-01', 8, 400)] }],
      },
    ],
  };

  it('scales conversions and their value on every campaign and ad day, and nothing else', () => {
    const scaled = scaleConversions(series, 0.25);
    expect(scaled.campaigns[0]!.days).toEqual([day('2030-03-01', 2, 100), day('2030-03-02', 1, 50)]);
    expect(scaled.campaigns[0]!.ads[0]!.days).toEqual([day('2030-03-01', 2, 100)]);
    expect(scaled.campaigns[0]!.dailyBudget).toBe(5000);
    // The input is left as it was.
    expect(series.campaigns[0]!.days[0]!.conversions).toBe(8);
  });

  it('returns the series itself with a factor of 1', () => {
    expect(scaleConversions(series, 1)).toBe(series);
  });
});
