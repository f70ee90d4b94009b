import type { Platform } from '../constants';
import type { Interval, SuggestionType, TypeRecord } from './suggestions';

/**
 * The actions log: every change Adwise made (or tried to make) at an ad platform, whoever asked
 * for it (an applied suggestion, an automated rule, the budget optimizer), with its steps as they
 * landed, Undo, and its measured outcome. Every route needs the signed-in user's access token and
 * answers for the current workspace. Reading needs 'suggestions:read' (owner, manager, viewer);
 * Undo and Retry need 'suggestions:apply' (owner, manager).
 *
 * GET  actions/                -> ActionList     what we did and did it work, newest first
 * GET  actions/<id>/           -> ActionRecord   one action as it stands (an `applying` one is being written or checked)
 * POST actions/<id>/undo/      -> ActionRecord   the reverse write: within UNDO_WINDOW_MINUTES, or any time for a partly applied change
 * POST actions/<id>/retry/     -> ActionRecord   writes the steps a partly applied change could not
 *
 * How a change reaches a platform: its steps (each campaign or ad it touches, with its value
 * before and after) are recorded as `applying` before the first platform call, each step's
 * outcome as it lands; the action ends `applied`, `failed` (nothing changed) or
 * `partially_applied` (`problem` says what is at the platform now). A change interrupted half-way
 * (the platform stopped answering, the server stopped) is finished or set back by a reconciler
 * that reads the platform's state, and `note` says which.
 *
 * Failures: a platform refusing answers with its reason (code 'platform_error'); a write it took
 * only in part answers 502 (code 'partially_applied', `action_id` naming the action); something
 * changed at the platform since answers 409; Undo after its window is a 409; another workspace's
 * action is a 404.
 */

/** Apply can be undone for this long. */
export const UNDO_WINDOW_MINUTES = 10;
/** An applied change's outcome is measured this many days after it was applied. */
export const ACTION_HORIZON_DAYS = 7;

/**
 * applying: recorded, being written (or checked after an interruption); applied: every step
 * landed; failed: nothing changed; partially_applied: some steps landed and others did not;
 * undoing: the reverse write is under way; undone: every step is back where it was.
 */
export const ACTION_STATUSES = ['applying', 'applied', 'failed', 'partially_applied', 'undoing', 'undone'] as const;
export type ActionStatus = (typeof ACTION_STATUSES)[number];

/** Where one step of a change stands at the platform, as far as Adwise knows. */
export type StepState = 'done' | 'not_done' | 'unknown' | 'changed_outside';

export interface ActionStepView {
  /** 'Google Ads: lower the daily budget of campaign “Spring Sale” from USD 16.00 a day to USD 15.00 a day'. */
  line: string;
  state: StepState;
}

export type Verdict = 'worked' | 'no_clear_effect' | 'backfired';

export const VERDICT_LABELS: Record<Verdict, string> = {
  worked: 'Worked',
  no_clear_effect: 'No clear effect',
  backfired: 'Backfired',
};

export interface ActionOutcome {
  /** Conversions per week the change added, as observed, with an interval. */
  observed: Interval;
  verdict: Verdict;
  measured_at: string;
}

export interface ActionRecord {
  id: string;
  suggestion_id: string | null;
  /** The automated rule that made the change (null: a suggestion applied by a person). */
  rule: { id: string | null; name: string } | null;
  /** The suggestion's type; 'rule' for a change an automated rule made, 'optimizer' for an applied budget plan, 'manual' for a pause or resume from the dashboard. */
  type: SuggestionType | 'rule' | 'optimizer' | 'manual';
  platform: Platform;
  account: { id: string; name: string; currency: string };
  headline: string;
  change_lines: string[];
  /** Each platform write of the change, in the order it is made, with where it stands. */
  steps: ActionStepView[];
  /** A task the user did by hand and marked as done (nothing was written to a platform). */
  by_hand: boolean;
  applied_by: { id: string | null; name: string };
  /** The connected app (an AI assistant over MCP) that asked for the change for `applied_by`; null when asked in Adwise itself. Shown as "by <via> for <applied_by>". */
  via: string | null;
  applied_at: string;
  undo_until: string;
  /** Whether Undo is possible now: applied and within the window, or partly applied (any time). */
  can_undo: boolean;
  /** Whether Retry is possible now: partly applied. */
  can_retry: boolean;
  undone_at: string | null;
  status: ActionStatus;
  /** What went wrong, in words, with what is at the platform now ('we lowered X but could not raise Y'); null when nothing did. */
  problem: string | null;
  /** How an interrupted change was settled ('… the change was set back'); null otherwise. */
  note: string | null;
  /** The forecast made when it was applied (conversions per week added). */
  forecast: Interval;
  horizon_days: number;
  /** When the outcome is (or was) measured. */
  due_at: string;
  outcome: ActionOutcome | null;
}

export interface ActionList {
  items: ActionRecord[];
  ranking: TypeRecord[];
}

export const ACTION_MESSAGES = {
  notFound: 'Action not found.',
  undoExpired: `The ${UNDO_WINDOW_MINUTES}-minute undo window has closed.`,
  alreadyUndone: 'This action was already undone.',
  notPartial: 'Only a change the platform took in part can be retried.',
  inProgress: 'This change is being written at the platform right now. Try again in a moment.',
  notUndoable: 'This action changed nothing at the platform; there is nothing to undo.',
  /** A step's campaign or ad no longer holds what Adwise left there. */
  changedSince: (state: string) =>
    `This changed at the platform since (now: ${state}). Nothing was written; check it at the platform.`,
  /** Said when a write's outcome is unknown (no answer) and the reconciler will settle it. */
  checking: (platform: string) =>
    `${platform} did not answer, so Adwise cannot tell yet whether the change was made. Adwise checks ${platform} within a few minutes and finishes or sets back the change; the actions log shows which.`,
} as const;
