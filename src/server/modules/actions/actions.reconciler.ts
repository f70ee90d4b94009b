import { type Platform, PLATFORM_LABELS } from '@shared/constants';

import type { AppContext } from '../../context';
import { PlatformError } from '../../platforms/types';
import { type RunHeartbeats, STALE_AFTER_MS } from './actions.heartbeat';
import type { PlatformWrites } from './actions.platform';
import {
  accountById,
  type ActionRow,
  claimInterrupted,
  interruptedRuns,
  latestHeartbeat,
  recordAd,
  recordCampaign,
  saveSteps,
} from './actions.queries';
import type { Runner } from './actions.run';
import { type Direction, type JournalStep, placeOf, problemWords, targetOf, valueAt } from './actions.steps';

/** Interrupted runs checked in one pass (the rest wait for the next). */
const BATCH = 50;
/** A run whose platform cannot be read for this long is settled as taken in part, with words saying what to check. */
export const RECONCILE_GIVE_UP_MS = 24 * 3_600_000;

/** What one pass did. */
export interface ReconcileSummary {
  checked: number;
  finished: number;
  nothing: number;
  setBack: number;
  unreadable: number;
}

export const RECONCILE_NOTES = {
  finished: (label: string, direction: Direction) =>
    `Checked at ${label} after the write was interrupted: every step had landed, so the ${direction === 'apply' ? 'change' : 'undo'} is complete.`,
  nothing: (label: string, direction: Direction) =>
    `Checked at ${label} after the write was interrupted: nothing had been ${direction === 'apply' ? 'changed' : 'set back'}.`,
  setBack: (label: string) =>
    `Checked at ${label} after the write was interrupted: it had been made only in part, so Adwise set back what it had written.`,
  gaveUp: (label: string) =>
    `Adwise could not reach ${label} to check this change after it was interrupted. Check the campaigns and ads below at ${label}.`,
} as const;

/**
 * The reconciler: finds runs whose heartbeat stopped (the process died, or a write got no answer
 * that could be read back), reads what the platform holds for each step, and settles the run:
 * finished when every step landed, as it was when none did, and set back when some did (a
 * set-back that fails leaves it partly applied, in words). One process takes each run (a
 * compare-and-set on its heartbeat), so replicas may all look.
 */
export function createReconciler(
  ctx: Pick<AppContext, 'db' | 'clock' | 'log'>,
  deps: { writes: PlatformWrites; heartbeat: RunHeartbeats; runner: Runner },
) {
  const { db, clock, log } = ctx;
  const { writes, heartbeat, runner } = deps;

  async function check(row: ActionRow): Promise<keyof Omit<ReconcileSummary, 'checked'>> {
    const account = (await accountById(db, row.accountRef))!;
    const label = PLATFORM_LABELS[row.platform as Platform];
    const direction: Direction = row.status === 'undoing' ? 'undo' : 'apply';
    const target = targetOf(direction);
    const journal = row.steps as JournalStep[];
    let steps: JournalStep[];
    try {
      const live = await writes.read(account, journal);
      steps = journal.map((step, i) => ({ ...step, ...placeOf(step, live.values[i]) }));
      const now = clock.now();
      for (const campaign of live.campaigns) await recordCampaign(db, account, campaign, now);
      for (const ad of live.ads) await recordAd(db, account, ad, now);
    } catch (error) {
      if (!(error instanceof PlatformError)) throw error;
      log.warn(
        { actionId: row.id, platform: error.platform, kind: error.kind },
        'an interrupted change could not be checked at the platform',
      );
      if (clock.now().getTime() - row.appliedAt.getTime() < RECONCILE_GIVE_UP_MS) return 'unreadable';
      const unknown = journal.map((step) => (step.before === target ? step : { ...step, at: 'unknown' as const }));
      await runner.settle(row, unknown, direction, {
        problem: `${problemWords(row.platform as Platform, unknown, direction)} ${RECONCILE_NOTES.gaveUp(label)}`,
        note: null,
      });
      return 'unreadable';
    }
    const moved = steps
      .map((step, i) => ({ step, i }))
      .filter(({ step }) => step.before !== target && step.at === target);
    const meant = steps.filter((step) => step.before !== target);
    if (moved.length === meant.length) {
      await runner.settle(row, steps, direction, { problem: null, note: RECONCILE_NOTES.finished(label, direction) });
      return 'finished';
    }
    if (!moved.length) {
      await runner.settle(row, steps, direction, {
        problem: problemWords(row.platform as Platform, steps, direction),
        note: RECONCILE_NOTES.nothing(label, direction),
      });
      return 'nothing';
    }
    // Made in part: back to where the run began, last written first.
    for (const { i } of moved.reverse()) {
      const back = steps[i].before === 'to' ? 'to' : 'from';
      const outcome = await writes.write(account, steps[i], valueAt(steps[i], back));
      steps[i] = outcome.ok
        ? { ...steps[i], at: back, error: null }
        : { ...steps[i], at: outcome.uncertain ? 'unknown' : steps[i].at, error: outcome.error.message };
      await saveSteps(db, row.id, steps);
    }
    // A set-back without an answer is checked again on the next pass.
    if (steps.some((step) => step.at === 'unknown')) return 'unreadable';
    const problem = problemWords(row.platform as Platform, steps, direction);
    await runner.settle(row, steps, direction, { problem, note: RECONCILE_NOTES.setBack(label) });
    return 'setBack';
  }

  return {
    /**
     * One pass over the interrupted runs. Returns what it did, and when to look again: the moment
     * the freshest heartbeat of a run under way in another process would go stale (null: none).
     */
    async reconcile(): Promise<ReconcileSummary & { lookAgainAt: Date | null }> {
      const now = clock.now();
      const summary: ReconcileSummary = { checked: 0, finished: 0, nothing: 0, setBack: 0, unreadable: 0 };
      for (const row of await interruptedRuns(db, new Date(now.getTime() - STALE_AFTER_MS), BATCH)) {
        // This process's own run, whose heartbeat is late: not interrupted.
        if (heartbeat.holds(row.id)) continue;
        const claimed = await claimInterrupted(db, row, clock.now());
        if (!claimed) continue;
        summary.checked += 1;
        heartbeat.hold(claimed.id);
        try {
          summary[await check(claimed)] += 1;
        } catch (error) {
          log.error(
            { actionId: claimed.id, error: error instanceof Error ? error.message : String(error) },
            'an interrupted change could not be settled',
          );
        } finally {
          await heartbeat.release(claimed.id);
        }
      }
      const latest = await latestHeartbeat(db);
      const lookAgainAt = latest
        ? new Date(Math.max(latest.getTime() + STALE_AFTER_MS + 1_000, clock.now().getTime() + 1_000))
        : null;
      if (summary.checked) log.info(summary, 'interrupted changes reconciled');
      return { ...summary, lookAgainAt };
    },
  };
}
export type Reconciler = ReturnType<typeof createReconciler>;
