import { ACTION_MESSAGES, UNDO_WINDOW_MINUTES } from '@shared/api/actions';
import { type Platform, PLATFORM_LABELS } from '@shared/constants';

import type { AppContext } from '../../context';
import type { Tx } from '../../db/connect';
import type { ActionSource } from '../../db/schema';
import type { PlatformError } from '../../platforms/types';
import { platformFailure } from '../adAccounts/platformFailure';
import type { RunHeartbeats } from './actions.heartbeat';
import type { PlatformWrites } from './actions.platform';
import {
  type AccountRow,
  actionById,
  type ActionRow,
  leaveForReconciler,
  type NewAction,
  recordStepState,
  saveSteps,
  settleRow,
} from './actions.queries';
import {
  type Direction,
  type JournalStep,
  placeOf,
  problemWords,
  runOrder,
  statusAfter,
  valueAt,
} from './actions.steps';

/** Work to do once a settling transaction has committed (an alert, a mail). */
export type AfterCommit = () => Promise<void>;

/**
 * What the module that asked for a change settles with it, in the same transaction as the
 * action's end: a suggestion opened again when nothing changed, a rule's own record and alert, a
 * followed plan stopped. Runs the same whether the run ended live or the reconciler ended it.
 */
export type SettleHook = (tx: Tx, action: ActionRow, direction: Direction) => Promise<AfterCommit | void>;

/** How a run ended: the action as it stands, and the platform's failure when there was one. */
export interface RunResult {
  action: ActionRow;
  failure: PlatformError | null;
}

const wantedStatus = (direction: Direction) => (direction === 'apply' ? 'applied' : 'undone');

/**
 * The runs over an action's steps: the writes, one step at a time, each step's outcome recorded
 * as it lands, the set-back of what the run wrote when a later step fails, and the end of the
 * run (its status, words and hooks in one transaction). A step whose write got no answer is
 * read back; one that cannot be read leaves the run to the reconciler.
 */
export function createRunner(
  ctx: Pick<AppContext, 'db' | 'clock' | 'log'>,
  deps: {
    writes: PlatformWrites;
    heartbeat: RunHeartbeats;
    hooks: Map<ActionSource, SettleHook>;
    wakeReconciler: () => Promise<void>;
  },
) {
  const { db, clock, log } = ctx;
  const { writes, heartbeat, hooks } = deps;

  /** Records where a step stands now, with Adwise's copy of the entity when it is at a known value. */
  async function landed(action: ActionRow, account: AccountRow, steps: JournalStep[], index: number): Promise<void> {
    const step = steps[index];
    await db.transaction(async (tx) => {
      await saveSteps(tx, action.id, steps);
      if (step.at === 'to' || step.at === 'from') await recordStepState(tx, account, step, step.at, clock.now());
    });
  }

  /**
   * Writes a step to a place and records where it stands after. A write that got no answer is
   * read back at once: it may have landed. Returns the platform's failure when it did not land
   * (or when that cannot be told: the step is then 'unknown').
   */
  async function move(
    action: ActionRow,
    account: AccountRow,
    steps: JournalStep[],
    index: number,
    place: 'from' | 'to',
  ): Promise<PlatformError | null> {
    const step = steps[index];
    const outcome = await writes.write(account, step, valueAt(step, place));
    let next: JournalStep;
    if (outcome.ok) {
      next = { ...step, at: place, live: undefined, error: null };
    } else {
      log.warn(
        {
          actionId: action.id,
          platform: outcome.error.platform,
          kind: outcome.error.kind,
          code: outcome.error.code,
          uncertain: outcome.uncertain,
        },
        'the platform did not take a step of a change',
      );
      next = { ...step, error: outcome.error.message };
      if (outcome.uncertain) {
        try {
          const [live] = (await writes.read(account, [step])).values;
          next = { ...next, ...placeOf(step, live) };
        } catch {
          next = { ...next, at: 'unknown' };
        }
      }
    }
    steps[index] = next;
    await landed(action, account, steps, index);
    if (next.at === place) return null;
    return outcome.ok ? null : outcome.error;
  }

  /**
   * After a failure, what the platform holds for every step, when it answers: a refused write may
   * still have landed (an earlier try that timed out), and the record must say what is there.
   */
  async function confirm(action: ActionRow, account: AccountRow, steps: JournalStep[]): Promise<void> {
    let values;
    try {
      ({ values } = await writes.read(account, steps));
    } catch {
      return;
    }
    steps.forEach((step, i) => {
      steps[i] = { ...step, ...placeOf(step, values[i]) };
    });
    await saveSteps(db, action.id, steps);
  }

  /**
   * Ends a run: its status from where the steps stand, and the module that asked for it settles
   * its side in the same transaction. A row another process already ended is left as it is.
   */
  async function settle(
    action: ActionRow,
    steps: JournalStep[],
    direction: Direction,
    words: { problem: string | null; note: string | null; by?: string | null },
  ): Promise<ActionRow> {
    const status = statusAfter(steps, direction);
    const now = clock.now();
    const values: Partial<NewAction> = { status, steps, problem: words.problem, note: words.note, settledAt: now };
    if (status === 'applied' && direction === 'apply')
      values.undoUntil = new Date(now.getTime() + UNDO_WINDOW_MINUTES * 60_000);
    if (status === 'undone') Object.assign(values, { undoneAt: now, undoneBy: words.by ?? null });
    const after: AfterCommit[] = [];
    const saved = await db.transaction(async (tx) => {
      const row = await settleRow(tx, action.id, action.status as ActionRow['status'], values);
      if (!row) return null;
      const then = await hooks.get(row.source)?.(tx, row, direction);
      if (then) after.push(then);
      return row;
    });
    for (const then of after)
      await then().catch((error: unknown) =>
        log.error(
          { actionId: action.id, error: error instanceof Error ? error.message : String(error) },
          'what follows a settled action failed',
        ),
      );
    if (saved) log.info({ actionId: saved.id, status: saved.status, source: saved.source }, 'action settled');
    return saved ?? (await actionById(db, action.id))!;
  }

  /** The words of a run that did not do what it meant to. */
  function problemOf(
    action: ActionRow,
    steps: JournalStep[],
    direction: Direction,
    failure: PlatformError | null,
  ): string | null {
    const status = statusAfter(steps, direction);
    if (status === wantedStatus(direction)) return null;
    if (status === 'partially_applied') return problemWords(action.platform as Platform, steps, direction);
    // Nothing changed: an apply that failed says why; an undo that failed leaves the change applied, as it was.
    if (direction === 'undo') return null;
    return failure ? `Nothing was changed. ${platformFailure(failure).detail}` : 'Nothing was changed.';
  }

  /**
   * One run over a claimed action (its status applying or undoing, its steps' `before` set): the
   * writes in order; on a failure, what this run wrote set back, last first. Anything but a
   * platform's failure (the database, a bug, the process dying) leaves the run as it is for the
   * reconciler.
   */
  async function run(
    action: ActionRow,
    account: AccountRow,
    direction: Direction,
    by: string | null,
  ): Promise<RunResult> {
    const steps = (action.steps as JournalStep[]).map((step) => ({ ...step }));
    const target = direction === 'apply' ? 'to' : 'from';
    heartbeat.hold(action.id);
    try {
      const moved: number[] = [];
      let failure: PlatformError | null = null;
      for (const index of runOrder(steps, direction)) {
        failure = await move(action, account, steps, index, target);
        if (failure) break;
        moved.push(index);
      }
      if (failure) {
        for (const index of moved.reverse()) {
          const error = await move(action, account, steps, index, steps[index].before === 'to' ? 'to' : 'from');
          if (error)
            log.error(
              { actionId: action.id, entityId: steps[index].entity_id, error: error.message },
              'a step written before a refusal could not be set back',
            );
        }
        await confirm(action, account, steps);
      }
      if (steps.some((step) => step.at === 'unknown')) {
        // No answer and no way to read it back: the reconciler settles it once the platform answers
        // (the heartbeat stopped first, so no late beat hides the run from it).
        await heartbeat.release(action.id);
        const label = PLATFORM_LABELS[action.platform as Platform];
        const left =
          (await leaveForReconciler(db, action.id, steps, ACTION_MESSAGES.checking(label))) ??
          (await actionById(db, action.id))!;
        await deps.wakeReconciler();
        return { action: left, failure };
      }
      const settled = await settle(action, steps, direction, {
        problem: problemOf(action, steps, direction, failure),
        note: null,
        by,
      });
      return { action: settled, failure };
    } finally {
      await heartbeat.release(action.id);
    }
  }

  return { run, settle };
}
export type Runner = ReturnType<typeof createRunner>;
