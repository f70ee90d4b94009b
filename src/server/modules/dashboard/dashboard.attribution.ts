import type { AttributionWindowView, PlatformAttribution } from '@shared/api/dashboard';
import { PLATFORMS } from '@shared/constants';

/** One connected account's stored windows (connected_ad_accounts.attribution). */
export interface AccountAttribution {
  platform: string;
  account_id: string;
  attribution: { clickDays: number | null; viewDays: number | null; label: string; source: string }[] | null;
  attributionUpdatedAt: Date | null;
}

export const NOT_REPORTED = 'window not reported yet';

/** The one value every window agrees on, else null. */
function agreed(values: (number | null)[]): number | null {
  return values.length > 0 && values.every((value) => value === values[0]) ? values[0] : null;
}

/**
 * Per platform (product order), how its conversions are counted: the distinct windows of its
 * accounts, platform-reported.
 */
export function presentAttribution(accounts: AccountAttribution[]): PlatformAttribution[] {
  const byPlatform = new Map<string, AccountAttribution[]>();
  for (const account of accounts)
    byPlatform.set(account.platform, [...(byPlatform.get(account.platform) ?? []), account]);
  return PLATFORMS.filter((platform) => byPlatform.has(platform)).map((platform) => {
    const list = byPlatform.get(platform)!;
    const windows: AttributionWindowView[] = list.flatMap((account) =>
      (account.attribution ?? []).map((window) => ({
        account_id: account.account_id,
        label: window.label,
        click_days: window.clickDays,
        view_days: window.viewDays,
        source: window.source,
      })),
    );
    const labels = [...new Set(windows.map((window) => window.label))];
    const times = list.flatMap((account) =>
      account.attributionUpdatedAt ? [account.attributionUpdatedAt.getTime()] : [],
    );
    return {
      platform,
      basis: 'platform-reported' as const,
      label: labels.length > 0 ? labels.join('; ') : NOT_REPORTED,
      click_days: agreed(windows.map((window) => window.click_days)),
      view_days: agreed(windows.map((window) => window.view_days)),
      windows,
      updated_at: times.length > 0 ? new Date(Math.max(...times)).toISOString() : null,
    };
  });
}
