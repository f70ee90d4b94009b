import type { ActionRecord } from '@shared/api/actions';
import { ErrorCode } from '@shared/api/errors';
import type { ConversionBasisView } from '@shared/api/firstParty';
import {
  type ApplyPreview,
  type DismissReason,
  type Interval,
  SNOOZE_DAYS,
  type Suggestion,
  SUGGESTION_MESSAGES,
  type SuggestionChange,
  type SuggestionList,
  type SuggestionType,
} from '@shared/api/suggestions';
import { DAY_MS } from '@shared/days';
import type { DismissInput, SuggestionQueryInput } from '@shared/validation/suggestions';
import { isUuid } from '@shared/validation/uuid';

import type { AppContext } from '../../context';
import type { Tx } from '../../db/connect';
import { HttpError, notFound } from '../../lib/httpError';
import { PlatformError } from '../../platforms/types';
import { assertDashboardAccess } from '../access/entitlements';
import type { Principal } from '../access/principal';
import { type WorkspaceAccount, workspaceAccount } from '../access/workspaceAccount';
import { measuredCampaignOf } from '../actions/actions.measure';
import type { ActionsService } from '../actions/actions.service';
import { platformFailure } from '../adAccounts/platformFailure';
import { conversionCalibration, loadWeighedSeries } from '../firstParty/firstParty.calibration';
import { analyse, storeFindings } from './suggestions.compute';
import { type AccountInfo, presentSuggestion } from './suggestions.presenter';
import {
  accountsOfConnection,
  claimOpen,
  dismissSuggestion,
  lastRun,
  openSuggestions,
  reopen,
  snoozeSuggestion,
  suggestionById,
  type SuggestionRow,
  withdrawSuggestion,
} from './suggestions.queries';

/** Stable id of the job that recomputes a connection's suggestions (queued by every successful sync). */
export const SUGGESTIONS_JOB = 'suggestions.compute';

const conflict = (detail: string) => new HttpError(409, detail, ErrorCode.Conflict);

const accountInfo = (account: WorkspaceAccount): AccountInfo => ({
  id: account.id,
  name: account.name,
  currency: account.currency,
});

/** Shown (open) now: open, or snoozed with the snooze run out. */
const isOpen = (row: SuggestionRow, now: Date) =>
  row.status === 'open' || (row.status === 'snoozed' && row.snoozedUntil !== null && row.snoozedUntil <= now);

/** What a platform's not-found is about. */
const subjectOf = (change: SuggestionChange) => (change.kind === 'ad_status' ? 'this ad' : 'this campaign');

/**
 * Smart Suggestions: computed per account by a job after every successful sync, listed best
 * first, and applied at the platform on a manager's word (checked against the platform's state
 * just before the write) through the actions log, which writes it, offers Undo and measures its
 * outcome; how often each type worked ranks the list.
 */
export function createSuggestionsService(
  ctx: Pick<AppContext, 'db' | 'queue' | 'clock' | 'log'>,
  actions: ActionsService,
) {
  const { db, queue, clock, log } = ctx;

  // An applied suggestion whose change did not happen, or was undone, stands again.
  actions.onSettled('suggestion', async (tx, action) => {
    if (action.suggestionId && (action.status === 'failed' || action.status === 'undone'))
      await reopen(tx, action.suggestionId, clock.now());
  });

  async function computeAccount(account: WorkspaceAccount, calibration?: ConversionBasisView): Promise<number> {
    const now = clock.now();
    const { series, lag } = await loadWeighedSeries(db, account, now, calibration);
    const result = analyse(series, lag);
    await storeFindings(db, account, series, result, now);
    return result.findings.length;
  }

  const accountOf = (workspaceId: string, accountRef: string, missing = notFound(SUGGESTION_MESSAGES.notFound)) =>
    workspaceAccount(db, workspaceId, accountRef, missing);

  async function suggestionOf(
    principal: Principal,
    id: string,
  ): Promise<{ row: SuggestionRow; account: WorkspaceAccount }> {
    await assertDashboardAccess(db, principal.workspaceId, clock.now());
    if (!isUuid(id)) throw notFound(SUGGESTION_MESSAGES.notFound);
    const row = await suggestionById(db, principal.workspaceId, id);
    if (!row) throw notFound(SUGGESTION_MESSAGES.notFound);
    return { row, account: await accountOf(principal.workspaceId, row.accountRef) };
  }

  /**
   * Whether the change still starts from what the platform holds, in the platform's words. A
   * difference Adwise's own unfinished change explains (a write under way, or one the platform
   * took only in part) never withdraws the advice: the action says what to do about it. When that
   * change is this suggestion's own Apply (another request claimed it meanwhile), `ownApply` says
   * so, and the caller answers with that Apply's action.
   */
  async function currentState(
    account: WorkspaceAccount,
    change: SuggestionChange,
    suggestionId: string,
  ): Promise<{ matches: boolean; words: string; ownApply: boolean }> {
    let state;
    try {
      state = await actions.currentState(account, change);
    } catch (error) {
      if (error instanceof PlatformError) throw platformFailure(error, subjectOf(change));
      throw error;
    }
    if (state.matches) return { ...state, ownApply: false };
    const open = await actions.openActionOn(account, change);
    if (open?.suggestionId === suggestionId) return { ...state, ownApply: true };
    if (open) throw conflict(SUGGESTION_MESSAGES.ownChangeOpen);
    return { ...state, ownApply: false };
  }

  /**
   * Withdraws advice whose entity changed, and has the account's suggestions recomputed. False
   * when the advice no longer stood: another Apply claimed it (and made the change seen), or it
   * was dismissed, after this request read it open.
   */
  async function withdraw(row: SuggestionRow, account: WorkspaceAccount): Promise<boolean> {
    if (!(await withdrawSuggestion(db, row.id, clock.now()))) return false;
    await queue.send(SUGGESTIONS_JOB, { connectionId: account.connectionId });
    return true;
  }

  const entryOf = (principal: Principal, row: SuggestionRow, suggestion: Suggestion) => ({
    source: 'suggestion' as const,
    suggestionId: row.id,
    type: row.type,
    headline: row.headline,
    campaignId: measuredCampaignOf(suggestion.change),
    forecast: suggestion.impact.conversions_per_week satisfies Interval,
    appliedBy: principal.userId,
    viaClient: principal.viaClient ?? null,
  });

  /** The answer to a second Apply that lost the claim to a first one: the first one's action once its writes end. */
  async function firstApplyOf(
    principal: Principal,
    row: SuggestionRow,
    change: SuggestionChange,
  ): Promise<ActionRecord> {
    const existing = await actions.settledActionOfSuggestion(row.id);
    if (!existing) throw conflict(SUGGESTION_MESSAGES.notOpen);
    const refusal = actions.refusalOf({ action: existing, failure: null }, 'applied', subjectOf(change));
    if (refusal) throw existing.status === 'failed' ? conflict(SUGGESTION_MESSAGES.notOpen) : refusal;
    return actions.present(principal.workspaceId, existing.id);
  }

  const api = {
    computeAccount,

    /** Queues the recompute of a connection's suggestions inside the sync's final transaction. */
    async afterSync(tx: Tx, synced: { connectionId: string }): Promise<void> {
      await queue.send(SUGGESTIONS_JOB, { connectionId: synced.connectionId }, { tx });
    },

    /** Recomputes every account of a connection. */
    async computeConnection(connectionId: string): Promise<number> {
      const accounts = await accountsOfConnection(db, connectionId);
      if (!accounts.length) return 0;
      // A connection's accounts share one workspace, and so one calibration.
      const calibration = await conversionCalibration(db, accounts[0].workspaceId, clock.now());
      let found = 0;
      for (const account of accounts) found += await computeAccount(account, calibration);
      return found;
    },

    /** GET suggestions/: open ones, best first (expected conversions, weighted by how often the type worked here). */
    async list(principal: Principal, query: SuggestionQueryInput): Promise<SuggestionList> {
      const now = clock.now();
      await assertDashboardAccess(db, principal.workspaceId, now);
      if (query.account) await accountOf(principal.workspaceId, query.account, notFound('Account not found.'));
      const rows = await openSuggestions(db, principal.workspaceId, now, {
        type: query.type as SuggestionType | undefined,
        platform: query.platform,
        account: query.account,
      });
      const chance = new Map((await actions.typeRecords(principal.workspaceId)).map((r) => [r.type, r.chance.mid]));
      const rank = (row: SuggestionRow) => row.score * row.confidence * (chance.get(row.type as SuggestionType) ?? 0.5);
      rows.sort((a, b) => rank(b.suggestion) - rank(a.suggestion) || a.suggestion.id.localeCompare(b.suggestion.id));
      const run = await lastRun(db, principal.workspaceId, query.account);
      const limited = query.limit ? rows.slice(0, query.limit) : rows;
      return {
        items: limited.map((row) => presentSuggestion(row.suggestion, accountInfo(row.account), now)),
        total: rows.length,
        learning: run.learning,
        computed_at: run.computedAt ? run.computedAt.toISOString() : null,
      };
    },

    /** One suggestion of the workspace as the list presents it, whatever its status (nothing is read at the platform). */
    async get(principal: Principal, id: string): Promise<Suggestion> {
      const { row, account } = await suggestionOf(principal, id);
      return presentSuggestion(row, accountInfo(account), clock.now());
    },

    /** GET suggestions/<id>/preview/: the change, against the entity's state at the platform now. */
    async preview(principal: Principal, id: string): Promise<ApplyPreview> {
      const { row, account } = await suggestionOf(principal, id);
      const now = clock.now();
      if (!isOpen(row, now)) throw conflict(SUGGESTION_MESSAGES.notOpen);
      const body = presentSuggestion(row, accountInfo(account), now);
      const state = await currentState(account, body.change, row.id);
      if (state.ownApply || (!state.matches && !(await withdraw(row, account))))
        throw conflict(SUGGESTION_MESSAGES.notOpen);
      return {
        suggestion: state.matches ? body : { ...body, status: 'withdrawn' },
        current_matches: state.matches,
        current_state: state.words,
        detail: state.matches ? null : SUGGESTION_MESSAGES.changedSince(state.words),
      };
    },

    /**
     * POST suggestions/<id>/apply/: checks the platform's state, then the actions log writes the
     * change (the suggestion claimed in the same transaction that records it). Applies of one
     * suggestion sent at once write once, and each gets the first one's action, wherever the
     * others were when the first claimed it: reading the suggestion (already applied, its write
     * under way), or reading the platform (which holds the first one's change, or shows it under
     * way). An Apply after the first one's write ended is told the advice no longer stands.
     */
    async apply(principal: Principal, id: string): Promise<ActionRecord> {
      const { row, account } = await suggestionOf(principal, id);
      const now = clock.now();
      const suggestion: Suggestion = presentSuggestion(row, accountInfo(account), now);
      if (!isOpen(row, now)) {
        if (row.status === 'applied' && (await actions.suggestionBeingApplied(row.id)))
          return firstApplyOf(principal, row, suggestion.change);
        throw conflict(SUGGESTION_MESSAGES.notOpen);
      }
      if (!suggestion.applicable) throw conflict(SUGGESTION_MESSAGES.notApplicable);
      const state = await currentState(account, suggestion.change, row.id);
      if (state.ownApply) return firstApplyOf(principal, row, suggestion.change);
      if (!state.matches) {
        if (await withdraw(row, account)) throw conflict(SUGGESTION_MESSAGES.changedSince(state.words));
        return firstApplyOf(principal, row, suggestion.change);
      }
      const result = await actions.apply({
        account,
        change: suggestion.change,
        entry: entryOf(principal, row, suggestion),
        claim: (tx) => claimOpen(tx, row.id, clock.now()),
      });
      if (!result.recorded) return firstApplyOf(principal, row, suggestion.change);
      const refusal = actions.refusalOf(result, 'applied', subjectOf(suggestion.change));
      if (refusal) throw refusal;
      log.info(
        { suggestionId: row.id, actionId: result.action.id, platform: row.platform, type: row.type },
        'suggestion applied',
      );
      return actions.present(principal.workspaceId, result.action.id);
    },

    /** POST suggestions/<id>/done/: a task the user did by hand, recorded (nothing is written to the platform) so its outcome is measured. */
    async markDone(principal: Principal, id: string): Promise<ActionRecord> {
      const { row, account } = await suggestionOf(principal, id);
      const now = clock.now();
      if (!isOpen(row, now)) throw conflict(SUGGESTION_MESSAGES.notOpen);
      const suggestion: Suggestion = presentSuggestion(row, accountInfo(account), now);
      if (suggestion.change.kind !== 'task') throw conflict(SUGGESTION_MESSAGES.notATask);
      const actionId = await db.transaction(async (tx) => {
        if (!(await claimOpen(tx, row.id, clock.now()))) return null;
        return (await actions.recordDone(tx, account, suggestion.change, entryOf(principal, row, suggestion))).id;
      });
      if (!actionId) throw conflict(SUGGESTION_MESSAGES.notOpen);
      log.info({ suggestionId: row.id, actionId, platform: row.platform, type: row.type }, 'task marked done');
      return actions.present(principal.workspaceId, actionId);
    },

    /** POST suggestions/<id>/dismiss/. */
    async dismiss(principal: Principal, id: string, input: DismissInput): Promise<Suggestion> {
      const { row, account } = await suggestionOf(principal, id);
      const now = clock.now();
      if (!isOpen(row, now) && row.status !== 'snoozed') throw conflict(SUGGESTION_MESSAGES.notOpen);
      const updated = await dismissSuggestion(db, row.id, input.reason as DismissReason, input.note || null, now);
      return presentSuggestion(updated, accountInfo(account), now);
    },

    /** POST suggestions/<id>/snooze/: hidden for SNOOZE_DAYS. */
    async snooze(principal: Principal, id: string): Promise<Suggestion> {
      const { row, account } = await suggestionOf(principal, id);
      const now = clock.now();
      if (!isOpen(row, now)) throw conflict(SUGGESTION_MESSAGES.notOpen);
      const updated = await snoozeSuggestion(db, row.id, new Date(now.getTime() + SNOOZE_DAYS * DAY_MS), now);
      return presentSuggestion(updated, accountInfo(account), now);
    },
  };
  return api;
}
export type SuggestionsService = ReturnType<typeof createSuggestionsService>;
