import type { OptimizerObjective } from '@shared/api/budgets';
import type { Platform } from '@shared/constants';

import { type OptimizerCampaign, optimizerCampaigns, planBudgets } from '../../analysis/budgetOptimizer';
import { marginalCosts } from '../../analysis/marginalCpa';
import { inValue, valuePerConversion } from '../../analysis/planFollow';
import type { AccountSeries, Range } from '../../analysis/types';
import type { DbOrTx } from '../../db/connect';
import type { connectedAdAccounts } from '../../db/schema';
import { PlatformError } from '../../platforms/types';
import { platformAccountOf } from '../actions/actions.platform';
import type { Connections } from '../adAccounts/connections';
import { platformFailure } from '../adAccounts/platformFailure';
import { loadWeighedSeries } from '../firstParty/firstParty.calibration';
import { campaignCapsOf } from './optimizer.queries';

/**
 * An account as the optimizer sees it, read by both a plan and a followed plan's next step: its
 * delivering campaigns' fitted curves (in conversions, and in conversion value when it reports
 * any) within the account budget's caps, and the budgets the platform holds now.
 */

export type AccountRow = typeof connectedAdAccounts.$inferSelect;

/** No change, as a range. */
export const nothing: Range = { mid: 0, low: 0, high: 0 };
/** A daily range as a week's. */
export const perWeek = (r: Range): Range => ({ mid: r.mid * 7, low: r.low * 7, high: r.high * 7 });
/** An account's campaigns fitted for the optimizer, in conversions and (when it reports any) in conversion value. */
export interface Fitted {
  series: AccountSeries;
  lag: (number | null)[];
  names: Map<string, string>;
  conversions: OptimizerCampaign[];
  value: OptimizerCampaign[] | null;
}

/** The curves a plan optimises: conversions, or conversion value. */
export const objectiveOf = (fitted: Fitted, objective: OptimizerObjective) =>
  objective === 'value' ? fitted.value! : fitted.conversions;

/** The account budget's campaign caps, as the optimizer's bounds. */
async function boundsOf(db: DbOrTx, account: AccountRow) {
  return new Map(
    (await campaignCapsOf(db, account.id)).map((cap) => [cap.campaign_id, { min: cap.min, max: cap.max }]),
  );
}

/** The account's delivering campaigns with their curves; null when fewer than two deliver with budgets of their own. */
export async function fitAccount(db: DbOrTx, account: AccountRow, locked: string[], now: Date): Promise<Fitted | null> {
  const [{ series, lag }, bounds] = await Promise.all([loadWeighedSeries(db, account, now), boundsOf(db, account)]);
  const costs = marginalCosts(series, lag);
  if (!costs) return null;
  const conversions = optimizerCampaigns(costs, { locked: new Set(locked), bounds });
  const perConversion = valuePerConversion(
    costs.units.map((u) => u.campaign),
    series.today,
  );
  return {
    series,
    lag,
    names: new Map(costs.units.map((u) => [u.campaign.id, u.campaign.name])),
    conversions,
    value: perConversion ? inValue(conversions, perConversion) : null,
  };
}

/** The best split with no step limit: where a followed plan is heading. */
export const targetsOf = (fitted: Fitted, objective: OptimizerObjective) =>
  planBudgets(objectiveOf(fitted, objective), { maxStep: null }).campaigns.map((c) => c.to);

/** The budgets the platform holds now for the account's campaigns. */
export async function liveCampaigns(connections: Connections, account: AccountRow) {
  try {
    return await connections.use(account.connectionId, account.platform as Platform, (client) =>
      client.listCampaigns(platformAccountOf(account)),
    );
  } catch (error) {
    if (error instanceof PlatformError) throw platformFailure(error, 'this account');
    throw error;
  }
}
