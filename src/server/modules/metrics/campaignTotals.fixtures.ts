import type { DbOrTx } from '../../db/connect';
import { entityDailySeries, entityKey, entityTotals, withRates } from './metrics.queries';
import type { MetricScope } from './metrics.types';

/**
 * Each campaign's totals as the campaign table reads them (sorted by name), beside the sums of its
 * days as entityDailySeries reads them from metrics_daily, each day converted on its own: the
 * oracle the rollups' tests hold the table's reads to.
 */
export async function campaignTotalsBesideDays(db: DbOrTx, scope: MetricScope) {
  const rated = await withRates(db, scope);
  const { rows } = await entityTotals(db, rated, { level: 'campaign', sort: 'name', order: 'asc', withValue: true });
  const days = await entityDailySeries(db, rated, { level: 'campaign' });
  return rows.map((row) => {
    const series = days.get(entityKey(row.account.id, row.campaignId)) ?? [];
    const sum = (pick: (day: (typeof series)[number]) => number) => series.reduce((total, day) => total + pick(day), 0);
    return {
      campaign: row.campaignId,
      read: row.sums,
      days: {
        spend: sum((d) => d.spend),
        impressions: sum((d) => d.impressions),
        clicks: sum((d) => d.clicks),
        conversions: sum((d) => d.conversions),
        value: sum((d) => d.value),
      },
    };
  });
}
