import type { PacingView } from '@shared/api/budgets';
import { type BudgetMove, type SuggestionChange, type SuggestionEvidence } from '@shared/api/suggestions';
import normalCdf from '@stdlib/stats-base-dists-normal-cdf';

import { expectedGain, optimizerCampaigns } from '../../analysis/budgetOptimizer';
import { marginalCosts } from '../../analysis/marginalCpa';
import type { AccountSeries } from '../../analysis/types';
import type { DbOrTx } from '../../db/connect';
import type { connectedAdAccounts } from '../../db/schema';
import { loadAccountSeries } from '../metrics/accountSeries.queries';
import { refreshedStatus, type SuggestionBody } from '../suggestions/suggestions.compute';
import {
  insertSuggestion,
  openSuggestionsOfType,
  suggestionOfKey,
  updateSuggestion,
  withdrawSuggestions,
} from '../suggestions/suggestions.queries';

type AccountRow = typeof connectedAdAccounts.$inferSelect;
type AccountSeriesLoader = (account: AccountRow) => ReturnType<typeof loadAccountSeries>;

/** The suggestion type of a budget pacing off its band, and its keys (one per budget and account). */
export const PACE_TYPE = 'pace_budget';
const keyOf = (budgetId: string) => `${PACE_TYPE}:${budgetId}`;

const pct = (x: number) => `${Math.round(Math.abs(x) * 100)}%`;
/** How likely the month ends outside the band at today's pace: the projection's 90% interval read as a normal. */
export function chanceOffBand(pacing: PacingView): number {
  const sd = Math.max((pacing.projected.high - pacing.projected.low) / (2 * 1.645), 1e-9);
  const low = pacing.target * (1 - pacing.tolerance);
  const high = pacing.target * (1 + pacing.tolerance);
  return normalCdf(low, pacing.projected.mid, sd) + (1 - normalCdf(high, pacing.projected.mid, sd));
}

/** The account's running campaigns with budgets of their own, each scaled by the pacing's change (whole minor units, at least 1). */
function changeOf(series: AccountSeries, change: number): SuggestionChange & { kind: 'budgets' } {
  const steps: BudgetMove[] = series.campaigns
    .filter((c) => c.status === 'ACTIVE' && c.dailyBudget !== null && c.dailyBudget > 0)
    .map((c) => ({
      campaign_id: c.id,
      campaign_name: c.name,
      from: c.dailyBudget!,
      to: Math.max(1, Math.round(c.dailyBudget! * (1 + change))),
    }))
    .filter((step) => step.to !== step.from);
  return { kind: 'budgets', currency: series.currency, steps };
}

/** What the new budgets should bring a week: conversions on the account's fitted curves (zero where none fit), spend at each campaign's share of budget spent. */
function impactOf(
  series: AccountSeries,
  lag: (number | null)[],
  change: SuggestionChange & { kind: 'budgets' },
): SuggestionBody['impact'] {
  const to = new Map(change.steps.map((s) => [s.campaign_id, s.to]));
  const costs = marginalCosts(series, lag);
  const units = costs ? optimizerCampaigns(costs) : [];
  const gain = units.length
    ? expectedGain(
        units,
        units.map((u) => to.get(u.id) ?? u.budget),
      )
    : { mid: 0, low: 0, high: 0 };
  const utilisation = new Map(units.map((u) => [u.id, u.utilisation]));
  const spend = change.steps.reduce(
    (s, step) => s + (step.to - step.from) * (utilisation.get(step.campaign_id) ?? 1) * 7,
    0,
  );
  return {
    conversions_per_week: { mid: gain.mid * 7, low: gain.low * 7, high: gain.high * 7 },
    spend_per_week: { mid: spend, low: spend, high: spend },
  };
}

/**
 * Smart Suggestions for a monthly budget pacing off its band: on every account the budget covers,
 * scale the running campaigns' daily budgets by the change that lands the month on target (the
 * same change on each, so the scope's spend moves by it). Applying one goes through the platform
 * like any suggestion, undoable and measured. Refreshed on every pacing check; withdrawn when the
 * budget is back on track (or gone); a dismissed or snoozed one keeps its state, and an applied
 * one is not offered again before its outcome is measured.
 */
export function createPacingSuggestions(db: DbOrTx) {
  /**
   * A loader of accounts' series for one pacing check: each account is read once however many
   * budgets cover it (its workspace's, its platform's and its own).
   */
  function seriesLoader(now: Date): AccountSeriesLoader {
    const loaded = new Map<string, ReturnType<typeof loadAccountSeries>>();
    return (account) => {
      let series = loaded.get(account.id);
      if (!series) loaded.set(account.id, (series = loadAccountSeries(db, account, now)));
      return series;
    };
  }

  async function offer(
    budget: { id: string; label: string; currency: string },
    pacing: PacingView,
    accounts: AccountRow[],
    now: Date,
    seriesOf: AccountSeriesLoader,
  ): Promise<number> {
    let offered = 0;
    for (const account of accounts) {
      const { series, lag } = await seriesOf(account);
      const change = changeOf(series, pacing.change);
      if (!change.steps.length) continue;
      const direction = pacing.change > 0 ? 'Raise' : 'Lower';
      const body: SuggestionBody = {
        evidence: [
          {
            metric: 'projected_spend',
            label: `Projected ${pacing.month} spend (${budget.currency}) against the target band`,
            entity: pacing.projected,
            peers: {
              mid: pacing.target,
              low: pacing.target * (1 - pacing.tolerance),
              high: pacing.target * (1 + pacing.tolerance),
            },
            probability: chanceOffBand(pacing),
          } satisfies SuggestionEvidence,
        ],
        chart: {
          label: `Cumulative spend this month (${budget.currency}) against spending the target evenly`,
          points: pacing.points
            .filter((p) => p.actual !== null)
            .map((p) => ({ date: p.date, entity: p.actual, peers: p.ideal })),
        },
        impact: impactOf(series, lag, change),
        change,
      };
      const values = {
        workspaceId: account.workspaceId,
        accountRef: account.id,
        platform: account.platform,
        type: PACE_TYPE,
        key: keyOf(budget.id),
        headline: `${direction} this account’s daily budgets by ${pct(pacing.change)} to land budget “${budget.label}” on target: projected to end ${pct(pacing.ratio - 1)} ${pacing.status === 'over' ? 'over' : 'under'}`,
        confidence: chanceOffBand(pacing),
        body,
        score: body.impact.conversions_per_week.mid,
        computedAt: now,
        updatedAt: now,
      };
      const existing = await suggestionOfKey(db, account.id, values.key);
      const status = existing && refreshedStatus(existing, now);
      if (!existing) await insertSuggestion(db, values);
      else if (status) await updateSuggestion(db, existing.id, { ...values, status });
      else continue;
      offered += 1;
    }
    return offered;
  }

  /** Withdraws the open advice of budgets of the workspace that are on track now or gone (all but `offBand`). */
  async function withdrawExcept(workspaceId: string, offBand: string[], now: Date): Promise<void> {
    const open = await openSuggestionsOfType(db, workspaceId, PACE_TYPE);
    const keep = new Set(offBand.map(keyOf));
    const gone = open.filter((row) => !keep.has(row.key)).map((row) => row.id);
    if (gone.length) await withdrawSuggestions(db, gone, now);
  }

  return { seriesLoader, offer, withdrawExcept };
}
