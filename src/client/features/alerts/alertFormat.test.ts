import { alertBody, deliveryStoppedAlertBody } from '@client/test/alerts.handlers';

import { describeObservation, formatMetricValue } from './alertFormat';

describe('formatMetricValue', () => {
  it('writes money in the account currency, CTR (a fraction) as a percentage and counts as whole numbers', () => {
    expect(formatMetricValue('spend', 123456.5, 'INR')).toBe('₹1,23,456.50');
    expect(formatMetricValue('cpa', 12.5, 'USD')).toBe('$12.50');
    expect(formatMetricValue('ctr', 0.0123, 'USD')).toBe('1.23%');
    expect(formatMetricValue('impressions', 1234567, 'USD')).toBe('1,234,567');
    expect(formatMetricValue('conversions', 6.4, 'USD')).toBe('6');
  });
});

describe('describeObservation', () => {
  it("says an anomaly's observed and expected figures with the normal range", () => {
    expect(describeObservation(alertBody())).toBe(
      'Observed ₹18,500.00, expected ₹9,200.00 (normal range ₹7,000.00–₹11,500.00)',
    );
    const ctr = alertBody({
      metric: 'ctr',
      observed: 0.004,
      expected: 0.012,
      band: { low: 0.009, high: 0.015 },
      account: { ...alertBody().account!, currency: 'USD' },
    });
    expect(describeObservation(ctr)).toBe('Observed 0.40%, expected 1.20% (normal range 0.90%–1.50%)');
  });

  it('says nothing for other kinds or when a figure is missing', () => {
    expect(describeObservation(deliveryStoppedAlertBody())).toBeNull();
    expect(describeObservation(alertBody({ band: null }))).toBeNull();
  });
});
