import {
  comparedWith,
  entityName,
  formatChartDay,
  formatChartTick,
  formatConfidence,
  formatConversionsPerWeek,
  formatEvidenceProbability,
  formatImpactTotal,
  formatInterval,
  formatMinorMoney,
  formatOverlap,
  formatSpendPerWeek,
  formatSureness,
  formatTypeRecord,
} from './suggestionFormat';

describe('suggestionFormat', () => {
  it('says what the confidence is the probability of, rounded and never certain', () => {
    expect(formatConfidence(0.917, 'pause_ad')).toBe('About 92% sure this ad converts worse than its peers');
    expect(formatConfidence(0.9999, 'pause_ad')).toBe('At least 99% sure this ad converts worse than its peers');
    expect(formatConfidence(0.99, 'boost_creative')).toBe('At least 99% sure this ad converts better than its peers');
    expect(formatConfidence(0.995, 'scale_campaign')).toBe('At least 99% sure this campaign’s next conversion costs less than the other campaigns’');
    expect(formatConfidence(0.993, 'move_budget')).toBe('At least 99% sure this campaign’s next conversion costs more than in the campaign the budget goes to');
    expect(formatConfidence(0.991, 'day_of_week')).toBe('At least 99% sure the days named are worse than the other days');
    expect(formatConfidence(0.999, 'test_cta')).toBe('At least 99% sure people click this ad less than its peers');
    expect(formatConfidence(0.999, 'creative_fatigue')).toBe('At least 99% sure this ad’s click-through has fallen from when it was fresh');
    expect(formatConfidence(0.7, 'pace_budget')).toBe('About 70% sure this budget ends the month outside its target band');
    expect(formatConfidence(0.996, 'reduce_budget')).toBe('At least 99% sure this campaign is worse than the other campaigns');
  });

  it('never states a probability as certain either way', () => {
    expect(formatSureness(1)).toBe('at least 99%');
    expect(formatSureness(0.99)).toBe('at least 99%');
    // Just under the cap rounds down to stay under it.
    expect(formatSureness(0.989)).toBe('98%');
    expect(formatSureness(0.5)).toBe('50%');
    expect(formatSureness(0.012)).toBe('2%');
    expect(formatSureness(0.01)).toBe('at most 1%');
    expect(formatSureness(0)).toBe('at most 1%');
  });

  it('says chances of the evidence as whole percentages', () => {
    expect(formatEvidenceProbability(0.974, 'pause_ad')).toBe('97% likely worse than its peers');
    expect(formatEvidenceProbability(0.8, 'scale_campaign')).toBe('80% likely better than the other campaigns');
  });

  it('names what each type’s evidence sets the entity against', () => {
    expect(comparedWith('pause_ad')).toBe('peers');
    expect(comparedWith('move_budget')).toBe('the campaign it goes to');
    expect(formatEvidenceProbability(0.995, 'move_budget')).toBe('at least 99% likely worse than the campaign it goes to');
    expect(formatEvidenceProbability(0.99, 'creative_fatigue')).toBe('at least 99% likely worse than when fresh');
    expect(formatEvidenceProbability(0.985, 'day_of_week')).toBe('98% likely worse than the other days');
    // A budget pacing off its band is set against its band, and named as a budget.
    expect(comparedWith('pace_budget')).toBe('target band');
    expect(entityName('pace_budget')).toBe('This budget');
    expect(formatEvidenceProbability(0.93, 'pace_budget')).toBe('93% likely to end the month outside its target band');
  });

  it('gives conversions a week with a sign and their interval', () => {
    expect(formatConversionsPerWeek({ mid: 3.1, low: 1.2, high: 5 })).toBe('+3.1 conversions a week (1.2 to 5.0)');
    expect(formatConversionsPerWeek({ mid: -2, low: -3.5, high: -0.4 })).toBe('-2.0 conversions a week (-3.5 to -0.4)');
    expect(formatConversionsPerWeek({ mid: 0, low: -1, high: 1 })).toBe('0.0 conversions a week (-1.0 to 1.0)');
  });

  it('adds up suggestions and says which overlap', () => {
    expect(formatImpactTotal({ count: 3, conversionsPerWeek: { mid: 10.14, low: 3.7, high: 16.5 } })).toBe('3 suggestions · +10.1 conversions a week (3.7 to 16.5)');
    expect(formatImpactTotal({ count: 1, conversionsPerWeek: { mid: 1, low: 0, high: 2 } })).toBe('1 suggestion · +1.0 conversions a week (0.0 to 2.0)');
    expect(formatOverlap(1)).toBe('1 suggestion sets a budget another one also sets: only the one expected to bring more is counted.');
    expect(formatOverlap(2)).toBe('2 suggestions set a budget another one also sets: only the one expected to bring more is counted.');
  });

  it('formats money from minor units in the account currency', () => {
    expect(formatMinorMoney(123456, 'INR')).toBe('₹1,234.56');
    expect(formatMinorMoney(12345600, 'INR')).toBe('₹1,23,456.00');
    expect(formatMinorMoney(1235, 'JPY')).toBe('¥1,235');
    expect(formatMinorMoney(1500, 'USD', true)).toBe('+$15.00');
    expect(formatMinorMoney(-1500, 'USD', true)).toBe('-$15.00');
  });

  it('gives the spend change a week, or nothing when spend stays', () => {
    expect(formatSpendPerWeek({ mid: 700000, low: 500000, high: 900000 }, 'INR')).toBe('Spend +₹7,000.00 a week (₹5,000.00 to ₹9,000.00)');
    expect(formatSpendPerWeek({ mid: 0, low: -100, high: 100 }, 'USD')).toBeNull();
  });

  it('names the entity and formats evidence figures', () => {
    expect(entityName('creative_fatigue')).toBe('This ad');
    expect(entityName('move_budget')).toBe('This campaign');
    expect(formatInterval({ mid: 0.8, low: 0.456, high: 1.1 })).toBe('0.8 (0.46 to 1.1)');
  });

  it('writes a line of the ranking', () => {
    expect(formatTypeRecord({ type: 'pause_ad', measured: 7, worked: 5, chance: { mid: 0.71, low: 0.45, high: 0.9 } })).toBe(
      'Pause a losing ad: worked 5 of 7 (chance 71%, 45–90%)',
    );
  });

  it('reads chart days as calendar days', () => {
    expect(formatChartDay('2030-01-07')).toBe('7 Jan 2030');
    expect(formatChartTick('2030-01-07')).toBe('7 Jan');
  });
});
