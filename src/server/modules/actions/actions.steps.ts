import type { ActionStatus, ActionStepView, StepState } from '@shared/api/actions';
import type { EntityStatus, SuggestionChange } from '@shared/api/suggestions';
import { type Platform, PLATFORM_LABELS } from '@shared/constants';

import { budgetWords, STATUS_WORDS } from './actions.words';

/**
 * The journal of a change, pure: the platform writes a change is made of (its steps), the order
 * they are written in, where a run over them ends, and the words for a change the platform took
 * only in part. The service writes the journal; this file only reasons about it.
 */

/** Where a step stands at the platform: at its value before the change, at its value after, not known (a write without an answer), or at neither (changed outside Adwise). */
export type StepAt = 'from' | 'to' | 'unknown' | 'other';

/** A run writes the change (apply, or retry of what is left) or its reverse (undo). */
export type Direction = 'apply' | 'undo';

/** One platform write of a change, as the actions row's `steps` keeps it. */
export interface JournalStep {
  kind: 'ad_status' | 'campaign_status' | 'campaign_budget';
  /** The platform's id of the ad or campaign. */
  entity_id: string;
  entity_name: string;
  /** An ad's campaign, for its words. */
  campaign_name?: string;
  /** A budget's currency (minor units). */
  currency?: string;
  from: EntityStatus | number;
  to: EntityStatus | number;
  /** Where it stood when the current (or last) run over the steps began. */
  before: StepAt;
  /** Where it stands now, as far as Adwise knows. */
  at: StepAt;
  /** What the platform held when it was at neither value. */
  live?: EntityStatus | number | null;
  /** The platform's words when a write of this step last failed. */
  error?: string | null;
}

const fresh = (step: Omit<JournalStep, 'before' | 'at'>): JournalStep => ({ ...step, before: 'from', at: 'from' });

/**
 * The steps of a change in the order Apply writes them: budgets that fall before budgets that
 * rise (a move lowers its source first, so the account never spends more than before, even half
 * way); a task has none.
 */
export function journalOf(change: SuggestionChange): JournalStep[] {
  switch (change.kind) {
    case 'ad_status':
      return [
        fresh({
          kind: 'ad_status',
          entity_id: change.ad_id,
          entity_name: change.ad_name,
          campaign_name: change.campaign_name,
          from: change.from,
          to: change.to,
        }),
      ];
    case 'campaign_status':
      return [
        fresh({
          kind: 'campaign_status',
          entity_id: change.campaign_id,
          entity_name: change.campaign_name,
          from: change.from,
          to: change.to,
        }),
      ];
    case 'campaign_budget':
      return [
        fresh({
          kind: 'campaign_budget',
          entity_id: change.campaign_id,
          entity_name: change.campaign_name,
          currency: change.currency,
          from: change.from,
          to: change.to,
        }),
      ];
    case 'move_budget':
      return [change.source, change.target].map((move) =>
        fresh({
          kind: 'campaign_budget',
          entity_id: move.campaign_id,
          entity_name: move.campaign_name,
          currency: change.currency,
          from: move.from,
          to: move.to,
        }),
      );
    case 'budgets':
      return [...change.steps]
        .sort((a, b) => a.to - a.from - (b.to - b.from))
        .map((move) =>
          fresh({
            kind: 'campaign_budget',
            entity_id: move.campaign_id,
            entity_name: move.campaign_name,
            currency: change.currency,
            from: move.from,
            to: move.to,
          }),
        );
    case 'task':
      return [];
  }
}

/** The journal of an action logged before the journal existed (or a task): its change's steps, all where its status says. */
export function stepsOfRow(row: { steps: unknown; change: unknown; status: ActionStatus }): JournalStep[] {
  const stored = row.steps as JournalStep[];
  if (stored.length) return stored;
  const at: StepAt = row.status === 'undone' || row.status === 'failed' ? 'from' : 'to';
  return journalOf(row.change as SuggestionChange).map((step) => ({ ...step, before: at, at }));
}

/** Where a run takes each of its steps. */
export const targetOf = (direction: Direction): StepAt => (direction === 'apply' ? 'to' : 'from');

/** The value a step is written to for a place. */
export const valueAt = (step: JournalStep, at: 'from' | 'to') => (at === 'to' ? step.to : step.from);

/** The steps a run writes, in its order: apply (or retry) writes what is not done yet; undo takes back what is, last first. */
export function runOrder(steps: JournalStep[], direction: Direction): number[] {
  const indices = steps.map((_, i) => i);
  return direction === 'apply'
    ? indices.filter((i) => steps[i].at !== 'to')
    : indices.filter((i) => steps[i].at === 'to').reverse();
}

/** The journal at the start of a run: each step's place now is where the run may set it back to. */
export const beginRun = (steps: JournalStep[]): JournalStep[] =>
  steps.map((step) => ({ ...step, before: step.at, error: null }));

/** Where a step stands, given what the platform holds for it. */
export function placeOf(
  step: JournalStep,
  live: EntityStatus | number | null | undefined,
): Pick<JournalStep, 'at' | 'live'> {
  if (live === step.to) return { at: 'to', live: undefined };
  if (live === step.from) return { at: 'from', live: undefined };
  // Kept as null when the entity is gone (JSON has no undefined).
  return { at: 'other', live: live ?? null };
}

/**
 * How a run over the steps ends, once every step's place is known: every step done is applied,
 * none done is failed (a first apply) or undone (after an undo), anything between is partly applied.
 */
export function statusAfter(steps: JournalStep[], direction: Direction): Exclude<ActionStatus, 'applying' | 'undoing'> {
  const done = steps.filter((step) => step.at === 'to').length;
  if (steps.length && done === steps.length) return 'applied';
  if (done === 0) return direction === 'undo' ? 'undone' : 'failed';
  return 'partially_applied';
}

/** Whether the run changed nothing it meant to (every step it writes still where it began). */
export const untouched = (steps: JournalStep[]) => steps.every((step) => step.at === step.before);

const valueWords = (step: JournalStep, value: EntityStatus | number | null | undefined): string => {
  if (value === undefined)
    return step.kind === 'ad_status' ? 'the ad no longer exists' : 'the campaign no longer exists';
  if (value === null) return 'no daily budget of its own';
  return typeof value === 'number' ? budgetWords(value, step.currency ?? '') : STATUS_WORDS[value];
};

const nounOf = (step: JournalStep) =>
  step.kind === 'ad_status' ? `ad “${step.entity_name}”` : `campaign “${step.entity_name}”`;

/** What a step does, as a verb: 'lower' the budget, 'pause' an ad. */
function verbOf(step: JournalStep): { base: string; past: string } {
  if (step.kind === 'campaign_budget')
    return Number(step.to) > Number(step.from) ? { base: 'raise', past: 'raised' } : { base: 'lower', past: 'lowered' };
  return step.to === 'PAUSED' ? { base: 'pause', past: 'paused' } : { base: 'resume', past: 'resumed' };
}

/** What a step writes, in the words of the confirmation ('lower the daily budget of campaign “A” from … to …'). */
function stepPhrase(step: JournalStep, verb: string): string {
  if (step.kind === 'campaign_budget')
    return `${verb} the daily budget of ${nounOf(step)} from ${valueWords(step, step.from)} to ${valueWords(step, step.to)}`;
  return `${verb} ${nounOf(step)}`;
}

/** One line per step, naming the platform ('Google Ads: lower the daily budget of campaign “A” from … to …'). */
export function stepLine(platform: Platform, step: JournalStep): string {
  const line = stepPhrase(step, verbOf(step).base);
  return `${PLATFORM_LABELS[platform]}: ${line}`;
}

const STATE_OF: Record<StepAt, StepState> = {
  to: 'done',
  from: 'not_done',
  unknown: 'unknown',
  other: 'changed_outside',
};

export const stepViews = (platform: Platform, steps: JournalStep[]): ActionStepView[] =>
  steps.map((step) => ({ line: stepLine(platform, step), state: STATE_OF[step.at] }));

const joined = (parts: string[], word: string) =>
  parts.length <= 1 ? parts.join('') : `${parts.slice(0, -1).join(', ')} ${word} ${parts[parts.length - 1]}`;

/**
 * What is at the platform after a run that did not do everything, in words: 'Google Ads: we
 * lowered the daily budget of campaign “A” from … to … but could not raise the daily budget of
 * campaign “B” (it is still USD 16.60 a day).' For an undo: what was set back and what could not
 * be. Null when the run did all it meant to, or nothing at all.
 */
export function problemWords(platform: Platform, steps: JournalStep[], direction: Direction): string | null {
  const target = targetOf(direction);
  const moved = steps.filter((step) => step.before !== target && step.at === target);
  const stuck = steps.filter((step) => step.before !== target && step.at !== target);
  const label = PLATFORM_LABELS[platform];
  if (!stuck.length) return null;
  const stuckWords = (step: JournalStep) => {
    if (step.at === 'unknown')
      return `could not tell whether it ${direction === 'apply' ? verbOf(step).past : 'set back'} ${nounOf(step)}`;
    const now =
      step.at === 'other'
        ? `it is now ${valueWords(step, step.live)}, changed outside Adwise`
        : `it is still ${valueWords(step, valueAt(step, step.at))}`;
    return direction === 'apply'
      ? `could not ${stepPhrase(step, verbOf(step).base)} (${now})`
      : `could not set ${nounOf(step)} back to ${valueWords(step, step.from)} (${now})`;
  };
  const movedWords = (step: JournalStep) =>
    direction === 'apply'
      ? stepPhrase(step, verbOf(step).past)
      : `set ${nounOf(step)} back to ${valueWords(step, step.from)}`;
  const could = joined(stuck.map(stuckWords), 'or');
  if (!moved.length) return `${label}: we ${could}.`;
  return `${label}: we ${joined(moved.map(movedWords), 'and')} but ${could}.`;
}
