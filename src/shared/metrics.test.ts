import { derive, roundTo } from './metrics';

const sums = { spend: 0, impressions: 0, clicks: 0, conversions: 0, value: 0 };

describe('derive', () => {
  it('derives CTR, CPC, CPA, ROAS and CVR rounded to 2 decimals', () => {
    expect(derive({ spend: 123.456, impressions: 3000, clicks: 47, conversions: 3, value: 400 })).toEqual({
      ctr: 1.57, // 47 / 3000 = 1.5666…%
      cpc: 2.63, // 123.456 / 47 = 2.6267…
      cpa: 41.15, // 123.456 / 3 = 41.152
      roas: 3.24, // 400 / 123.456 = 3.2400…
      cvr: 6.38, // 3 / 47 = 6.3829…%
    });
  });

  it('gives 0 for CTR, CPC and ROAS and null for CPA and CVR when the denominator is 0', () => {
    expect(derive(sums)).toEqual({ ctr: 0, cpc: 0, cpa: null, roas: 0, cvr: null });
    expect(derive({ ...sums, spend: 10, impressions: 100 })).toEqual({ ctr: 0, cpc: 0, cpa: null, roas: 0, cvr: null });
  });

  it('keeps fractional conversions (platform models) in CPA and CVR', () => {
    expect(derive({ spend: 10, impressions: 1000, clicks: 4, conversions: 0.5, value: 0 })).toMatchObject({
      cpa: 20,
      cvr: 12.5,
      roas: 0,
    });
  });

  it('rounds as the dashboard always has (Math.round of the scaled value)', () => {
    expect(derive({ ...sums, impressions: 8, clicks: 1 }).ctr).toBe(12.5);
    expect(derive({ ...sums, impressions: 3, clicks: 2 }).ctr).toBe(66.67);
    expect(derive({ ...sums, spend: 0.125, clicks: 1 }).cpc).toBe(0.13);
    expect(roundTo(1234.5678, 0)).toBe(1235);
    expect(roundTo(1234.5678, 3)).toBe(1234.568);
  });
});
