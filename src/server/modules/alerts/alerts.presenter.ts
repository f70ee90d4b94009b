import type { Alert, AlertKind, AlertMetric, AlertSeverity } from '@shared/api/alerts';
import type { Platform } from '@shared/constants';
import { minorToDecimal } from '@shared/money';
import type { alerts, connectedAdAccounts } from '../../db/schema';

type AlertRow = typeof alerts.$inferSelect;
type AccountRow = typeof connectedAdAccounts.$inferSelect;

/** Money is stored in minor units; the API speaks major units of the account currency. */
const isMoney = (metric: string | null) => metric === 'spend' || metric === 'cpa';

export function presentAlert(row: AlertRow, account: AccountRow, read: boolean): Alert {
  const unit = (x: number | null) => (x === null ? null : isMoney(row.metric) ? Number(minorToDecimal(Math.round(x), account.currency)) : x);
  const low = unit(row.low);
  const high = unit(row.high);
  return {
    id: row.id,
    kind: row.kind as AlertKind,
    severity: row.severity as AlertSeverity,
    metric: row.metric as AlertMetric | null,
    direction: row.direction as Alert['direction'],
    level: row.level as Alert['level'],
    entity_id: row.entityId,
    entity_name: row.entityName,
    account: { id: account.id, name: account.name, platform: account.platform as Platform, currency: account.currency },
    day: row.day,
    headline: row.headline,
    observed: unit(row.observed),
    expected: unit(row.expected),
    band: low === null || high === null ? null : { low, high },
    created_at: row.createdAt.toISOString(),
    read,
  };
}
