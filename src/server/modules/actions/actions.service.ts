import {
  ACTION_HORIZON_DAYS,
  ACTION_MESSAGES,
  type ActionList,
  type ActionRecord,
  UNDO_WINDOW_MINUTES,
} from '@shared/api/actions';
import { ErrorCode } from '@shared/api/errors';
import type { Interval, SuggestionChange } from '@shared/api/suggestions';
import { isUuid } from '@shared/validation/uuid';

import type { AppContext } from '../../context';
import type { Tx } from '../../db/connect';
import type { ActionSource } from '../../db/schema';
import { HttpError, notFound } from '../../lib/httpError';
import { PlatformError } from '../../platforms/types';
import { assertDashboardAccess } from '../access/entitlements';
import type { Principal } from '../access/principal';
import type { Connections } from '../adAccounts/connections';
import { platformFailure } from '../adAccounts/platformFailure';
import { createRunHeartbeats } from './actions.heartbeat';
import { createOutcomes } from './actions.measure';
import { createPlatformWrites, type LiveValues } from './actions.platform';
import { accountInfo, presentAction } from './actions.presenter';
import {
  type AccountRow,
  actionById,
  type ActionRow,
  beat,
  claimRun,
  insertAction,
  latestOfSuggestion,
  listedAction,
  listedActions,
  openActionsOn,
  recordAd,
  recordCampaign,
  RUNNING,
  workspaceAction,
} from './actions.queries';
import { createReconciler } from './actions.reconciler';
import { createRunner, type RunResult, type SettleHook } from './actions.run';
import { beginRun, type Direction, journalOf, type JournalStep, stepsOfRow } from './actions.steps';
import { budgetWords, STATUS_WORDS } from './actions.words';

/** Stable id of the hourly job that measures applied actions whose horizon has passed. */
export const ACTIONS_EVALUATE_JOB = 'actions.evaluate';
export const ACTIONS_EVALUATE_CRON = '23 * * * *';
/** Stable id of the job that settles interrupted writes (every minute, at start-up, and when a write is left unknown). */
export const ACTIONS_RECONCILE_JOB = 'actions.reconcile';
export const ACTIONS_RECONCILE_CRON = '* * * * *';
/** A write left without an answer is checked this long after, giving the platform a moment. */
const RECHECK_AFTER_MS = 10_000;
/** How long a second Apply of the same suggestion waits for the first one's writes to end. */
const WAIT_FOR_RUN_MS = 120_000;
const WAIT_POLL_MS = 250;

const conflict = (detail: string) => new HttpError(409, detail, ErrorCode.Conflict);

/** What an action records besides its account, change and time: who or what asked for it, and what it expected. */
export interface ActionEntry {
  source: ActionSource;
  type: string;
  headline: string;
  campaignId: string | null;
  forecast: Interval;
  appliedBy: string | null;
  /** The connected app (MCP client) the change was asked through, when not Adwise itself. */
  viaClient?: string | null;
  suggestionId?: string | null;
  ruleId?: string | null;
  ruleName?: string | null;
  planId?: string | null;
}

/** A change to make at a platform, with who asked for it. */
export interface ApplyRequest {
  account: AccountRow;
  change: SuggestionChange;
  entry: ActionEntry;
  /**
   * The asker's own side of the write-ahead, in its transaction after the action's row is
   * written (claim the suggestion, record the rule's action, take the plan's step): false
   * records nothing and writes nothing.
   */
  claim?: (tx: Tx, actionId: string) => Promise<boolean>;
}

/** Apply's outcome: nothing recorded (the claim was refused), or the action as its run left it. */
export type ApplyResult = { recorded: false } | ({ recorded: true } & RunResult);

/** Thrown inside the write-ahead transaction to roll it back when the claim is refused. */
class ClaimRefused extends Error {}

/** The entity a change's step is about, at the platform now, in words. */
function liveWords(step: JournalStep, live: JournalStep['from'] | null | undefined): string {
  if (live === undefined)
    return step.kind === 'ad_status' ? 'the ad no longer exists' : 'the campaign no longer exists';
  if (live === null) return 'no daily budget of its own';
  if (typeof live === 'number') return budgetWords(live, step.currency ?? '');
  return STATUS_WORDS[live];
}

/**
 * The actions log, and the one way Adwise changes anything at an ad platform (docs/architecture.md: the
 * write seam beside the metrics read seam). Suggestions, rules and the optimizer decide what to
 * change and call apply(); this module records the change's steps before the first platform
 * call, writes them one at a time recording each, ends the action applied, failed or partly
 * applied, undoes and retries it, settles interrupted writes (the reconciler), and measures
 * the outcome after its horizon.
 */
export function createActionsService(
  ctx: Pick<AppContext, 'db' | 'clock' | 'log' | 'queue'>,
  connections: Connections,
) {
  const { db, clock, log, queue } = ctx;
  const hooks = new Map<ActionSource, SettleHook>();
  const writes = createPlatformWrites(connections);
  const heartbeat = createRunHeartbeats((id) => beat(db, id, clock.now()), log);
  const wakeReconciler = async () => {
    await queue.send(
      ACTIONS_RECONCILE_JOB,
      {},
      { singletonKey: 'recheck', startAfter: new Date(Date.now() + RECHECK_AFTER_MS) },
    );
  };
  const runner = createRunner(ctx, { writes, heartbeat, hooks, wakeReconciler });
  const reconciler = createReconciler(ctx, { writes, heartbeat, runner });
  const outcomes = createOutcomes(ctx);

  async function present(workspaceId: string, id: string): Promise<ActionRecord> {
    const row = await listedAction(db, workspaceId, id);
    return presentAction(row.action, accountInfo(row.account), row.appliedBy, clock.now());
  }

  async function actionOf(principal: Principal, id: string) {
    if (!isUuid(id)) throw notFound(ACTION_MESSAGES.notFound);
    const found = await workspaceAction(db, principal.workspaceId, id);
    if (!found) throw notFound(ACTION_MESSAGES.notFound);
    return found;
  }

  /** What the platform holds for each step, and Adwise's copy of those entities set to it. */
  async function readLive(account: AccountRow, steps: Pick<JournalStep, 'kind' | 'entity_id'>[]) {
    const live = await writes.read(account, steps);
    const now = clock.now();
    for (const campaign of live.campaigns) await recordCampaign(db, account, campaign, now);
    for (const ad of live.ads) await recordAd(db, account, ad, now);
    return live.values;
  }

  /** Reads the steps a run will write and refuses it when one is no longer where the journal left it. */
  async function assertUnchanged(account: AccountRow, steps: JournalStep[], subject: string): Promise<void> {
    let values;
    try {
      values = await readLive(account, steps);
    } catch (error) {
      if (error instanceof PlatformError) throw platformFailure(error, subject);
      throw error;
    }
    const moved = steps
      .map((step, i) => ({ step, live: values[i] }))
      .filter(({ step, live }) => (step.at === 'to' ? step.to : step.from) !== live);
    if (moved.length)
      throw conflict(
        ACTION_MESSAGES.changedSince(
          moved.map(({ step, live }) => `“${step.entity_name}”: ${liveWords(step, live)}`).join('; '),
        ),
      );
  }

  /** Waits for an action's run to end (a second request for the same change); the action as it stands after at most WAIT_FOR_RUN_MS. */
  async function waitForRun(id: string): Promise<ActionRow> {
    const deadline = Date.now() + WAIT_FOR_RUN_MS;
    for (;;) {
      const row = (await actionById(db, id))!;
      if (!RUNNING.includes(row.status) || Date.now() >= deadline) return row;
      await new Promise((resolve) => setTimeout(resolve, WAIT_POLL_MS));
    }
  }

  /** Starts a run over an existing action (undo, retry): claimed at once, so two requests never write twice. */
  async function startRun(
    action: ActionRow,
    account: AccountRow,
    direction: Direction,
    by: string | null,
  ): Promise<RunResult> {
    const running = direction === 'apply' ? 'applying' : 'undoing';
    const from = direction === 'apply' ? (['partially_applied'] as const) : (['applied', 'partially_applied'] as const);
    const claimed = await claimRun(db, action.id, [...from], running, beginRun(stepsOfRow(action)), clock.now());
    if (!claimed)
      throw conflict(action.status === 'undone' ? ACTION_MESSAGES.alreadyUndone : ACTION_MESSAGES.inProgress);
    return runner.run(claimed, account, direction, by);
  }

  const api = {
    /**
     * Makes a change at a platform: the action and its steps recorded (`applying`) in one
     * committed transaction with the asker's claim, then the writes. Returns the action as the run
     * left it: applied, failed (nothing changed), partly applied, or still applying when a write
     * got no answer (the reconciler settles it).
     */
    async apply(request: ApplyRequest): Promise<ApplyResult> {
      const { account, change, entry } = request;
      const steps = journalOf(change);
      if (!steps.length) throw new Error('A task is done by hand; nothing is written to the platform.');
      const now = clock.now();
      let action: ActionRow;
      try {
        action = await db.transaction(async (tx) => {
          const row = await insertAction(tx, {
            ...entry,
            workspaceId: account.workspaceId,
            accountRef: account.id,
            platform: account.platform,
            change,
            steps,
            status: 'applying',
            heartbeatAt: now,
            appliedAt: now,
            undoUntil: new Date(now.getTime() + UNDO_WINDOW_MINUTES * 60_000),
            horizonDays: ACTION_HORIZON_DAYS,
          });
          if (request.claim && !(await request.claim(tx, row.id))) throw new ClaimRefused();
          return row;
        });
      } catch (error) {
        if (error instanceof ClaimRefused) return { recorded: false };
        throw error;
      }
      return { recorded: true, ...(await runner.run(action, account, 'apply', entry.appliedBy)) };
    },

    /** A task done by hand: logged as applied, with nothing written to a platform, in the caller's transaction. */
    async recordDone(tx: Tx, account: AccountRow, change: SuggestionChange, entry: ActionEntry): Promise<ActionRow> {
      const now = clock.now();
      return insertAction(tx, {
        ...entry,
        workspaceId: account.workspaceId,
        accountRef: account.id,
        platform: account.platform,
        change,
        status: 'applied',
        appliedAt: now,
        settledAt: now,
        undoUntil: new Date(now.getTime() + UNDO_WINDOW_MINUTES * 60_000),
        horizonDays: ACTION_HORIZON_DAYS,
      });
    },

    /** Registers what a source settles with its actions (composition root only). */
    onSettled(source: ActionSource, hook: SettleHook): void {
      hooks.set(source, hook);
    },

    /**
     * The HTTP error for a run that did not end as wanted: the platform's own refusal when nothing
     * changed; 502 'partially_applied' naming the action when some of it did, or when it is not
     * known yet. Null when it ended as wanted.
     */
    refusalOf(result: RunResult, wanted: 'applied' | 'undone', subject: string): HttpError | null {
      const { action, failure } = result;
      if (action.status === wanted) return null;
      if (action.status === 'partially_applied' || RUNNING.includes(action.status))
        return new HttpError(
          502,
          action.problem ?? ACTION_MESSAGES.inProgress,
          ErrorCode.PartiallyApplied,
          undefined,
          undefined,
          action.id,
        );
      if (failure) return platformFailure(failure, subject);
      return conflict(ACTION_MESSAGES.inProgress);
    },

    /**
     * The entity a change would write, at the platform now: whether every step still starts from
     * the change's `from`, and what is there, in words.
     */
    async currentState(
      account: AccountRow,
      change: SuggestionChange,
    ): Promise<{ matches: boolean; words: string; values: LiveValues }> {
      const steps = journalOf(change);
      if (!steps.length) return { matches: true, words: '', values: [] };
      const values = await readLive(account, steps);
      const words = steps.map((step, i) => liveWords(step, values[i]));
      return {
        matches: steps.every((step, i) => values[i] === step.from),
        // One entity: its state alone; several: each named.
        words: steps.length === 1 ? words[0] : steps.map((step, i) => `“${step.entity_name}”: ${words[i]}`).join('; '),
        values,
      };
    },

    /** An action of the account not settled yet, or taken only in part, that touches what the change would write. */
    async openActionOn(account: AccountRow, change: SuggestionChange): Promise<ActionRow | null> {
      const ids = new Set(journalOf(change).map((step) => `${step.kind}:${step.entity_id}`));
      const open = await openActionsOn(db, account.id);
      return open.find((row) => stepsOfRow(row).some((step) => ids.has(`${step.kind}:${step.entity_id}`))) ?? null;
    },

    /** Whether the newest action of a suggestion is being applied now (an Apply under way). */
    async suggestionBeingApplied(suggestionId: string): Promise<boolean> {
      return (await latestOfSuggestion(db, suggestionId))?.status === 'applying';
    },

    /** The newest action of a suggestion, once any run over it has ended. */
    async settledActionOfSuggestion(suggestionId: string): Promise<ActionRow | null> {
      const latest = await latestOfSuggestion(db, suggestionId);
      return latest ? waitForRun(latest.id) : null;
    },

    present,

    /** GET actions/: every action, newest first, measuring those whose horizon has just passed. The log stays readable when the trial or plan has ended. */
    async list(principal: Principal): Promise<ActionList> {
      await outcomes.evaluateDue(principal.workspaceId);
      const now = clock.now();
      const rows = await listedActions(db, principal.workspaceId);
      return {
        items: rows.map((row) => presentAction(row.action, accountInfo(row.account), row.appliedBy, now)),
        ranking: await outcomes.typeRecords(principal.workspaceId),
      };
    },

    /** GET actions/<id>/. */
    async get(principal: Principal, id: string): Promise<ActionRecord> {
      const { action } = await actionOf(principal, id);
      return present(principal.workspaceId, action.id);
    },

    /** POST actions/<id>/undo/: the reverse write, within the window (a partly applied change: any time). */
    async undo(principal: Principal, id: string): Promise<ActionRecord> {
      await assertDashboardAccess(db, principal.workspaceId, clock.now());
      const { action, account } = await actionOf(principal, id);
      if (action.status === 'undone') throw conflict(ACTION_MESSAGES.alreadyUndone);
      if (RUNNING.includes(action.status)) throw conflict(ACTION_MESSAGES.inProgress);
      if (action.status === 'failed') throw conflict(ACTION_MESSAGES.notUndoable);
      if (action.status === 'applied' && clock.now() > action.undoUntil) throw conflict(ACTION_MESSAGES.undoExpired);
      const steps = stepsOfRow(action);
      if (!steps.length) {
        // A task was done by hand: undoing it only takes it off the log, nothing goes back to the platform.
        await runner.settle({ ...action, status: 'applied' }, steps, 'undo', {
          problem: null,
          note: null,
          by: principal.userId,
        });
        return present(principal.workspaceId, action.id);
      }
      await assertUnchanged(
        account,
        steps.filter((step) => step.at === 'to'),
        'this campaign',
      );
      const result = await startRun(action, account, 'undo', principal.userId);
      const refusal = api.refusalOf(result, 'undone', 'this campaign');
      if (refusal) throw refusal;
      log.info({ actionId: action.id, platform: action.platform }, 'action undone');
      return present(principal.workspaceId, action.id);
    },

    /** POST actions/<id>/retry/: writes what a partly applied change could not. */
    async retry(principal: Principal, id: string): Promise<ActionRecord> {
      await assertDashboardAccess(db, principal.workspaceId, clock.now());
      const { action, account } = await actionOf(principal, id);
      if (RUNNING.includes(action.status)) throw conflict(ACTION_MESSAGES.inProgress);
      if (action.status !== 'partially_applied') throw conflict(ACTION_MESSAGES.notPartial);
      await assertUnchanged(account, stepsOfRow(action), 'this campaign');
      const result = await startRun(action, account, 'apply', principal.userId);
      const refusal = api.refusalOf(result, 'applied', 'this campaign');
      if (refusal) throw refusal;
      log.info({ actionId: action.id, platform: action.platform }, 'action retried');
      return present(principal.workspaceId, action.id);
    },

    evaluateDue: outcomes.evaluateDue,
    typeRecords: outcomes.typeRecords,

    /** One pass of the reconciler; when runs are under way elsewhere, another pass is queued for when they would go stale. */
    async reconcile() {
      const summary = await reconciler.reconcile();
      // In real time from now (the app's clock may be moved in development).
      if (summary.lookAgainAt)
        await queue.send(
          ACTIONS_RECONCILE_JOB,
          {},
          {
            singletonKey: 'look-again',
            startAfter: new Date(Date.now() + summary.lookAgainAt.getTime() - clock.now().getTime()),
          },
        );
      return summary;
    },
  };
  return api;
}
export type ActionsService = ReturnType<typeof createActionsService>;
