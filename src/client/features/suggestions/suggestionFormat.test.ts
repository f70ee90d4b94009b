import {
  comparedWith,
  entityName,
  formatChartDay,
  formatChartTick,
  formatConversionsPerWeek,
  formatEvidenceProbability,
  formatImpactTotal,
  formatInterval,
  formatMinorMoney,
  formatOverlap,
  formatSpendPerWeek,
  formatTypeRecord,
} from './suggestionFormat';

describe('suggestionFormat', () => {
  it('says chances of the evidence as whole percentages', () => {
    expect(formatEvidenceProbability(0.974, 'pause_ad')).toBe('97% likely worse than its peers');
    expect(formatEvidenceProbability(0.8, 'scale_campaign')).toBe('80% likely better than the other campaigns');
  });

  it('names what each type’s evidence sets the entity against', () => {
    expect(comparedWith('pause_ad')).toBe('peers');
    expect(comparedWith('move_budget')).toBe('the campaign it goes to');
    expect(formatEvidenceProbability(0.995, 'move_budget')).toBe(
      'at least 99% likely worse than the campaign it goes to',
    );
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
    expect(formatImpactTotal({ count: 3, conversionsPerWeek: { mid: 10.14, low: 3.7, high: 16.5 } })).toBe(
      '3 suggestions · +10.1 conversions a week (3.7 to 16.5)',
    );
    expect(formatImpactTotal({ count: 1, conversionsPerWeek: { mid: 1, low: 0, high: 2 } })).toBe(
      '1 suggestion · +1.0 conversions a week (0.0 to 2.0)',
    );
    expect(formatOverlap(1)).toBe(
      '1 suggestion sets a budget another one also sets: only the one expected to bring more is counted.',
    );
    expect(formatOverlap(2)).toBe(
      '2 suggestions set a budget another one also sets: only the one expected to bring more is counted.',
    );
  });

  it('formats money from minor units in the account currency', () => {
    expect(formatMinorMoney(123456, 'INR')).toBe('₹1,234.56');
    expect(formatMinorMoney(12345600, 'INR')).toBe('₹1,23,456.00');
    expect(formatMinorMoney(1235, 'JPY')).toBe('¥1,235');
    expect(formatMinorMoney(1500, 'USD', true)).toBe('+$15.00');
    expect(formatMinorMoney(-1500, 'USD', true)).toBe('-$15.00');
  });

  it('gives the spend change a week, or nothing when spend stays', () => {
    expect(formatSpendPerWeek({ mid: 700000, low: 500000, high: 900000 }, 'INR')).toBe(
      'Spend +₹7,000.00 a week (₹5,000.00 to ₹9,000.00)',
    );
    expect(formatSpendPerWeek({ mid: 0, low: -100, high: 100 }, 'USD')).toBeNull();
  });

  it('names the entity and formats evidence figures', () => {
    expect(entityName('creative_fatigue')).toBe('This ad');
    expect(entityName('move_budget')).toBe('This campaign');
    expect(formatInterval({ mid: 0.8, low: 0.456, high: 1.1 })).toBe('0.8 (0.46 to 1.1)');
  });

  it('writes a line of the ranking', () => {
    expect(
      formatTypeRecord({ type: 'pause_ad', measured: 7, worked: 5, chance: { mid: 0.71, low: 0.45, high: 0.9 } }),
    ).toBe('Pause a losing ad: worked 5 of 7 (chance 71%, 45–90%)');
  });

  it('reads chart days as calendar days', () => {
    expect(formatChartDay('2030-01-07')).toBe('7 Jan 2030');
    expect(formatChartTick('2030-01-07')).toBe('7 Jan');
  });
});
