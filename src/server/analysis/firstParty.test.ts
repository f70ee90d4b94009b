import { blendedFigures, overAttribution, poissonMeanInterval } from './firstParty';

describe('blendedFigures', () => {
  it('puts all ad spend against the first-party conversions and revenue (by hand: 1,000 spend, 10 conversions, 3,000 revenue)', () => {
    // CPA 1000 / 10 = 100; ROAS and MER 3000 / 1000 = 3.
    expect(blendedFigures({ spend: 1000, conversions: 10, revenue: 3000 })).toEqual({ cpa: 100, roas: 3, mer: 3 });
  });

  it('has no CPA without conversions and no ROAS or MER without spend', () => {
    expect(blendedFigures({ spend: 500, conversions: 0, revenue: 0 })).toEqual({ cpa: null, roas: 0, mer: 0 });
    expect(blendedFigures({ spend: 0, conversions: 4, revenue: 80 })).toEqual({ cpa: 0, roas: null, mer: null });
  });
});

describe('poissonMeanInterval', () => {
  it('is the exact (Garwood) interval: for 10 events at 90%, chi-square tables give 10.851 / 2 and 33.924 / 2', () => {
    const { low, high } = poissonMeanInterval(10, 0.9);
    expect(low).toBeCloseTo(10.851 / 2, 2);
    expect(high).toBeCloseTo(33.924 / 2, 2);
  });

  it('starts at 0 for no events, with the upper end -ln(0.05)', () => {
    const { low, high } = poissonMeanInterval(0, 0.9);
    expect(low).toBe(0);
    expect(high).toBeCloseTo(-Math.log(0.05), 6);
  });

  it('narrows, relative to the count, as the count grows', () => {
    const small = poissonMeanInterval(10, 0.9);
    const large = poissonMeanInterval(1000, 0.9);
    expect((large.high - large.low) / 1000).toBeLessThan((small.high - small.low) / 10);
  });
});

describe('overAttribution', () => {
  // By hand: 10 first-party conversions; Google spent 600 of 1,000 (share 0.6) and claims 9,
  // Meta spent 400 (share 0.4) and claims 8. The 90% interval of the real rate is 5.4254..16.962.
  it('divides the claim by the first-party conversions its share of spend explains, with the interval of that count', () => {
    const google = overAttribution({ claimed: 9, spendShare: 0.6, firstPartyConversions: 10 }, 0.9);
    expect(google.expected).toBeCloseTo(6, 10);
    expect(google.ratio!.mid).toBeCloseTo(1.5, 10);
    expect(google.ratio!.low).toBeCloseTo(9 / (16.962 * 0.6), 2);
    expect(google.ratio!.high!).toBeCloseTo(9 / (5.4254 * 0.6), 2);

    const meta = overAttribution({ claimed: 8, spendShare: 0.4, firstPartyConversions: 10 }, 0.9);
    expect(meta.expected).toBeCloseTo(4, 10);
    expect(meta.ratio!.mid).toBeCloseTo(2, 10);
    expect(meta.ratio!.low).toBeCloseTo(1.179, 2);
    expect(meta.ratio!.high!).toBeCloseTo(3.686, 2);
  });

  it('holds the point estimate inside its interval', () => {
    const { ratio } = overAttribution({ claimed: 37, spendShare: 0.25, firstPartyConversions: 41 }, 0.9);
    expect(ratio!.low).toBeLessThan(ratio!.mid);
    expect(ratio!.mid).toBeLessThan(ratio!.high!);
  });

  it('gives no ratio without first-party conversions or without spend', () => {
    expect(overAttribution({ claimed: 5, spendShare: 0.5, firstPartyConversions: 0 }, 0.9)).toEqual({
      expected: 0,
      ratio: null,
    });
    expect(overAttribution({ claimed: 5, spendShare: 0, firstPartyConversions: 10 }, 0.9)).toEqual({
      expected: 0,
      ratio: null,
    });
  });
});
