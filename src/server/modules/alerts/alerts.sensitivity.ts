import { ALERT_SENSITIVITIES, type AlertSensitivitySetting } from '@shared/api/alerts';
import { addDays, DAY_MS } from '@shared/days';
import type { AlertSensitivityInput } from '@shared/validation/alerts';

import { type AlertWatch, SERIES_PER_ENTITY } from '../../analysis/accountAlerts';
import { sensitivityChoice } from '../../analysis/noiseBudget';
import type { AppContext } from '../../context';
import { assertDashboardAccess } from '../access/entitlements';
import type { Principal } from '../access/principal';
import { HISTORY_DAYS } from '../metrics/accountSeries.queries';
import { deliveringEntityCount } from '../metrics/series.queries';
import { countAnomaliesSince, setWorkspaceAlertSensitivity, workspaceAlertSensitivity } from './alerts.queries';

/** The window over which the settings say how many anomaly alerts were raised. */
const RECENT_DAYS = 30;

/**
 * The workspace's anomaly sensitivity: how readily its anomaly alerts fire. Each choice is a
 * monthly budget of false alarms for the whole workspace, shared among the series it watches
 * (five metrics of each account and campaign that delivered over the history the checks read),
 * so the settings can say what a choice means here: at most so many alerts a month from ordinary
 * ups and downs, and how rare a day must be for one metric to alert.
 */
export function createAlertSensitivity(ctx: Pick<AppContext, 'db' | 'clock' | 'log'>) {
  const { db, clock, log } = ctx;

  /** How the workspace's alert checks run now: its sensitivity and how many series share its budget. */
  async function watchOf(workspaceId: string): Promise<AlertWatch> {
    const since = addDays(clock.now().toISOString().slice(0, 10), -(HISTORY_DAYS - 1));
    const [sensitivity, entities] = await Promise.all([
      workspaceAlertSensitivity(db, workspaceId),
      deliveringEntityCount(db, workspaceId, since),
    ]);
    return {
      sensitivity: sensitivity ?? 'balanced',
      watchedSeries: (entities.accounts + entities.campaigns) * SERIES_PER_ENTITY,
    };
  }

  async function present(workspaceId: string): Promise<AlertSensitivitySetting> {
    const since = new Date(clock.now().getTime() - RECENT_DAYS * DAY_MS);
    const [watch, recent] = await Promise.all([watchOf(workspaceId), countAnomaliesSince(db, workspaceId, since)]);
    return {
      sensitivity: watch.sensitivity,
      watched_series: watch.watchedSeries,
      choices: ALERT_SENSITIVITIES.map((sensitivity) => sensitivityChoice(sensitivity, watch.watchedSeries)),
      anomalies_last_30_days: recent,
    };
  }

  return {
    watchOf,

    /** GET alerts/sensitivity/. */
    async get(principal: Principal): Promise<AlertSensitivitySetting> {
      await assertDashboardAccess(db, principal.workspaceId, clock.now());
      return present(principal.workspaceId);
    },

    /** PUT alerts/sensitivity/: takes effect at the next check (after the next sync). */
    async set(principal: Principal, input: AlertSensitivityInput): Promise<AlertSensitivitySetting> {
      await assertDashboardAccess(db, principal.workspaceId, clock.now());
      await setWorkspaceAlertSensitivity(db, principal.workspaceId, input.sensitivity);
      log.info({ sensitivity: input.sensitivity }, 'alert sensitivity set');
      return present(principal.workspaceId);
    },
  };
}
