import { and, desc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { object, string } from 'yup';
import { addDays } from '@shared/api/dashboard';
import { ErrorCode } from '@shared/api/errors';
import {
  SNOOZE_DAYS,
  SUGGESTION_MESSAGES,
  type ActionList,
  type ActionOutcome,
  type ApplyPreview,
  type Interval,
  type Suggestion,
  type SuggestionChange,
  type SuggestionList,
  type SuggestionType,
  type TypeRecord,
  isSuggestionType,
} from '@shared/api/suggestions';
import type { Platform } from '@shared/constants';
import { isUuid } from '@shared/validation/dashboard';
import type { DismissInput, SuggestionQueryInput } from '@shared/validation/suggestions';
import { estimateLagProfile, LAG_HORIZON_DAYS } from '../../analysis/lag';
import { chanceOfWorking, measureOutcome, OUTCOME_BASELINE_DAYS } from '../../analysis/outcome';
import { sumByDate } from '../../analysis/window';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/connect';
import { actions, ads, campaigns, connectedAdAccounts, suggestionRuns, suggestions, users } from '../../db/schema';
import { defineJob } from '../../jobs/queue';
import { HttpError, notFound } from '../../lib/httpError';
import { PlatformError } from '../../platforms/types';
import { assertDashboardAccess } from '../access/entitlements';
import type { Principal } from '../access/principal';
import { workspaceAccount } from '../access/workspaceAccount';
import type { Connections } from '../adAccounts/connections';
import { platformFailure } from '../adAccounts/platformFailure';
import { localDay } from '../gamification/localDay';
import { accountEntityDays, conversionObservationsOf } from '../metrics/series.queries';
import { budgetSteps, measuredCampaignOf, measuredCampaignsOf, platformAccountOf, subjectOf, type BudgetChange, createPlatformChanges } from './platformChanges';
import { loadAccountSeries } from '../metrics/accountSeries.queries';
import { analyse, storeFindings } from './suggestions.compute';
import { budgetWords, presentAction, presentSuggestion, type AccountInfo } from './suggestions.presenter';

/** Stable id of the job that recomputes a connection's suggestions (queued by every successful sync). */
export const SUGGESTIONS_JOB = 'suggestions.compute';
/** Stable id of the hourly job that measures applied actions whose horizon has passed. */
export const ACTIONS_EVALUATE_JOB = 'actions.evaluate';
export const ACTIONS_EVALUATE_CRON = '23 * * * *';
/** An action still without data to judge this long after its horizon is closed as 'no clear effect'. */
const OUTCOME_GIVE_UP_DAYS = 7;

const conflict = (detail: string) => new HttpError(409, detail, ErrorCode.Conflict);

type AccountRow = typeof connectedAdAccounts.$inferSelect;
type SuggestionRow = typeof suggestions.$inferSelect;

const accountInfo = (account: AccountRow): AccountInfo => ({ id: account.id, name: account.name, currency: account.currency });

/** Shown (open) now: open, or snoozed with the snooze run out. */
const isOpen = (row: SuggestionRow, now: Date) => row.status === 'open' || (row.status === 'snoozed' && row.snoozedUntil !== null && row.snoozedUntil <= now);

/**
 * Smart Suggestions: computed per account by a job after every successful sync, listed best
 * first, and applied at the platform on a manager's word (checked against the platform's state
 * just before the write, undoable for ten minutes); every applied suggestion is an action whose
 * outcome is measured after its horizon, and how often each type worked ranks the list.
 */
export function createSuggestionsService(ctx: Pick<AppContext, 'db' | 'queue' | 'clock' | 'log'>, connections: Connections) {
  const { db, queue, clock, log } = ctx;
  const changes = createPlatformChanges(ctx, connections);

  /** The platform write; a task (done by hand) has nothing to write. */
  async function write(account: AccountRow, change: SuggestionChange, direction: 'apply' | 'undo', context: Record<string, string>): Promise<void> {
    if (change.kind === 'task') throw conflict(SUGGESTION_MESSAGES.notApplicable);
    await changes.write(account, change, direction, context);
  }

  async function computeAccount(account: AccountRow): Promise<number> {
    const now = clock.now();
    const { series, lag } = await loadAccountSeries(db, account, now);
    const result = analyse(series, lag);
    await storeFindings(db, account, series, result, now);
    return result.findings.length;
  }

  const accountOf = (workspaceId: string, accountRef: string, missing = notFound(SUGGESTION_MESSAGES.notFound)) => workspaceAccount(db, workspaceId, accountRef, missing);

  async function suggestionOf(principal: Principal, id: string): Promise<{ row: SuggestionRow; account: AccountRow }> {
    await assertDashboardAccess(db, principal.workspaceId, clock.now());
    if (!isUuid(id)) throw notFound(SUGGESTION_MESSAGES.notFound);
    const [row] = await db
      .select()
      .from(suggestions)
      .where(and(eq(suggestions.id, id), eq(suggestions.workspaceId, principal.workspaceId)));
    if (!row) throw notFound(SUGGESTION_MESSAGES.notFound);
    return { row, account: await accountOf(principal.workspaceId, row.accountRef) };
  }

  /** How often each type worked in the workspace. */
  async function typeRecords(workspaceId: string): Promise<TypeRecord[]> {
    const rows = await db
      .select({ type: actions.type, outcome: actions.outcome })
      .from(actions)
      .where(and(eq(actions.workspaceId, workspaceId), sql`${actions.outcome} is not null`));
    const byType = new Map<SuggestionType, { measured: number; worked: number }>();
    // Rules' and the optimizer's changes are measured too, but rank no suggestion type.
    for (const row of rows.filter((r) => isSuggestionType(r.type))) {
      const record = byType.get(row.type as SuggestionType) ?? { measured: 0, worked: 0 };
      record.measured += 1;
      if ((row.outcome as ActionOutcome).verdict === 'worked') record.worked += 1;
      byType.set(row.type as SuggestionType, record);
    }
    return [...byType.entries()].map(([type, record]) => ({ type, ...record, chance: chanceOfWorking(record.worked, record.measured) }));
  }

  /** The entity's state at the platform now, in words, and whether the change still starts from it. */
  async function liveState(account: AccountRow, change: SuggestionChange): Promise<{ matches: boolean; words: string }> {
    if (change.kind === 'campaign_budget' || change.kind === 'move_budget' || change.kind === 'budgets') return liveBudgets(account, change);
    if (change.kind !== 'ad_status') return { matches: true, words: '' };
    const list = await connections.use(account.connectionId, account.platform as Platform, (client) => client.listAds(platformAccountOf(account)));
    const ad = list.find((a) => a.id === change.ad_id);
    if (!ad) return { matches: false, words: 'the ad no longer exists' };
    // What the platform says is what Adwise shows from now on.
    await db
      .update(ads)
      .set({ status: ad.status, updatedAt: clock.now() })
      .where(and(eq(ads.accountRef, account.id), eq(ads.adId, ad.id)));
    return { matches: ad.status === change.from, words: ad.status === 'ACTIVE' ? 'Active' : 'Paused' };
  }

  /** liveState, with a platform's failure answered in the platform's words. */
  async function currentState(account: AccountRow, change: SuggestionChange): Promise<{ matches: boolean; words: string }> {
    try {
      return await liveState(account, change);
    } catch (error) {
      if (error instanceof PlatformError) throw platformFailure(error, subjectOf(change));
      throw error;
    }
  }

  /** Every campaign a budget change touches, read at the platform in one listing: all must still have the budget the change starts from. */
  async function liveBudgets(account: AccountRow, change: BudgetChange): Promise<{ matches: boolean; words: string }> {
    const list = await connections.use(account.connectionId, account.platform as Platform, (client) => client.listCampaigns(platformAccountOf(account)));
    const steps = budgetSteps(change);
    const states: { matches: boolean; words: string }[] = [];
    for (const step of steps) {
      const campaign = list.find((c) => c.id === step.campaign_id);
      if (!campaign) {
        states.push({ matches: false, words: 'the campaign no longer exists' });
        continue;
      }
      await db
        .update(campaigns)
        .set({ status: campaign.status, dailyBudgetMinor: campaign.dailyBudgetMinor, updatedAt: clock.now() })
        .where(and(eq(campaigns.accountRef, account.id), eq(campaigns.campaignId, campaign.id)));
      if (campaign.dailyBudgetMinor === null) states.push({ matches: false, words: 'no daily budget of its own' });
      else states.push({ matches: campaign.dailyBudgetMinor === step.from, words: budgetWords(campaign.dailyBudgetMinor, change.currency) });
    }
    return {
      matches: states.every((state) => state.matches),
      // One campaign: its state alone; a move: each campaign named.
      words: steps.length === 1 ? states[0].words : states.map((state, i) => `“${steps[i].campaign_name}”: ${state.words}`).join('; '),
    };
  }

  /** Withdraws advice whose entity changed, and has the account's suggestions recomputed. */
  async function withdraw(row: SuggestionRow, account: AccountRow): Promise<void> {
    await db.update(suggestions).set({ status: 'withdrawn', updatedAt: clock.now() }).where(eq(suggestions.id, row.id));
    await queue.send(SUGGESTIONS_JOB, { connectionId: account.connectionId });
  }

  async function presentActions(workspaceId: string, where = eq(actions.workspaceId, workspaceId)) {
    const rows = await db
      .select({ action: actions, account: connectedAdAccounts, appliedBy: users.fullName })
      .from(actions)
      .innerJoin(connectedAdAccounts, eq(connectedAdAccounts.id, actions.accountRef))
      .leftJoin(users, eq(users.id, actions.appliedBy))
      .where(and(eq(actions.workspaceId, workspaceId), where))
      .orderBy(desc(actions.appliedAt));
    const now = clock.now();
    return rows.map((row) => presentAction(row.action, accountInfo(row.account), row.appliedBy, now));
  }

  /** Measures every applied action whose horizon has passed (of one workspace, or all). */
  async function evaluateDue(workspaceId?: string): Promise<number> {
    const now = clock.now();
    const due = await db
      .select({ action: actions, account: connectedAdAccounts })
      .from(actions)
      .innerJoin(connectedAdAccounts, eq(connectedAdAccounts.id, actions.accountRef))
      .where(
        and(
          eq(actions.status, 'applied'),
          isNull(actions.outcome),
          lte(sql`${actions.appliedAt} + make_interval(days => ${actions.horizonDays})`, now),
          workspaceId ? eq(actions.workspaceId, workspaceId) : undefined,
        ),
      );
    let measured = 0;
    for (const { action, account } of due) {
      const outcome = await measure(action, account, now);
      if (!outcome) continue;
      await db.update(actions).set({ outcome, measuredAt: now }).where(and(eq(actions.id, action.id), isNull(actions.outcome)));
      measured += 1;
    }
    return measured;
  }

  async function measure(action: typeof actions.$inferSelect, account: AccountRow, now: Date): Promise<ActionOutcome | null> {
    const changeDay = localDay(action.appliedAt, account.timeZone);
    const today = localDay(now, account.timeZone);
    const scope = { workspaceId: account.workspaceId, accountRef: account.id };
    const [entities, observations] = await Promise.all([
      accountEntityDays(db, scope, { from: addDays(changeDay, -OUTCOME_BASELINE_DAYS), to: today }),
      conversionObservationsOf(db, scope, addDays(today, -(60 + LAG_HORIZON_DAYS))),
    ]);
    // The campaigns the change touched: a move is judged on both together (what one lost, the other should more than win).
    const touched = measuredCampaignsOf(action.change as SuggestionChange, action.campaignId);
    const days = sumByDate(entities.filter((e) => e.level === 'campaign' && touched.includes(e.entityId)).flatMap((e) => e.days));
    const result = measureOutcome(
      days.filter((d) => d.date < changeDay),
      days.filter((d) => d.date >= changeDay),
      changeDay,
      today,
      estimateLagProfile(observations),
    );
    if (result) return { observed: result.observed, verdict: result.verdict, measured_at: now.toISOString() };
    const giveUpAt = action.appliedAt.getTime() + (action.horizonDays + OUTCOME_GIVE_UP_DAYS) * 86_400_000;
    if (now.getTime() < giveUpAt) return null;
    return { observed: { mid: 0, low: 0, high: 0 }, verdict: 'no_clear_effect', measured_at: now.toISOString() };
  }

  /**
   * Records an applied (or done) suggestion as an action with its forecast, once: a second Apply
   * of the same suggestion that got here later finds the first one's action.
   */
  async function record(principal: Principal, row: SuggestionRow, account: AccountRow, suggestion: Suggestion, what: string) {
    const change = suggestion.change;
    const appliedAt = clock.now();
    const actionId = await db.transaction(async (tx) => {
      const claimed = await tx
        .update(suggestions)
        .set({ status: 'applied', updatedAt: appliedAt })
        .where(and(eq(suggestions.id, row.id), inArray(suggestions.status, ['open', 'snoozed'])))
        .returning({ id: suggestions.id });
      if (claimed.length === 0) {
        // Another Apply of the same suggestion got here first; the platform holds the same state either way.
        const [existing] = await tx.select({ id: actions.id }).from(actions).where(eq(actions.suggestionId, row.id)).orderBy(desc(actions.appliedAt)).limit(1);
        return existing?.id ?? null;
      }
      return changes.recordApplied(
        tx,
        account,
        change,
        {
          suggestionId: row.id,
          type: row.type,
          headline: row.headline,
          campaignId: measuredCampaignOf(change),
          forecast: suggestion.impact.conversions_per_week satisfies Interval,
          appliedBy: principal.userId,
        },
        appliedAt,
      );
    });
    if (!actionId) throw conflict(SUGGESTION_MESSAGES.notOpen);
    log.info({ suggestionId: row.id, actionId, platform: row.platform, type: row.type }, what);
    const [action] = await presentActions(principal.workspaceId, eq(actions.id, actionId));
    return action;
  }

  const api = {
    computeAccount,
    evaluateDue,

    /** Queues the recompute of a connection's suggestions inside the sync's final transaction. */
    async afterSync(tx: Tx, synced: { connectionId: string }): Promise<void> {
      await queue.send(SUGGESTIONS_JOB, { connectionId: synced.connectionId }, { tx });
    },

    /** Recomputes every account of a connection. */
    async computeConnection(connectionId: string): Promise<number> {
      const list = await db.select().from(connectedAdAccounts).where(eq(connectedAdAccounts.connectionId, connectionId));
      let found = 0;
      for (const account of list) found += await computeAccount(account);
      return found;
    },

    /** GET suggestions/: open ones, best first (expected conversions, weighted by how often the type worked here). */
    async list(principal: Principal, query: SuggestionQueryInput): Promise<SuggestionList> {
      const now = clock.now();
      await assertDashboardAccess(db, principal.workspaceId, now);
      if (query.account) await accountOf(principal.workspaceId, query.account, notFound('Account not found.'));
      const rows = await db
        .select({ suggestion: suggestions, account: connectedAdAccounts })
        .from(suggestions)
        .innerJoin(connectedAdAccounts, eq(connectedAdAccounts.id, suggestions.accountRef))
        .where(
          and(
            eq(suggestions.workspaceId, principal.workspaceId),
            or(eq(suggestions.status, 'open'), and(eq(suggestions.status, 'snoozed'), lte(suggestions.snoozedUntil, now))),
            query.type ? eq(suggestions.type, query.type) : undefined,
            query.platform ? eq(suggestions.platform, query.platform) : undefined,
            query.account ? eq(suggestions.accountRef, query.account) : undefined,
          ),
        );
      const chance = new Map((await typeRecords(principal.workspaceId)).map((r) => [r.type, r.chance.mid]));
      const rank = (row: SuggestionRow) => row.score * row.confidence * (chance.get(row.type as SuggestionType) ?? 0.5);
      rows.sort((a, b) => rank(b.suggestion) - rank(a.suggestion) || a.suggestion.id.localeCompare(b.suggestion.id));
      const [run] = await db
        .select({ computedAt: sql<Date | null>`max(${suggestionRuns.computedAt})`, learning: sql<number>`coalesce(sum(${suggestionRuns.learning}), 0)` })
        .from(suggestionRuns)
        .where(and(eq(suggestionRuns.workspaceId, principal.workspaceId), query.account ? eq(suggestionRuns.accountRef, query.account) : undefined));
      const limited = query.limit ? rows.slice(0, query.limit) : rows;
      const computedAt = run?.computedAt ? new Date(run.computedAt) : null;
      return {
        items: limited.map((row) => presentSuggestion(row.suggestion, accountInfo(row.account), now)),
        total: rows.length,
        learning: Number(run?.learning ?? 0),
        computed_at: computedAt ? computedAt.toISOString() : null,
      };
    },

    /** GET suggestions/<id>/preview/: the change, against the entity's state at the platform now. */
    async preview(principal: Principal, id: string): Promise<ApplyPreview> {
      const { row, account } = await suggestionOf(principal, id);
      const now = clock.now();
      if (!isOpen(row, now)) throw conflict(SUGGESTION_MESSAGES.notOpen);
      const body = presentSuggestion(row, accountInfo(account), now);
      const state = await currentState(account, body.change);
      if (!state.matches) await withdraw(row, account);
      return {
        suggestion: state.matches ? body : { ...body, status: 'withdrawn' },
        current_matches: state.matches,
        current_state: state.words,
        detail: state.matches ? null : SUGGESTION_MESSAGES.changedSince(state.words),
      };
    },

    /** POST suggestions/<id>/apply/: checks the platform's state, writes, records the action. */
    async apply(principal: Principal, id: string) {
      const { row, account } = await suggestionOf(principal, id);
      const now = clock.now();
      if (!isOpen(row, now)) throw conflict(SUGGESTION_MESSAGES.notOpen);
      const suggestion: Suggestion = presentSuggestion(row, accountInfo(account), now);
      if (!suggestion.applicable) throw conflict(SUGGESTION_MESSAGES.notApplicable);
      const state = await currentState(account, suggestion.change);
      if (!state.matches) {
        await withdraw(row, account);
        throw conflict(SUGGESTION_MESSAGES.changedSince(state.words));
      }
      await write(account, suggestion.change, 'apply', { suggestionId: row.id });
      return record(principal, row, account, suggestion, 'suggestion applied');
    },

    /** POST suggestions/<id>/done/: a task the user did by hand, recorded (nothing is written to the platform) so its outcome is measured. */
    async markDone(principal: Principal, id: string) {
      const { row, account } = await suggestionOf(principal, id);
      const now = clock.now();
      if (!isOpen(row, now)) throw conflict(SUGGESTION_MESSAGES.notOpen);
      const suggestion: Suggestion = presentSuggestion(row, accountInfo(account), now);
      if (suggestion.change.kind !== 'task') throw conflict(SUGGESTION_MESSAGES.notATask);
      return record(principal, row, account, suggestion, 'task marked done');
    },

    /** POST suggestions/<id>/dismiss/. */
    async dismiss(principal: Principal, id: string, input: DismissInput): Promise<Suggestion> {
      const { row, account } = await suggestionOf(principal, id);
      const now = clock.now();
      if (!isOpen(row, now) && row.status !== 'snoozed') throw conflict(SUGGESTION_MESSAGES.notOpen);
      const [updated] = await db
        .update(suggestions)
        .set({ status: 'dismissed', dismissReason: input.reason, dismissNote: input.note || null, updatedAt: now })
        .where(eq(suggestions.id, row.id))
        .returning();
      return presentSuggestion(updated, accountInfo(account), now);
    },

    /** POST suggestions/<id>/snooze/: hidden for SNOOZE_DAYS. */
    async snooze(principal: Principal, id: string): Promise<Suggestion> {
      const { row, account } = await suggestionOf(principal, id);
      const now = clock.now();
      if (!isOpen(row, now)) throw conflict(SUGGESTION_MESSAGES.notOpen);
      const [updated] = await db
        .update(suggestions)
        .set({ status: 'snoozed', snoozedUntil: new Date(now.getTime() + SNOOZE_DAYS * 86_400_000), updatedAt: now })
        .where(eq(suggestions.id, row.id))
        .returning();
      return presentSuggestion(updated, accountInfo(account), now);
    },

    /**
     * GET actions/: every action, newest first, measuring those whose horizon has just passed.
     * The workspace's record of what Adwise changed at its platforms stays readable to its
     * members when the trial or plan has ended (every change to it still needs dashboard access).
     */
    async actions(principal: Principal): Promise<ActionList> {
      await evaluateDue(principal.workspaceId);
      return { items: await presentActions(principal.workspaceId), ranking: await typeRecords(principal.workspaceId) };
    },

    /** POST actions/<id>/undo/: within the window, the reverse write at the platform. */
    async undo(principal: Principal, id: string) {
      await assertDashboardAccess(db, principal.workspaceId, clock.now());
      if (!isUuid(id)) throw notFound(SUGGESTION_MESSAGES.actionNotFound);
      const [row] = await db
        .select({ action: actions, account: connectedAdAccounts })
        .from(actions)
        .innerJoin(connectedAdAccounts, eq(connectedAdAccounts.id, actions.accountRef))
        .where(and(eq(actions.id, id), eq(actions.workspaceId, principal.workspaceId)));
      if (!row) throw notFound(SUGGESTION_MESSAGES.actionNotFound);
      const { action, account } = row;
      if (action.status === 'undone') throw conflict(SUGGESTION_MESSAGES.alreadyUndone);
      if (clock.now() > action.undoUntil) throw conflict(SUGGESTION_MESSAGES.undoExpired);
      const change = action.change as SuggestionChange;
      // A task was done by hand: undoing it only takes it off the log, nothing goes back to the platform.
      if (change.kind !== 'task') await write(account, change, 'undo', { actionId: action.id });
      const now = clock.now();
      await db.transaction(async (tx) => {
        await tx
          .update(actions)
          .set({ status: 'undone', undoneAt: now, undoneBy: principal.userId })
          .where(and(eq(actions.id, action.id), eq(actions.status, 'applied')));
        await changes.recordState(tx, account, change, 'undo', now);
        // The advice stands again: it is listed until the next run says otherwise.
        if (action.suggestionId) await tx.update(suggestions).set({ status: 'open', updatedAt: now }).where(eq(suggestions.id, action.suggestionId));
      });
      log.info({ actionId: action.id, platform: action.platform }, 'action undone');
      const [presented] = await presentActions(principal.workspaceId, eq(actions.id, action.id));
      return presented;
    },

    computeJob: defineJob({
      id: SUGGESTIONS_JOB,
      payload: object({ connectionId: string().uuid().required() }),
      async handler(payload, { log: jobLog }) {
        jobLog.info({ found: await api.computeConnection(payload.connectionId) }, 'suggestions computed');
      },
    }),

    evaluateJob: defineJob({
      id: ACTIONS_EVALUATE_JOB,
      payload: object({}),
      cron: ACTIONS_EVALUATE_CRON,
      async handler(_payload, { log: jobLog }) {
        jobLog.info({ measured: await evaluateDue() }, 'actions measured');
      },
    }),
  };
  return api;
}
export type SuggestionsService = ReturnType<typeof createSuggestionsService>;
