import { attributionOf } from '../modules/sync/sync.service';
import { attributionWindow, dayCount, distinctWindows, windowWording } from './attribution';
import { toAttribution as googleAttribution } from './google/map';
import { toAttribution as metaAttribution } from './meta/map';
import { mapAdGroupAttribution } from './tiktok/map';
import type { UnifiedMetricRow } from './types';
import { toTagAttribution } from './x/map';

const row = (attribution?: UnifiedMetricRow['attribution']): UnifiedMetricRow => ({
  date: '2026-01-01',
  platform: 'meta',
  accountId: 'act_1',
  campaignId: '1',
  campaignName: null,
  adId: null,
  adName: null,
  currency: 'USD',
  spendMinor: 0,
  impressions: 0,
  clicks: 0,
  conversions: 0,
  conversionValueMinor: 0,
  ...(attribution ? { attribution } : {}),
});

describe('attribution windows', () => {
  it('words a window and reads day counts the way the platforms write them', () => {
    expect(windowWording(7, 1)).toBe('7-day click, 1-day view');
    expect(windowWording(28, null)).toBe('28-day click');
    expect(windowWording(null, null)).toBe('window not reported');
    expect([dayCount('30'), dayCount(7), dayCount(0), dayCount(undefined), dayCount('x')]).toEqual([
      30,
      7,
      null,
      null,
      null,
    ]);
    const a = attributionWindow(30, 1, 's', 'Purchase');
    expect(a.label).toBe('Purchase: 30-day click, 1-day view');
    expect(distinctWindows([a, { ...a }, attributionWindow(7, 1, 's')])).toHaveLength(2);
  });

  it('reads Meta attribution_setting values', () => {
    expect(metaAttribution('7d_click_1d_view')).toMatchObject({
      clickDays: 7,
      viewDays: 1,
      label: '7-day click, 1-day view',
    });
    expect(metaAttribution('1d_click')).toMatchObject({ clickDays: 1, viewDays: null });
    expect(metaAttribution('mixed')).toMatchObject({ clickDays: null, viewDays: null, label: 'Meta setting "mixed"' });
    expect(metaAttribution(undefined)).toBeUndefined();
  });

  it('reads Google conversion actions, TikTok ad groups and X web event tags', () => {
    expect(
      googleAttribution({
        conversionAction: {
          id: '1',
          name: 'Lead',
          clickThroughLookbackWindowDays: '90',
          viewThroughLookbackWindowDays: '1',
        },
      }),
    ).toMatchObject({ clickDays: 90, viewDays: 1, label: 'Lead: 90-day click, 1-day view' });
    expect(googleAttribution({ conversionAction: { id: '2', includeInConversionsMetric: false } })).toBeNull();
    expect(
      mapAdGroupAttribution({ click_attribution_window: 'TWENTY_EIGHT_DAYS', view_attribution_window: 'OFF' }),
    ).toMatchObject({
      clickDays: 28,
      viewDays: null,
    });
    expect(toTagAttribution({ id: 'o3bk1', name: 'Buy', click_window: 14, view_through_window: 0 })).toMatchObject({
      clickDays: 14,
      viewDays: null,
      label: 'Buy: 14-day click',
    });
  });

  it('merges listed windows with those on report rows; nothing known keeps the stored ones', () => {
    const meta = metaAttribution('7d_click_1d_view')!;
    expect(attributionOf(undefined, [row(meta), row(meta)])).toEqual([meta]);
    expect(attributionOf(undefined, [row()])).toBeUndefined();
    expect(attributionOf([], [])).toEqual([]);
    const listed = attributionWindow(30, 7, 'rule', 'Purchase');
    expect(attributionOf([listed], [row()])).toEqual([listed]);
  });
});
