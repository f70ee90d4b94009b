import { seriesBody } from '@client/test/handlers';

import { chartLines, chartSummary, dayLabel, formatMetricTick, MAX_X_TICKS, niceMax, xTickValues } from './chartData';

describe('x axis', () => {
  it('labels a week Mon … Sun and longer ranges with dates', () => {
    const point = { date: '2030-11-21', day: 'Thu' };
    expect(dayLabel(point, 7)).toBe('Thu');
    expect(dayLabel(point, 8)).toBe('21 Nov');
  });

  it('labels every day of a short range', () => {
    expect(xTickValues(7)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(xTickValues(0)).toEqual([]);
  });

  it.each([14, 30, 90, 91, 180, 366])(
    'thins %i days to at most MAX_X_TICKS evenly spaced labels, first day first',
    (days) => {
      const ticks = xTickValues(days);
      expect(ticks.length).toBeLessThanOrEqual(MAX_X_TICKS);
      expect(ticks.length).toBeGreaterThanOrEqual(MAX_X_TICKS / 2);
      expect(ticks[0]).toBe(0);
      expect(ticks[ticks.length - 1]).toBeLessThan(days);
      const gaps = ticks.slice(1).map((tick, index) => tick - ticks[index]);
      // Even spacing, except perhaps a last label for the final day.
      expect(new Set(gaps.slice(0, -1)).size).toBeLessThanOrEqual(1);
    },
  );
});

describe('y scales', () => {
  it('rounds each line’s top up to a number whose quarters are round', () => {
    expect(niceMax(367)).toBe(400);
    expect(niceMax(2.04)).toBe(2.4);
    expect(niceMax(18_800)).toBe(20_000);
    expect(niceMax(1)).toBe(1);
    expect(niceMax(0)).toBe(0);
  });

  it('puts each line on its own 0–1 scale and keeps the real figures', () => {
    const series = seriesBody('2030-01-01', '2030-01-07');
    const [spend, ctr, conversions] = chartLines(series);
    expect(spend.metric).toBe('spend');
    expect(spend.max).toBe(800);
    expect(spend.points[6]).toMatchObject({ x: 6, y: 1, value: 800, date: '2030-01-07' });
    expect(ctr.metric).toBe('ctr');
    expect(conversions.points.every((point) => point.y >= 0 && point.y <= 1)).toBe(true);
  });

  it('keeps an all-zero line flat at the bottom', () => {
    const series = seriesBody('2030-01-01', '2030-01-03').map((point) => ({ ...point, conversions: 0 }));
    expect(chartLines(series)[2].points.map((point) => point.y)).toEqual([0, 0, 0]);
  });

  it('writes axis ticks short', () => {
    expect(formatMetricTick('spend', 20_000, 'USD')).toBe('$20K');
    expect(formatMetricTick('ctr', 1.7999999999999998, 'USD')).toBe('1.8%');
    expect(formatMetricTick('conversions', 1500, 'USD')).toBe('1.5K');
  });
});

describe('chartSummary', () => {
  it('says what the chart shows, for its accessible name', () => {
    expect(chartSummary(seriesBody('2030-01-01', '2030-01-07'), 'INR')).toBe(
      'Line chart of daily spend (INR), CTR and conversions from 1 Jan 2030 to 7 Jan 2030, 7 days; highest spend ₹800.00 on 7 Jan 2030.',
    );
    expect(chartSummary([], 'INR')).toMatch(/no days/);
  });
});
