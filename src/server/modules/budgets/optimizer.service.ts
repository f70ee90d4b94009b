import {
  BUDGET_MESSAGES,
  type FollowedPlan,
  type FollowedPlanList,
  type OptimizerApplyResult,
  type OptimizerObjective,
  type OptimizerPlanView,
} from '@shared/api/budgets';
import { ErrorCode } from '@shared/api/errors';
import type { BudgetMove, SuggestionChange } from '@shared/api/suggestions';
import { PLATFORM_LABELS, type Platform } from '@shared/constants';
import type { OptimizerApplyInputValidated, OptimizerQueryInput } from '@shared/validation/budgets';
import { isUuid } from '@shared/validation/dashboard';
import { expectedGain, expectedTotal, marginalCost, optimizerCampaigns, planBudgets, type OptimizerCampaign } from '../../analysis/budgetOptimizer';
import { marginalCosts } from '../../analysis/marginalCpa';
import { divergence, hasArrived, inValue, nextStep, stepsToTarget, valuePerConversion, type FollowedDay } from '../../analysis/planFollow';
import type { AccountSeries, Range } from '../../analysis/types';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/connect';
import type { connectedAdAccounts } from '../../db/schema';
import { HttpError, badRequest, notFound } from '../../lib/httpError';
import { PlatformError } from '../../platforms/types';
import { assertDashboardAccess } from '../access/entitlements';
import type { Principal } from '../access/principal';
import { workspaceAccount } from '../access/workspaceAccount';
import type { ActionsService } from '../actions/actions.service';
import { platformAccountOf } from '../actions/actions.platform';
import type { ActionRow } from '../actions/actions.queries';
import type { JournalStep } from '../actions/actions.steps';
import { budgetWords, changeLines } from '../actions/actions.words';
import type { Connections } from '../adAccounts/connections';
import { platformFailure } from '../adAccounts/platformFailure';
import { loadWeighedSeries } from '../firstParty/firstParty.calibration';
import {
  accountById,
  campaignCapsOf,
  finishPlan,
  followedPlansOfConnection,
  followingPlanOfStep,
  insertPlan,
  planById,
  plansOfAccount,
  savePlanProgress,
  stopPlan,
  storedCampaigns,
  takeStep,
  userName,
  workspacePlan,
  type PlanRow,
} from './optimizer.queries';
import { addDays, localDay } from '@shared/days';

type AccountRow = typeof connectedAdAccounts.$inferSelect;

/** Stable id of the job that takes followed plans' next steps (queued by every successful sync). */
export const OPTIMIZER_FOLLOW_JOB = 'optimizer.follow';

const conflict = (detail: string) => new HttpError(409, detail, ErrorCode.Conflict);
const nothing: Range = { mid: 0, low: 0, high: 0 };
const perWeek = (r: Range): Range => ({ mid: r.mid * 7, low: r.low * 7, high: r.high * 7 });
/** An account's campaigns fitted for the optimizer, in conversions and (when it reports any) in conversion value. */
interface Fitted {
  series: AccountSeries;
  lag: (number | null)[];
  names: Map<string, string>;
  conversions: OptimizerCampaign[];
  value: OptimizerCampaign[] | null;
}

const objectiveOf = (fitted: Fitted, objective: OptimizerObjective) => (objective === 'value' ? fitted.value! : fitted.conversions);

/**
 * The budget optimizer of one account: the plan (analysis/budgetOptimizer on the account's own
 * fitted curves, the same total daily budget, the per-step limit, the campaigns the user locked
 * and the account budget's caps), applying a plan through the platform clients (every budget
 * checked against the platform first; a refusal half-way sets back what was written), recorded in
 * the actions log with its expected gain and undoable there; and, when asked, following the plan:
 * after each sync on a new day of the account the next step towards the targets, until they are
 * reached, the results fall credibly short of the forecast, or a budget is changed outside it.
 */
export function createOptimizerService(ctx: Pick<AppContext, 'db' | 'clock' | 'log' | 'queue'>, connections: Connections, actions: ActionsService) {
  const { db, clock, log, queue } = ctx;

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
    if (planId && (await stopPlan(tx, planId, BUDGET_MESSAGES.stepUndone, clock.now()))) log.info({ planId, actionId: action.id }, 'followed plan stopped by an undo');
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
      const day = known?.day ?? localDay(action.settledAt ?? now, (await accountById(tx, row.accountRef))?.timeZone ?? 'UTC');
      const expected = known?.expected ?? row.steps[row.steps.length - 1].expected;
      await savePlanProgress(tx, row.id, { campaigns: campaignsNow, steps: [...row.steps, { day, action_id: action.id, expected }] }, now);
      return;
    }
    await savePlanProgress(tx, row.id, { campaigns: campaignsNow, steps: row.steps }, now);
    await stopPlan(tx, row.id, action.problem ?? BUDGET_MESSAGES.refused(PLATFORM_LABELS[action.platform as Platform], 'the change could not be sent'), now);
    log.info({ planId: row.id, actionId: action.id }, 'followed plan stopped');
  });

  const accountOf = (workspaceId: string, id: string) => workspaceAccount(db, workspaceId, id, notFound(BUDGET_MESSAGES.accountNotFound));

  /** The account budget's campaign caps, as the optimizer's bounds. */
  async function boundsOf(account: AccountRow) {
    return new Map((await campaignCapsOf(db, account.id)).map((cap) => [cap.campaign_id, { min: cap.min, max: cap.max }]));
  }

  /** The account's delivering campaigns with their curves; null when fewer than two deliver with budgets of their own. */
  async function fit(account: AccountRow, locked: string[]): Promise<Fitted | null> {
    const [{ series, lag }, bounds] = await Promise.all([loadWeighedSeries(db, account, clock.now()), boundsOf(account)]);
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

  /** Locked ids must be the account's campaigns; an objective of value needs value. */
  function checkOptions(fitted: Fitted | null, options: { objective: OptimizerObjective; locked: string[] }) {
    if (!fitted) return;
    const unknown = options.locked.find((id) => !fitted.names.has(id));
    if (unknown) throw badRequest(BUDGET_MESSAGES.notInAccount, 'locked');
    if (options.objective === 'value' && !fitted.value) throw badRequest(BUDGET_MESSAGES.noValue, 'objective');
    const movable = fitted.conversions.filter((c) => !c.hold).length;
    const movableUnlocked = fitted.conversions.filter((c) => !c.hold || c.hold === 'locked').length;
    if (options.locked.length && movable < 2 && movableUnlocked >= 2) throw badRequest(BUDGET_MESSAGES.nothingMovable, 'locked');
  }

  /** The best split with no step limit: where a followed plan is heading. */
  const targetsOf = (fitted: Fitted, objective: OptimizerObjective) => planBudgets(objectiveOf(fitted, objective), { maxStep: null }).campaigns.map((c) => c.to);

  async function plan(account: AccountRow, query: OptimizerQueryInput): Promise<OptimizerPlanView> {
    const objective = query.objective as OptimizerObjective;
    const locked = query.locked ?? [];
    const fitted = await fit(account, locked);
    checkOptions(fitted, { objective, locked });
    const base = {
      account: { id: account.id, name: account.name, platform: account.platform as Platform, currency: account.currency },
      max_step: query.max_step,
      objective,
      locked,
    };
    if (!fitted) {
      return {
        ...base,
        steps_to_target: 0,
        total_budget: 0,
        campaigns: [],
        now: nothing,
        after: nothing,
        gain: nothing,
        value: null,
        note: 'Fewer than two campaigns of this account deliver with a daily budget of their own: there is nothing to move between.',
      };
    }
    const input = objectiveOf(fitted, objective);
    const from = input.map((c) => c.budget);
    const to = planBudgets(input, { maxStep: query.max_step }).campaigns.map((c) => c.to);
    const moved = to.some((b, i) => b !== from[i]);
    const target = moved ? targetsOf(fitted, objective) : from;
    const movable = input.filter((c) => !c.hold).length;
    const conv = fitted.conversions;
    const value = fitted.value;
    return {
      ...base,
      steps_to_target: moved ? Math.max(1, stepsToTarget(from, target, query.max_step)) : 0,
      total_budget: from.reduce((a, b) => a + b, 0),
      campaigns: input.map((c, i) => ({
        campaign_id: c.id,
        name: fitted.names.get(c.id) ?? c.id,
        from: from[i],
        to: to[i],
        target: target[i],
        hold: c.hold,
        min: c.min,
        max: c.max,
        marginal_cpa_now: marginalCost(conv[i], from[i]),
        marginal_cpa_after: marginalCost(conv[i], to[i]),
        conversions_now: expectedTotal([conv[i]], [from[i]]),
        conversions_after: expectedTotal([conv[i]], [to[i]]),
        value_now: value ? expectedTotal([value[i]], [from[i]]) : null,
        value_after: value ? expectedTotal([value[i]], [to[i]]) : null,
      })),
      now: expectedTotal(conv, from),
      after: expectedTotal(conv, to),
      gain: expectedGain(conv, to),
      value: value ? { now: expectedTotal(value, from), after: expectedTotal(value, to), gain: expectedGain(value, to) } : null,
      note: moved
        ? null
        : movable < 2
          ? 'Fewer than two campaigns can move: the others are locked, too new, or their spend never varied enough to fit a curve.'
          : 'No credible gain: the budgets are already close to the best split the data can tell apart.',
    };
  }

  /** The budgets the platform holds now for the account's campaigns. */
  async function liveCampaigns(account: AccountRow) {
    try {
      return await connections.use(account.connectionId, account.platform as Platform, (client) => client.listCampaigns(platformAccountOf(account)));
    } catch (error) {
      if (error instanceof PlatformError) throw platformFailure(error, 'this account');
      throw error;
    }
  }

  /** The API's error for a plan's write that did not all land: the platform's refusal in its words (what was written is set back), or what is at the platform now. */
  function refusalOf(account: AccountRow, result: { action: ActionRow; failure: PlatformError | null }): HttpError | null {
    const refusal = actions.refusalOf(result, 'applied', 'this campaign');
    if (!refusal || result.action.status !== 'failed') return refusal;
    log.warn({ accountRef: account.id, platform: result.failure?.platform, kind: result.failure?.kind, code: result.failure?.code }, 'the platform refused a plan’s budget');
    return new HttpError(refusal.statusCode, BUDGET_MESSAGES.refused(PLATFORM_LABELS[account.platform as Platform], refusal.detail), refusal.code, undefined, refusal.retryAfterSeconds);
  }

  function presentPlan(row: PlanRow, account: AccountRow): FollowedPlan {
    return {
      id: row.id,
      account: { id: account.id, name: account.name, platform: account.platform as Platform, currency: account.currency },
      objective: row.objective as OptimizerObjective,
      max_step: row.maxStep,
      status: row.status,
      stop_reason: row.stopReason,
      campaigns: row.campaigns,
      steps: row.steps,
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
    };
  }

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
      await stop(row, 'Fewer than two campaigns of the account deliver with budgets of their own now: the plan stopped.');
      return 'stopped';
    }
    const today = fitted.series.today;
    const live = await liveCampaigns(account);
    for (const planned of row.campaigns) {
      const found = live.find((c) => c.id === planned.campaign_id);
      if (!found || found.status !== 'ACTIVE' || !fitted.names.has(planned.campaign_id)) {
        await stop(row, BUDGET_MESSAGES.campaignGone(planned.name));
        return 'stopped';
      }
      if (found.dailyBudgetMinor !== planned.written) {
        await stop(row, BUDGET_MESSAGES.changedOutside(planned.name, budgetWords(planned.written, account.currency), found.dailyBudgetMinor === null ? 'none' : budgetWords(found.dailyBudgetMinor, account.currency)));
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
        .map((c, i): BudgetMove => ({ campaign_id: c.id, campaign_name: fitted.names.get(c.id) ?? c.id, from: from[i], to: next[i] }))
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
        log.warn({ planId: row.id, error: error instanceof Error ? error.message : String(error) }, 'followed plan not stepped');
        outcome = 'failed';
      }
      counts[outcome] = (counts[outcome] ?? 0) + 1;
    }
    return counts;
  }

  return {
    followConnection,

    /** GET optimizer/. */
    async plan(principal: Principal, query: OptimizerQueryInput): Promise<OptimizerPlanView> {
      await assertDashboardAccess(db, principal.workspaceId, clock.now());
      return plan(await accountOf(principal.workspaceId, query.account), query);
    },

    /** POST optimizer/apply/: the plan's budgets, written at the platform and recorded; with follow, the plan followed from here. */
    async apply(principal: Principal, input: OptimizerApplyInputValidated): Promise<OptimizerApplyResult> {
      const now = clock.now();
      await assertDashboardAccess(db, principal.workspaceId, now);
      const account = await accountOf(principal.workspaceId, input.account);
      const steps = input.changes.filter((c) => c.to !== c.from);
      if (!steps.length) throw badRequest(BUDGET_MESSAGES.nothingToApply, 'changes');
      if (new Set(steps.map((s) => s.campaign_id)).size < steps.length) throw badRequest(BUDGET_MESSAGES.notInAccount, 'changes');
      if (steps.reduce((s, c) => s + c.to, 0) !== steps.reduce((s, c) => s + c.from, 0)) throw badRequest(BUDGET_MESSAGES.totalChanged, 'changes');
      const stored = await storedCampaigns(db, account.id);
      const named = new Map(stored.map((c) => [c.campaignId, c]));
      if (steps.some((s) => !named.has(s.campaign_id))) throw badRequest(BUDGET_MESSAGES.notInAccount, 'changes');
      const objective = input.objective as OptimizerObjective;
      const locked = input.locked ?? [];
      const fitted = await fit(account, locked);
      checkOptions(fitted, { objective, locked });
      if (fitted && steps.some((s) => locked.includes(s.campaign_id))) throw badRequest(BUDGET_MESSAGES.lockedChanged, 'locked');
      // What the platform holds now: a plan made on other budgets is stale.
      const live = await liveCampaigns(account);
      if (steps.some((s) => live.find((c) => c.id === s.campaign_id)?.dailyBudgetMinor !== s.from)) throw conflict(BUDGET_MESSAGES.stale);
      const change: SuggestionChange & { kind: 'budgets' } = {
        kind: 'budgets',
        currency: account.currency,
        steps: steps.map((s): BudgetMove => ({ campaign_id: s.campaign_id, campaign_name: named.get(s.campaign_id)!.name, from: s.from, to: s.to })),
      };
      // The gain the fitted curves expect of these budgets, for the feedback loop to measure against.
      const budgetsAfter = fitted?.conversions.map((c) => steps.find((s) => s.campaign_id === c.id)?.to ?? c.budget) ?? [];
      const forecast = fitted ? perWeek(expectedGain(fitted.conversions, budgetsAfter)) : nothing;
      const result = await actions.apply({
        account,
        change,
        entry: {
          source: 'optimizer',
          type: 'optimizer',
          headline: `Budget optimizer: ${steps.length} daily budgets of “${account.name}” reallocated`,
          campaignId: change.steps[0].campaign_id,
          forecast,
          appliedBy: principal.userId,
          viaClient: principal.viaClient ?? null,
        },
      });
      if (!result.recorded) throw conflict(BUDGET_MESSAGES.stale);
      const refusal = refusalOf(account, result);
      if (refusal) throw refusal;
      const actionId = result.action.id;
      let planId: string | null = null;
      // Followed from here only once the first step is at the platform.
      if (input.follow && fitted) {
        const targets = targetsOf(fitted, objective);
        const planRow = await insertPlan(db, {
          workspaceId: principal.workspaceId,
          accountRef: account.id,
          objective,
          maxStep: input.max_step,
          locked,
          campaigns: fitted.conversions
            .map((c, i) => ({ campaign_id: c.id, name: fitted.names.get(c.id) ?? c.id, start: c.budget, target: targets[i], written: budgetsAfter[i], hold: c.hold }))
            .filter((c) => !c.hold)
            .map(({ hold: _hold, ...c }) => c),
          steps: [{ day: fitted.series.today, action_id: actionId, expected: expectedTotal(fitted.conversions, budgetsAfter) }],
          status: 'following',
          createdBy: principal.userId,
          createdAt: now,
          updatedAt: now,
        });
        planId = planRow.id;
      }
      log.info({ actionId, planId, accountRef: account.id, campaigns: steps.length }, 'optimizer plan applied');
      return { action_id: actionId, change_lines: changeLines(account.platform as Platform, change), plan_id: planId };
    },

    /** GET optimizer/plans/: the account's followed plans, newest first. */
    async plans(principal: Principal, accountId: string): Promise<FollowedPlanList> {
      await assertDashboardAccess(db, principal.workspaceId, clock.now());
      const account = await accountOf(principal.workspaceId, accountId);
      const rows = await plansOfAccount(db, principal.workspaceId, account.id, 20);
      return { plans: rows.map((row) => presentPlan(row, account)) };
    },

    /** POST optimizer/plans/<id>/stop/: no further steps; the budgets stay where the last step put them. */
    async stopPlan(principal: Principal, id: string): Promise<FollowedPlan> {
      const now = clock.now();
      await assertDashboardAccess(db, principal.workspaceId, now);
      if (!isUuid(id)) throw notFound(BUDGET_MESSAGES.planNotFound);
      const row = await workspacePlan(db, principal.workspaceId, id);
      if (!row) throw notFound(BUDGET_MESSAGES.planNotFound);
      const saved = await stopPlan(db, row.id, BUDGET_MESSAGES.stoppedByUser((await userName(db, principal.userId)) ?? 'a member'), now);
      if (!saved) throw conflict(BUDGET_MESSAGES.planNotFollowing);
      return presentPlan(saved, await accountOf(principal.workspaceId, saved.accountRef));
    },

    /** Queues the followed plans of a connection inside the sync's final transaction. */
    async afterSync(tx: Tx, synced: { connectionId: string }): Promise<void> {
      await queue.send(OPTIMIZER_FOLLOW_JOB, { connectionId: synced.connectionId }, { tx });
    },

  };
}
export type OptimizerService = ReturnType<typeof createOptimizerService>;
