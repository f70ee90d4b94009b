import {
  CALIBRATION_DAYS,
  CALIBRATION_FACTOR_MAX,
  CALIBRATION_FACTOR_MIN,
  type ConversionBasisView,
} from '@shared/api/firstParty';
import { addDays, isoDay } from '@shared/days';
import { roundTo } from '@shared/metrics';

import { calibrationFactor, scaleConversions } from '../../analysis/conversionCalibration';
import type { DbOrTx } from '../../db/connect';
import type { connectedAdAccounts } from '../../db/schema';
import { loadAccountSeries } from '../metrics/accountSeries.queries';
import { firstPartyFiguresOver } from './firstParty.figures';
import * as queries from './firstParty.queries';

/**
 * The conversions suggestions and the budget optimizer weigh. By default each platform's own
 * counts, as everywhere else. A workspace that opts in (conversion basis "first_party") has each
 * platform's counts calibrated to its own numbers over the last CALIBRATION_DAYS days up to
 * yesterday: multiplied by what the platform's share of spend explains over what it claims
 * (analysis/conversionCalibration.ts). A platform without a ratio, or a workspace without
 * first-party days in that window, keeps its own counts.
 */

/** Amounts are compared as shares of spend only, so any one currency does; spend in a currency without a rate is left out. */
const CALIBRATION_CURRENCY = 'USD';

export async function conversionCalibration(db: DbOrTx, workspaceId: string, now: Date): Promise<ConversionBasisView> {
  const basis = await queries.conversionBasisOf(db, workspaceId);
  if (basis === 'platform') return { basis, window: null, platforms: [] };
  const to = addDays(isoDay(now), -1);
  const from = addDays(to, -(CALIBRATION_DAYS - 1));
  const accounts = await queries.accountsOfWorkspace(db, workspaceId);
  const figures = await firstPartyFiguresOver(db, {
    workspaceId,
    from,
    to,
    currency: CALIBRATION_CURRENCY,
    accounts,
    platform: 'all',
  });
  if (!figures || figures.days_covered === 0) return { basis, window: null, platforms: [] };
  const bounds = { min: CALIBRATION_FACTOR_MIN, max: CALIBRATION_FACTOR_MAX };
  return {
    basis,
    window: { from, to },
    platforms: figures.platforms.map((platform) => ({
      platform: platform.platform,
      factor: roundTo(calibrationFactor(platform.over_attribution?.mid ?? null, bounds), 3),
    })),
  };
}

/**
 * An account's series as suggestions and the optimizer read it: loadAccountSeries, with its
 * conversions calibrated when the workspace opted in. A caller weighing several accounts of one
 * workspace passes the workspace's calibration, read once.
 */
export async function loadWeighedSeries(
  db: DbOrTx,
  account: typeof connectedAdAccounts.$inferSelect,
  now: Date,
  known?: ConversionBasisView,
): ReturnType<typeof loadAccountSeries> {
  const [loaded, calibration] = await Promise.all([
    loadAccountSeries(db, account, now),
    known ?? conversionCalibration(db, account.workspaceId, now),
  ]);
  const factor = calibration.platforms.find((entry) => entry.platform === account.platform)?.factor ?? 1;
  return { ...loaded, series: scaleConversions(loaded.series, factor) };
}
