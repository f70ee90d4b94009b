import { addDays, daysInRange } from '../days';
import { lastDays, percentChange, previousRange, weekdayLabel } from './dashboard';

describe('dashboard date and change helpers', () => {
  it('labels days Mon to Sun whatever the viewer’s time zone', () => {
    expect(
      ['2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20', '2026-11-21', '2026-11-22'].map(
        weekdayLabel,
      ),
    ).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
  });

  it('counts ranges inclusively and across month, year and DST boundaries', () => {
    expect(daysInRange('2026-11-15', '2026-11-21')).toBe(7);
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(daysInRange('2026-03-28', '2026-03-30')).toBe(3);
    expect(lastDays('2026-11-21')).toEqual({ from: '2026-11-15', to: '2026-11-21' });
    expect(lastDays('2026-11-21', 30)).toEqual({ from: '2026-10-23', to: '2026-11-21' });
  });

  it('takes the previous period of equal length just before the range', () => {
    expect(previousRange('2026-11-15', '2026-11-21')).toEqual({ from: '2026-11-08', to: '2026-11-14' });
    expect(previousRange('2026-11-21', '2026-11-21')).toEqual({ from: '2026-11-20', to: '2026-11-20' });
  });

  it('reports change in percent with one decimal, and nothing to compare against as null', () => {
    expect(percentChange(123, 100)).toBe(23);
    expect(percentChange(50, 200)).toBe(-75);
    expect(percentChange(1, 3)).toBe(-66.7);
    expect(percentChange(5, 0)).toBeNull();
  });
});
