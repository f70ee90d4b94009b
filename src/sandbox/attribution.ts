/**
 * The attribution settings the sandbox's accounts report, in each platform's own fields and
 * values (the clients cite the platform documentation where they read them). Fixed per
 * platform: every sandbox account counts conversions under its platform's usual default.
 */
export const SANDBOX_ATTRIBUTION = {
  /** Insights attribution_setting of every ad set (Meta's default for new ad sets). */
  meta: { attribution_setting: '7d_click_1d_view' },
  /** The conversion action every sandbox customer has (Google's defaults: 30-day click, 1-day view). */
  google: { id: '900001', name: 'Purchase', clickThroughLookbackWindowDays: '30', viewThroughLookbackWindowDays: '1' },
  /** The conversion rule every sandbox ad account has (LinkedIn's defaults: 30-day post-click, 7-day view-through). */
  linkedin: { id: 104001, name: 'Purchase', postClickAttributionWindowSize: 30, viewThroughAttributionWindowSize: 7 },
  /** Every ad group's windows (TikTok enum values). */
  tiktok: { click_attribution_window: 'SEVEN_DAYS', view_attribution_window: 'ONE_DAY' },
  /** The web event tag every sandbox account has (days). */
  x: { id: 'o3bk1', name: 'Site purchase', click_window: 30, view_through_window: 1 },
} as const;
