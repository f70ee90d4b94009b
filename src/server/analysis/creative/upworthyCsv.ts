import type { Package } from './abTests';

/**
 * Rows of the Upworthy Research Archive's package CSV (as parsed by a real CSV parser into
 * objects keyed by the header) into packages. Only the columns a copy scorer is judged on are
 * read; a row missing one of them is skipped, so a CSV from another cut of the archive (with
 * extra columns, or without the derived `ctr`) reads the same.
 */

export const REQUIRED_COLUMNS = ['clickability_test_id', 'headline', 'impressions', 'clicks', 'eyecatcher_id'] as const;

export function packagesFromRows(rows: Record<string, string | undefined>[]): Package[] {
  const packages: Package[] = [];
  for (const row of rows) {
    const testId = row.clickability_test_id?.trim();
    const impressions = Number(row.impressions);
    const clicks = Number(row.clicks);
    if (!testId || row.headline === undefined || !Number.isFinite(impressions) || !Number.isFinite(clicks)) continue;
    packages.push({
      testId,
      headline: row.headline,
      // A package with no image id is its own image: it is never paired with another.
      eyecatcherId: row.eyecatcher_id?.trim() || `none:${packages.length}`,
      impressions,
      clicks,
      testWeek: Number(row.test_week) || 0,
    });
  }
  return packages;
}
