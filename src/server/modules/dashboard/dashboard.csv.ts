import type { CampaignRow, DisplayCurrency, PlatformAttribution } from '@shared/api/dashboard';
import { PLATFORM_LABELS } from '@shared/constants';
import type { IsoDay } from '@shared/days';

/** A CSV cell, quoted when needed. */
export function csvCell(value: string | number): string {
  let cell = String(value);
  // Spreadsheet formula injection: a campaign named "=HYPERLINK(...)" stays text.
  if (/^[=+\-@\t\r]/.test(cell) && typeof value === 'string') cell = `'${cell}`;
  return /[",\n\r]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
}

/**
 * The campaign table as CSV (CRLF lines, a header naming the currency), as presented. Conversions
 * are platform-reported: each row names its platform's attribution window.
 */
export function toCampaignsCsv(
  rows: CampaignRow[],
  view: { currency: DisplayCurrency; from: IsoDay; to: IsoDay },
  attribution: PlatformAttribution[] = [],
): { filename: string; body: string } {
  const { currency } = view;
  const windows = new Map(attribution.map((entry) => [entry.platform, entry.label]));
  const header = [
    'Platform',
    'Account',
    'Campaign',
    'Status',
    `Spend (${currency})`,
    'Impressions',
    'Clicks',
    'CTR (%)',
    `CPC (${currency})`,
    'Conversions (platform-reported)',
    'Conversion window',
    `Daily budget (${currency})`,
  ];
  const lines = rows.map((c) =>
    [
      PLATFORM_LABELS[c.platform],
      `${c.account.name} (${c.account.account_id})`,
      c.name,
      c.status,
      c.spend,
      c.impressions,
      c.clicks,
      c.ctr,
      c.cpc,
      c.conversions,
      windows.get(c.platform) ?? '',
      c.daily_budget ?? '',
    ]
      .map(csvCell)
      .join(','),
  );
  return {
    filename: `adwise-campaigns-${view.from}-to-${view.to}.csv`,
    body: `${[header.map(csvCell).join(','), ...lines].join('\r\n')}\r\n`,
  };
}
