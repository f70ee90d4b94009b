import type { Alert, AlertKind, AlertMetric, AlertSeverity } from '@shared/api/alerts';
import type { Platform } from '@shared/constants';
import { minorToDecimal } from '@shared/money';

import type { alerts, connectedAdAccounts } from '../../db/schema';

type AlertRow = typeof alerts.$inferSelect;
type AccountRow = typeof connectedAdAccounts.$inferSelect;

/** Money is stored in minor units; the API speaks major units of the account currency. */
const isMoney = (metric: string | null) => metric === 'spend' || metric === 'cpa';

/** An alert as the API shows it; `account` is null for one about no single account (a workspace's or platform's budget: its figures are in its headline). */
export function presentAlert(row: AlertRow, account: AccountRow | null, read: boolean): Alert {
  const unit = (x: number | null) =>
    x === null
      ? null
      : isMoney(row.metric)
        ? account
          ? Number(minorToDecimal(Math.round(x), account.currency))
          : null
        : x;
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
    account: account
      ? { id: account.id, name: account.name, platform: account.platform as Platform, currency: account.currency }
      : null,
    day: row.day,
    headline: row.headline,
    observed: unit(row.observed),
    expected: unit(row.expected),
    band: low === null || high === null ? null : { low, high },
    created_at: row.createdAt.toISOString(),
    read,
  };
}
