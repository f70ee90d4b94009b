import { and, eq } from 'drizzle-orm';
import { BUDGET_MESSAGES, type OptimizerApplyResult, type OptimizerPlanView } from '@shared/api/budgets';
import { ErrorCode } from '@shared/api/errors';
import { ACTION_HORIZON_DAYS, UNDO_WINDOW_MINUTES, type BudgetMove, type SuggestionChange } from '@shared/api/suggestions';
import { PLATFORM_LABELS, type Platform } from '@shared/constants';
import type { OptimizerApplyInputValidated, OptimizerQueryInput } from '@shared/validation/budgets';
import { isUuid } from '@shared/validation/dashboard';
import { expectedGain, optimizerCampaigns, planBudgets } from '../../analysis/budgetOptimizer';
import { marginalCosts } from '../../analysis/marginalCpa';
import type { AppContext } from '../../context';
import { actions, campaigns, connectedAdAccounts } from '../../db/schema';
import { HttpError, badRequest, notFound } from '../../lib/httpError';
import { PlatformError } from '../../platforms/types';
import { assertDashboardAccess } from '../access/entitlements';
import type { Principal } from '../access/principal';
import type { Connections } from '../adAccounts/connections';
import { platformFailure } from '../adAccounts/platformFailure';
import { loadAccountSeries } from '../metrics/accountSeries.queries';
import { createPlatformChanges, platformAccountOf } from '../suggestions/platformChanges';
import { changeLines } from '../suggestions/suggestions.presenter';

type AccountRow = typeof connectedAdAccounts.$inferSelect;

const conflict = (detail: string) => new HttpError(409, detail, ErrorCode.Conflict);

/**
 * The budget optimizer of one account: the plan (analysis/budgetOptimizer on the account's own
 * fitted curves, the same total daily budget, the per-step limit), and applying a plan through
 * the platform clients (every budget checked against the platform first; a refusal half-way sets
 * back what was written), recorded in the actions log with its expected gain and undoable there.
 */
export function createOptimizerService(ctx: Pick<AppContext, 'db' | 'clock' | 'log'>, connections: Connections) {
  const { db, clock, log } = ctx;
  const changes = createPlatformChanges(ctx, connections);

  async function accountOf(workspaceId: string, id: string): Promise<AccountRow> {
    if (!isUuid(id)) throw notFound(BUDGET_MESSAGES.accountNotFound);
    const [account] = await db
      .select()
      .from(connectedAdAccounts)
      .where(and(eq(connectedAdAccounts.id, id), eq(connectedAdAccounts.workspaceId, workspaceId)));
    if (!account) throw notFound(BUDGET_MESSAGES.accountNotFound);
    return account;
  }

  async function plan(account: AccountRow, maxStep: number): Promise<OptimizerPlanView> {
    const { series, lag } = await loadAccountSeries(db, account, clock.now());
    const base = { account: { id: account.id, name: account.name, platform: account.platform as Platform, currency: account.currency }, max_step: maxStep };
    const costs = marginalCosts(series, lag);
    const nothing = { mid: 0, low: 0, high: 0 };
    if (!costs) return { ...base, total_budget: 0, campaigns: [], now: nothing, after: nothing, gain: nothing, note: 'Fewer than two campaigns of this account deliver with a daily budget of their own: there is nothing to move between.' };
    const input = optimizerCampaigns(costs);
    const result = planBudgets(input, { maxStep });
    const names = new Map(costs.units.map((u) => [u.campaign.id, u.campaign.name]));
    const moved = result.campaigns.some((c) => c.to !== c.from);
    const movable = input.filter((c) => !c.hold).length;
    return {
      ...base,
      total_budget: input.reduce((s, c) => s + c.budget, 0),
      campaigns: result.campaigns.map((c) => ({
        campaign_id: c.id,
        name: names.get(c.id) ?? c.id,
        from: c.from,
        to: c.to,
        hold: c.hold,
        marginal_cpa_now: c.marginalCpaNow,
        marginal_cpa_after: c.marginalCpaAfter,
        conversions_now: c.conversionsNow,
        conversions_after: c.conversionsAfter,
      })),
      now: result.now,
      after: result.after,
      gain: result.gain,
      note: moved
        ? null
        : movable < 2
          ? 'Fewer than two campaigns can move: the others are too new or their spend never varied enough to fit a curve.'
          : 'No credible gain: the budgets are already close to the best split the data can tell apart.',
    };
  }

  async function expectedPerWeek(account: AccountRow, steps: { campaign_id: string; to: number }[]) {
    const { series, lag } = await loadAccountSeries(db, account, clock.now());
    const costs = marginalCosts(series, lag);
    if (!costs) return { mid: 0, low: 0, high: 0 };
    const input = optimizerCampaigns(costs);
    const gain = expectedGain(
      input,
      input.map((c) => steps.find((s) => s.campaign_id === c.id)?.to ?? c.budget),
    );
    return { mid: gain.mid * 7, low: gain.low * 7, high: gain.high * 7 };
  }

  return {
    /** GET optimizer/. */
    async plan(principal: Principal, query: OptimizerQueryInput): Promise<OptimizerPlanView> {
      await assertDashboardAccess(db, principal.workspaceId, clock.now());
      return plan(await accountOf(principal.workspaceId, query.account), query.max_step);
    },

    /** POST optimizer/apply/: the plan's budgets, written at the platform and recorded. */
    async apply(principal: Principal, input: OptimizerApplyInputValidated): Promise<OptimizerApplyResult> {
      const now = clock.now();
      await assertDashboardAccess(db, principal.workspaceId, now);
      const account = await accountOf(principal.workspaceId, input.account);
      const steps = input.changes.filter((c) => c.to !== c.from);
      if (!steps.length) throw badRequest(BUDGET_MESSAGES.nothingToApply, 'changes');
      if (new Set(steps.map((s) => s.campaign_id)).size < steps.length) throw badRequest(BUDGET_MESSAGES.notInAccount, 'changes');
      if (steps.reduce((s, c) => s + c.to, 0) !== steps.reduce((s, c) => s + c.from, 0)) throw badRequest(BUDGET_MESSAGES.totalChanged, 'changes');
      const stored = await db.select().from(campaigns).where(eq(campaigns.accountRef, account.id));
      const named = new Map(stored.map((c) => [c.campaignId, c]));
      if (steps.some((s) => !named.has(s.campaign_id))) throw badRequest(BUDGET_MESSAGES.notInAccount, 'changes');
      // What the platform holds now: a plan made on other budgets is stale.
      const platform = account.platform as Platform;
      let live;
      try {
        live = await connections.use(account.connectionId, platform, (client) => client.listCampaigns(platformAccountOf(account)));
      } catch (error) {
        if (error instanceof PlatformError) throw platformFailure(error, 'this account');
        throw error;
      }
      if (steps.some((s) => live.find((c) => c.id === s.campaign_id)?.dailyBudgetMinor !== s.from)) throw conflict(BUDGET_MESSAGES.stale);
      const change: SuggestionChange = {
        kind: 'budgets',
        currency: account.currency,
        steps: steps.map((s): BudgetMove => ({ campaign_id: s.campaign_id, campaign_name: named.get(s.campaign_id)!.name, from: s.from, to: s.to })),
      };
      // The gain the fitted curves expect of these budgets, for the feedback loop to measure against.
      const perWeek = await expectedPerWeek(account, steps);
      try {
        await changes.writeRaw(account, change, 'apply', { optimizer: account.id });
      } catch (error) {
        if (error instanceof PlatformError) {
          log.warn({ accountRef: account.id, platform: error.platform, kind: error.kind, code: error.code }, 'the platform refused a plan’s budget');
          const failure = platformFailure(error, 'this campaign');
          throw new HttpError(failure.statusCode, BUDGET_MESSAGES.refused(PLATFORM_LABELS[platform], failure.detail), failure.code);
        }
        throw error;
      }
      const actionId = await db.transaction(async (tx) => {
        await changes.recordState(tx, account, change, 'apply', now);
        const [row] = await tx
          .insert(actions)
          .values({
            workspaceId: principal.workspaceId,
            accountRef: account.id,
            platform,
            type: 'optimizer',
            headline: `Budget optimizer: ${steps.length} daily budgets of “${account.name}” reallocated`,
            change,
            campaignId: change.steps[0].campaign_id,
            forecast: perWeek,
            appliedBy: principal.userId,
            appliedAt: now,
            undoUntil: new Date(now.getTime() + UNDO_WINDOW_MINUTES * 60_000),
            horizonDays: ACTION_HORIZON_DAYS,
          })
          .returning({ id: actions.id });
        return row.id;
      });
      log.info({ actionId, accountRef: account.id, campaigns: steps.length }, 'optimizer plan applied');
      return { action_id: actionId, change_lines: changeLines(platform, change) };
    },
  };
}
export type OptimizerService = ReturnType<typeof createOptimizerService>;
