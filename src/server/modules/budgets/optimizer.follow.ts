import { BUDGET_MESSAGES, type OptimizerObjective } from '@shared/api/budgets';
import type { BudgetMove, SuggestionChange } from '@shared/api/suggestions';
import { type Platform, PLATFORM_LABELS } from '@shared/constants';
import { addDays, localDay } from '@shared/days';

import { expectedGain, expectedTotal } from '../../analysis/budgetOptimizer';
import { divergence, type FollowedDay, hasArrived, nextStep } from '../../analysis/planFollow';
import type { AccountSeries, Range } from '../../analysis/types';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/connect';
import type { ActionRow } from '../actions/actions.queries';
import type { ActionsService } from '../actions/actions.service';
import type { JournalStep } from '../actions/actions.steps';
import { budgetWords } from '../actions/actions.words';
import type { Connections } from '../adAccounts/connections';
import { type AccountRow, fitAccount, liveCampaigns, objectiveOf, perWeek } from './optimizer.fit';
import {
  accountById,
  finishPlan,
  followedPlansOfConnection,
  followingPlanOfStep,
  planById,
  type PlanRow,
  savePlanProgress,
  stopPlan,
  takeStep,
} from './optimizer.queries';

/**
 * Following an optimizer plan: after each sync on a new day of the account, the next step towards
 * the plan's targets, written through the actions log, until the targets are reached, the results
 * fall credibly short of the forecast, or a budget is changed outside the plan. A step's action
 * settling (live or by the reconciler) records the step or stops the plan; undoing any of the
 * plan's steps stops it.
 */
export function createPlanFollower(
  ctx: Pick<AppContext, 'db' | 'clock' | 'log'>,
  connections: Connections,
  actions: ActionsService,
) {
  const { db, clock, log } = ctx;
  const fit = (account: AccountRow, locked: string[]) => fitAccount(db, account, locked, clock.now());

  /**
   * What the plan records of a step once it is at the platform (its day and the forecast it was
   * judged on), by plan, while this process writes the step; the hook below takes it from here.
   */
  const stepsUnderWay = new Map<string, { day: string; expected: Range }>();

  // A followed plan's step, ended live or by the reconciler after an interruption: once every
  // budget landed, the plan records the step; otherwise it keeps the budgets that are really at
  // the platform, and stops.
  /** An undone step says the person does not want this move: a plan followed on would make it again at its next step. */
  async function stopPlanOfUndoneStep(tx: Tx, action: ActionRow) {
    const planId = action.planId ?? (await followingPlanOfStep(tx, action.workspaceId, action.id))?.id;
    if (planId && (await stopPlan(tx, planId, BUDGET_MESSAGES.stepUndone, clock.now())))
      log.info({ planId, actionId: action.id }, 'followed plan stopped by an undo');
  }
  // Apply's own action is the plan's first step.
  actions.onSettled('optimizer', async (tx, action, direction) => {
    if (direction === 'undo') await stopPlanOfUndoneStep(tx, action);
  });
  actions.onSettled('optimizer_plan', async (tx, action, direction) => {
    if (direction === 'undo') return stopPlanOfUndoneStep(tx, action);
    if (!action.planId) return;
    const row = await planById(tx, action.planId);
    if (!row || row.steps.some((step) => step.action_id === action.id)) return;
    const steps = action.steps as JournalStep[];
    const atPlatform = new Map(steps.map((step) => [step.entity_id, Number(step.at === 'to' ? step.to : step.from)]));
    const campaignsNow = row.campaigns.map((c) => ({ ...c, written: atPlatform.get(c.campaign_id) ?? c.written }));
    const now = clock.now();
    if (action.status === 'applied') {
      // Settled by the reconciler after a crash, the step's own figures are gone: its day is the
      // account's today and the plan's last forecast stands (the next step judges afresh).
      const known = stepsUnderWay.get(row.id);
      const day =
        known?.day ?? localDay(action.settledAt ?? now, (await accountById(tx, row.accountRef))?.timeZone ?? 'UTC');
      const expected = known?.expected ?? row.steps[row.steps.length - 1].expected;
      await savePlanProgress(
        tx,
        row.id,
        { campaigns: campaignsNow, steps: [...row.steps, { day, action_id: action.id, expected }] },
        now,
      );
      return;
    }
    await savePlanProgress(tx, row.id, { campaigns: campaignsNow, steps: row.steps }, now);
    await stopPlan(
      tx,
      row.id,
      action.problem ??
        BUDGET_MESSAGES.refused(PLATFORM_LABELS[action.platform as Platform], 'the change could not be sent'),
      now,
    );
    log.info({ planId: row.id, actionId: action.id }, 'followed plan stopped');
  });

  /** Ends a followed plan (only if nobody moved it on meanwhile). */
  async function stop(row: PlanRow, reason: string): Promise<void> {
    await stopPlan(db, row.id, reason, clock.now());
    log.info({ planId: row.id, accountRef: row.accountRef }, 'followed plan stopped');
  }

  /** The finished days since a plan's first step, with the plan's campaigns' conversions and the forecast of the step in effect. */
  function followedDays(row: PlanRow, series: AccountSeries): FollowedDay[] {
    const ids = new Set(row.campaigns.map((c) => c.campaign_id));
    const days: FollowedDay[] = [];
    // The day of a step is half under the old budgets: a step's forecast holds from the next day.
    for (let date = addDays(row.steps[0].day, 1); date < series.today; date = addDays(date, 1)) {
      const step = [...row.steps].reverse().find((s) => s.day < date)!;
      let conversions = 0;
      for (const campaign of series.campaigns) {
        if (!ids.has(campaign.id)) continue;
        conversions += campaign.days.find((d) => d.date === date)?.conversions ?? 0;
      }
      days.push({ date, conversions, expected: step.expected });
    }
    return days;
  }

  /** One followed plan after a sync: the next step if a new day of the account began since the last, or why it ends. */
  async function follow(row: PlanRow, account: AccountRow): Promise<'waiting' | 'stepped' | 'done' | 'stopped'> {
    // Most syncs land on a day that already has its step: say so before reading and fitting the account.
    if (localDay(clock.now(), account.timeZone) <= row.steps[row.steps.length - 1].day) return 'waiting';
    const fitted = await fit(account, row.locked);
    if (!fitted) {
      await stop(
        row,
        'Fewer than two campaigns of the account deliver with budgets of their own now: the plan stopped.',
      );
      return 'stopped';
    }
    const today = fitted.series.today;
    const live = await liveCampaigns(connections, account);
    for (const planned of row.campaigns) {
      const found = live.find((c) => c.id === planned.campaign_id);
      if (!found || found.status !== 'ACTIVE' || !fitted.names.has(planned.campaign_id)) {
        await stop(row, BUDGET_MESSAGES.campaignGone(planned.name));
        return 'stopped';
      }
      if (found.dailyBudgetMinor !== planned.written) {
        await stop(
          row,
          BUDGET_MESSAGES.changedOutside(
            planned.name,
            budgetWords(planned.written, account.currency),
            found.dailyBudgetMinor === null ? 'none' : budgetWords(found.dailyBudgetMinor, account.currency),
          ),
        );
        return 'stopped';
      }
    }
    const judged = divergence(followedDays(row, fitted.series), today, fitted.lag);
    if (judged.diverged) {
      await stop(row, BUDGET_MESSAGES.diverged(judged.observed, Math.round(judged.expectedMid)));
      return 'stopped';
    }
    // Campaigns outside the plan (new since, or locked) keep their budgets; the plan's move towards their targets.
    const plannedOf = new Map(row.campaigns.map((c) => [c.campaign_id, c]));
    const input = objectiveOf(fitted, row.objective as OptimizerObjective).map((c) => {
      const planned = plannedOf.get(c.id);
      return planned ? { ...c, budget: planned.written } : { ...c, hold: c.hold ?? ('locked' as const) };
    });
    const from = input.map((c) => c.budget);
    const next = nextStep(
      input,
      input.map((c) => plannedOf.get(c.id)?.target ?? c.budget),
      row.maxStep,
    );
    const now = clock.now();
    if (hasArrived(from, next)) {
      await finishPlan(db, row.id, now);
      log.info({ planId: row.id }, 'followed plan reached its targets');
      return 'done';
    }
    const change: SuggestionChange & { kind: 'budgets' } = {
      kind: 'budgets',
      currency: account.currency,
      steps: input
        .map((c, i): BudgetMove => ({
          campaign_id: c.id,
          campaign_name: fitted.names.get(c.id) ?? c.id,
          from: from[i],
          to: next[i],
        }))
        .filter((s) => s.to !== s.from),
    };
    const forecast = perWeek(
      expectedGain(
        fitted.conversions.map((c, i) => ({ ...c, budget: from[i] })),
        next,
      ),
    );
    const expected = expectedTotal(fitted.conversions, next);
    const stepNumber = row.steps.length + 1;
    stepsUnderWay.set(row.id, { day: today, expected });
    let result;
    try {
      result = await actions.apply({
        account,
        change,
        entry: {
          source: 'optimizer_plan',
          planId: row.id,
          type: 'optimizer',
          headline: `Budget optimizer, step ${stepNumber} of a followed plan: ${change.steps.length} daily budgets of “${account.name}” moved`,
          campaignId: change.steps[0].campaign_id,
          forecast,
          appliedBy: null,
        },
        // The step is claimed with the action that writes it: a second sync finishing at the same time finds the plan moved on and leaves it.
        claim: (tx) => takeStep(tx, row, now),
      });
    } finally {
      stepsUnderWay.delete(row.id);
    }
    if (!result.recorded) return 'waiting';
    // A step that did not all land stopped the plan as it settled (see onSettled above).
    if (result.action.status !== 'applied') return result.action.status === 'applying' ? 'waiting' : 'stopped';
    log.info({ planId: row.id, step: stepNumber, campaigns: change.steps.length }, 'followed plan stepped');
    return 'stepped';
  }

  /** Every followed plan of a connection's accounts, after its sync. */
  async function followConnection(connectionId: string): Promise<Record<string, number>> {
    const rows = await followedPlansOfConnection(db, connectionId);
    const counts: Record<string, number> = {};
    for (const { plan: row, account } of rows) {
      let outcome: string;
      try {
        outcome = await follow(row, account);
      } catch (error) {
        // A platform that cannot be reached now is tried again after the next sync.
        log.warn(
          { planId: row.id, error: error instanceof Error ? error.message : String(error) },
          'followed plan not stepped',
        );
        outcome = 'failed';
      }
      counts[outcome] = (counts[outcome] ?? 0) + 1;
    }
    return counts;
  }

  return { followConnection };
}
