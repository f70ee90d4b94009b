import { formatConfidence, formatSureness } from './suggestionConfidence';

describe('a suggestion’s confidence in words (the Suggestions page and the assistant’s list_suggestions say it so)', () => {
  it('says what the confidence is the probability of, rounded and never certain', () => {
    expect(formatConfidence(0.917, 'pause_ad')).toBe('About 92% sure this ad converts worse than its peers');
    expect(formatConfidence(0.9999, 'pause_ad')).toBe('At least 99% sure this ad converts worse than its peers');
    expect(formatConfidence(0.99, 'boost_creative')).toBe('At least 99% sure this ad converts better than its peers');
    expect(formatConfidence(0.995, 'scale_campaign')).toBe(
      'At least 99% sure this campaign’s next conversion costs less than the other campaigns’',
    );
    expect(formatConfidence(0.993, 'move_budget')).toBe(
      'At least 99% sure this campaign’s next conversion costs more than in the campaign the budget goes to',
    );
    expect(formatConfidence(0.991, 'day_of_week')).toBe(
      'At least 99% sure the days named are worse than the other days',
    );
    expect(formatConfidence(0.999, 'test_cta')).toBe('At least 99% sure people click this ad less than its peers');
    expect(formatConfidence(0.999, 'creative_fatigue')).toBe(
      'At least 99% sure this ad’s click-through has fallen from when it was fresh',
    );
    expect(formatConfidence(0.7, 'pace_budget')).toBe(
      'About 70% sure this budget ends the month outside its target band',
    );
    expect(formatConfidence(0.996, 'reduce_budget')).toBe(
      'At least 99% sure this campaign is worse than the other campaigns',
    );
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
});
