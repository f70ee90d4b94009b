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
import { type Platform, PLATFORM_LABELS } from '@shared/constants';
import type { OptimizerApplyInputValidated, OptimizerQueryInput } from '@shared/validation/budgets';
import { isUuid } from '@shared/validation/uuid';

import { expectedGain, expectedTotal, marginalCost, planBudgets } from '../../analysis/budgetOptimizer';
import { stepsToTarget } from '../../analysis/planFollow';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/connect';
import { badRequest, HttpError, notFound } from '../../lib/httpError';
import { PlatformError } from '../../platforms/types';
import { assertDashboardAccess } from '../access/entitlements';
import type { Principal } from '../access/principal';
import { workspaceAccount } from '../access/workspaceAccount';
import type { ActionRow } from '../actions/actions.queries';
import type { ActionsService } from '../actions/actions.service';
import { changeLines } from '../actions/actions.words';
import type { Connections } from '../adAccounts/connections';
import {
  type AccountRow,
  fitAccount,
  type Fitted,
  liveCampaigns,
  nothing,
  objectiveOf,
  perWeek,
  targetsOf,
} from './optimizer.fit';
import { createPlanFollower } from './optimizer.follow';
import {
  insertPlan,
  type PlanRow,
  plansOfAccount,
  stopPlan,
  storedCampaigns,
  userName,
  workspacePlan,
} from './optimizer.queries';

/** Stable id of the job that takes followed plans' next steps (queued by every successful sync). */
export const OPTIMIZER_FOLLOW_JOB = 'optimizer.follow';

const conflict = (detail: string) => new HttpError(409, detail, ErrorCode.Conflict);
/**
 * The budget optimizer of one account: the plan (analysis/budgetOptimizer on the account's own
 * fitted curves, the same total daily budget, the per-step limit, the campaigns the user locked
 * and the account budget's caps), applying a plan through the platform clients (every budget
 * checked against the platform first; a refusal half-way sets back what was written), recorded in
 * the actions log with its expected gain and undoable there; and, when asked, following the plan:
 * after each sync on a new day of the account the next step towards the targets, until they are
 * reached, the results fall credibly short of the forecast, or a budget is changed outside it
 * (optimizer.follow.ts). The account's fitted curves and live budgets are read by optimizer.fit.ts.
 */
export function createOptimizerService(
  ctx: Pick<AppContext, 'db' | 'clock' | 'log' | 'queue'>,
  connections: Connections,
  actions: ActionsService,
) {
  const { db, clock, log, queue } = ctx;
  const { followConnection } = createPlanFollower(ctx, connections, actions);
  const fit = (account: AccountRow, locked: string[]) => fitAccount(db, account, locked, clock.now());

  const accountOf = (workspaceId: string, id: string) =>
    workspaceAccount(db, workspaceId, id, notFound(BUDGET_MESSAGES.accountNotFound));

  /** Locked ids must be the account's campaigns; an objective of value needs value. */
  function checkOptions(fitted: Fitted | null, options: { objective: OptimizerObjective; locked: string[] }) {
    if (!fitted) return;
    const unknown = options.locked.find((id) => !fitted.names.has(id));
    if (unknown) throw badRequest(BUDGET_MESSAGES.notInAccount, 'locked');
    if (options.objective === 'value' && !fitted.value) throw badRequest(BUDGET_MESSAGES.noValue, 'objective');
    const movable = fitted.conversions.filter((c) => !c.hold).length;
    const movableUnlocked = fitted.conversions.filter((c) => !c.hold || c.hold === 'locked').length;
    if (options.locked.length && movable < 2 && movableUnlocked >= 2)
      throw badRequest(BUDGET_MESSAGES.nothingMovable, 'locked');
  }

  async function plan(account: AccountRow, query: OptimizerQueryInput): Promise<OptimizerPlanView> {
    const objective = query.objective as OptimizerObjective;
    const locked = query.locked ?? [];
    const fitted = await fit(account, locked);
    checkOptions(fitted, { objective, locked });
    const base = {
      account: {
        id: account.id,
        name: account.name,
        platform: account.platform as Platform,
        currency: account.currency,
      },
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
      value: value
        ? { now: expectedTotal(value, from), after: expectedTotal(value, to), gain: expectedGain(value, to) }
        : null,
      note: moved
        ? null
        : movable < 2
          ? 'Fewer than two campaigns can move: the others are locked, too new, or their spend never varied enough to fit a curve.'
          : 'No credible gain: the budgets are already close to the best split the data can tell apart.',
    };
  }

  /** The API's error for a plan's write that did not all land: the platform's refusal in its words (what was written is set back), or what is at the platform now. */
  function refusalOf(
    account: AccountRow,
    result: { action: ActionRow; failure: PlatformError | null },
  ): HttpError | null {
    const refusal = actions.refusalOf(result, 'applied', 'this campaign');
    if (!refusal || result.action.status !== 'failed') return refusal;
    log.warn(
      {
        accountRef: account.id,
        platform: result.failure?.platform,
        kind: result.failure?.kind,
        code: result.failure?.code,
      },
      'the platform refused a plan’s budget',
    );
    return new HttpError(
      refusal.statusCode,
      BUDGET_MESSAGES.refused(PLATFORM_LABELS[account.platform as Platform], refusal.detail),
      refusal.code,
      undefined,
      refusal.retryAfterSeconds,
    );
  }

  function presentPlan(row: PlanRow, account: AccountRow): FollowedPlan {
    return {
      id: row.id,
      account: {
        id: account.id,
        name: account.name,
        platform: account.platform as Platform,
        currency: account.currency,
      },
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
      if (new Set(steps.map((s) => s.campaign_id)).size < steps.length)
        throw badRequest(BUDGET_MESSAGES.notInAccount, 'changes');
      if (steps.reduce((s, c) => s + c.to, 0) !== steps.reduce((s, c) => s + c.from, 0))
        throw badRequest(BUDGET_MESSAGES.totalChanged, 'changes');
      const stored = await storedCampaigns(db, account.id);
      const named = new Map(stored.map((c) => [c.campaignId, c]));
      if (steps.some((s) => !named.has(s.campaign_id))) throw badRequest(BUDGET_MESSAGES.notInAccount, 'changes');
      const objective = input.objective as OptimizerObjective;
      const locked = input.locked ?? [];
      const fitted = await fit(account, locked);
      checkOptions(fitted, { objective, locked });
      if (fitted && steps.some((s) => locked.includes(s.campaign_id)))
        throw badRequest(BUDGET_MESSAGES.lockedChanged, 'locked');
      // What the platform holds now: a plan made on other budgets is stale.
      const live = await liveCampaigns(connections, account);
      if (steps.some((s) => live.find((c) => c.id === s.campaign_id)?.dailyBudgetMinor !== s.from))
        throw conflict(BUDGET_MESSAGES.stale);
      const change: SuggestionChange & { kind: 'budgets' } = {
        kind: 'budgets',
        currency: account.currency,
        steps: steps.map((s): BudgetMove => ({
          campaign_id: s.campaign_id,
          campaign_name: named.get(s.campaign_id)!.name,
          from: s.from,
          to: s.to,
        })),
      };
      // The gain the fitted curves expect of these budgets, for the feedback loop to measure against.
      const budgetsAfter =
        fitted?.conversions.map((c) => steps.find((s) => s.campaign_id === c.id)?.to ?? c.budget) ?? [];
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
            .map((c, i) => ({
              campaign_id: c.id,
              name: fitted.names.get(c.id) ?? c.id,
              start: c.budget,
              target: targets[i],
              written: budgetsAfter[i],
              hold: c.hold,
            }))
            .filter((c) => !c.hold)
            .map(({ hold: _hold, ...c }) => c),
          steps: [
            {
              day: fitted.series.today,
              action_id: actionId,
              expected: expectedTotal(fitted.conversions, budgetsAfter),
            },
          ],
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
      const saved = await stopPlan(
        db,
        row.id,
        BUDGET_MESSAGES.stoppedByUser((await userName(db, principal.userId)) ?? 'a member'),
        now,
      );
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
