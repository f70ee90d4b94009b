import type { Platform } from '../constants';

/**
 * Smart Suggestions and the actions log, shared by client and server. Every route is under the
 * API base, needs the signed-in user's access token and answers for the current workspace
 * (WORKSPACE_HEADER). Reading needs 'suggestions:read' (owner, manager, viewer); Apply, Undo,
 * Dismiss and Snooze need 'suggestions:apply' (owner, manager).
 *
 * GET  suggestions/                 ?type=&platform=&account=&limit=  -> SuggestionList   open ones, best first
 * GET  suggestions/<id>/preview/                                      -> ApplyPreview     what Apply would change, read live at the platform
 * POST suggestions/<id>/apply/                                        -> ActionRecord     the platform write through the actions log (@shared/api/actions)
 * POST suggestions/<id>/done/                                         -> ActionRecord     a task done by hand, recorded and measured like an applied one
 * POST suggestions/<id>/dismiss/    {reason, note?}                   -> Suggestion
 * POST suggestions/<id>/snooze/                                       -> Suggestion       hidden for SNOOZE_DAYS
 *
 * Failures: an entity changed since the suggestion was computed answers 409 (code 'conflict')
 * and the suggestion is withdrawn and recomputed; a platform refusing the write answers with the
 * platform's reason (code 'platform_error') and nothing is changed; a write the platform took
 * only in part answers 502 (code 'partially_applied') naming the action, which says what is now
 * at the platform and offers Retry and Undo; another workspace's suggestion is a 404.
 */

export const SUGGESTION_TYPES = [
  'pause_ad',
  'creative_fatigue',
  'scale_campaign',
  'reduce_budget',
  'move_budget',
  'day_of_week',
  'boost_creative',
  'test_cta',
  'pace_budget',
] as const;
export type SuggestionType = (typeof SUGGESTION_TYPES)[number];

export const isSuggestionType = (value: unknown): value is SuggestionType =>
  typeof value === 'string' && (SUGGESTION_TYPES as readonly string[]).includes(value);

/** Filter labels, in the words the /suggestions page shows. */
export const SUGGESTION_TYPE_LABELS: Record<SuggestionType, string> = {
  pause_ad: 'Pause a losing ad',
  creative_fatigue: 'Creative fatigue',
  scale_campaign: 'Scale a winning campaign',
  reduce_budget: 'Reduce bids or budget (high CPC, low CTR)',
  move_budget: 'Move budget between campaigns',
  day_of_week: 'Adjust timings',
  boost_creative: 'Boost creatives that work across platforms',
  test_cta: 'Test new CTAs',
  pace_budget: 'Bring a monthly budget back on track',
};

/** The spec's note under Smart Suggestions, kept wherever suggestions are shown. */
export const SUGGESTIONS_NOTE =
  'These tips are suggestions, not guarantees: results vary by vertical, audience and spend.';

/** Snooze hides a suggestion for this long. */
export const SNOOZE_DAYS = 7;
/** The dashboard shows this many of the best open suggestions. */
export const DASHBOARD_SUGGESTIONS = 3;
/** Longest dismissal note. */
export const DISMISS_NOTE_MAX = 500;

export const DISMISS_REASONS = ['not_relevant', 'already_planned', 'disagree', 'other'] as const;
export type DismissReason = (typeof DISMISS_REASONS)[number];
export const DISMISS_REASON_LABELS: Record<DismissReason, string> = {
  not_relevant: 'Not relevant to my goals',
  already_planned: 'I am already handling this',
  disagree: 'I think the data is wrong',
  other: 'Something else',
};

/** A value with its credible interval. */
export interface Interval {
  mid: number;
  low: number;
  high: number;
}

/** One figure of the evidence: the entity against its peers, each with an interval. */
export interface SuggestionEvidence {
  metric: string;
  label: string;
  entity: Interval;
  peers: Interval;
  /** Probability that the entity is worse (for a 'scale': better) than its peers. */
  probability: number;
}

/** One day of the evidence chart: the entity's value and its peers' median (null: no delivery). */
export interface ChartPoint {
  date: string;
  entity: number | null;
  peers: number | null;
}

export interface SuggestionChart {
  /** What the points measure, e.g. 'Conversions per 1,000 impressions (7-day rolling)'. */
  label: string;
  points: ChartPoint[];
}

export type EntityStatus = 'ACTIVE' | 'PAUSED';

/** The exact change Apply makes; money in minor units of `currency`. */
export type SuggestionChange =
  | {
      kind: 'ad_status';
      ad_id: string;
      ad_name: string;
      campaign_id: string;
      campaign_name: string;
      from: EntityStatus;
      to: EntityStatus;
    }
  /** Written by automated rules (suggestions never pause a whole campaign). */
  | { kind: 'campaign_status'; campaign_id: string; campaign_name: string; from: EntityStatus; to: EntityStatus }
  | { kind: 'campaign_budget'; campaign_id: string; campaign_name: string; currency: string; from: number; to: number }
  | { kind: 'move_budget'; currency: string; amount: number; source: BudgetMove; target: BudgetMove }
  /** A plan of the budget optimizer: several campaigns' budgets at the same total. */
  | { kind: 'budgets'; currency: string; steps: BudgetMove[] }
  /** A task done by hand; `campaign_id` is the campaign its outcome is measured on (absent on advice stored before it was kept). */
  | { kind: 'task'; description: string; campaign_id?: string | null };

/** One campaign's side of a move of budget: its daily budget before and after (minor units). */
export interface BudgetMove {
  campaign_id: string;
  campaign_name: string;
  from: number;
  to: number;
}

export type SuggestionStatus = 'open' | 'snoozed' | 'dismissed' | 'applied' | 'withdrawn';

export interface Suggestion {
  id: string;
  type: SuggestionType;
  platform: Platform;
  account: { id: string; name: string; currency: string };
  headline: string;
  /** Posterior probability that the advice is right, 0..1. */
  confidence: number;
  evidence: SuggestionEvidence[];
  chart: SuggestionChart | null;
  /** Expected effect per week: conversions, and spend in minor units of the account currency. */
  impact: { conversions_per_week: Interval; spend_per_week: Interval };
  change: SuggestionChange;
  /** One line per change, naming the platform: 'Google Ads: set ad “Spring sale” from Active to Paused'. */
  change_lines: string[];
  /** False for a task (done by hand, nothing is written to a platform). */
  applicable: boolean;
  status: SuggestionStatus;
  computed_at: string;
  snoozed_until: string | null;
}

export interface SuggestionQuery {
  type?: SuggestionType;
  platform?: Platform;
  account?: string;
  limit?: number;
}

export interface SuggestionList {
  items: Suggestion[];
  /** Open suggestions matching the filters (before limit). */
  total: number;
  /** Ads and campaigns still learning: not judged yet. */
  learning: number;
  /** When suggestions were last computed for the workspace; null before the first sync. */
  computed_at: string | null;
}

/** What Apply would do, with the entity's state read from the platform just now. */
export interface ApplyPreview {
  suggestion: Suggestion;
  /** False when the entity changed since the suggestion was computed (then Apply is refused). */
  current_matches: boolean;
  /** The entity's state at the platform now, in words: 'Active', 'Paused', 'Budget ₹1,200.00 a day'. */
  current_state: string;
  /** Set when current_matches is false: why the suggestion was withdrawn. */
  detail: string | null;
}

export interface DismissRequest {
  reason: DismissReason;
  note?: string;
}

/** How often each suggestion type worked in this workspace (Beta posterior on "worked"). */
export interface TypeRecord {
  type: SuggestionType;
  measured: number;
  worked: number;
  /** Posterior mean and 90% interval of the chance that this type works here. */
  chance: Interval;
}

export const SUGGESTION_MESSAGES = {
  notFound: 'Suggestion not found.',
  notOpen: 'This suggestion is no longer open.',
  notApplicable: 'This suggestion is a task to do by hand; there is nothing to apply.',
  notATask: 'This suggestion changes something at the platform; apply it instead.',
  changedSince: (state: string) =>
    `This changed since the suggestion was made (now: ${state}). The suggestion was withdrawn and will be recomputed.`,
  /** What the suggestion would change is part of a change of Adwise's that is not finished (see the actions log). */
  ownChangeOpen:
    'Adwise has a change to this campaign or ad that is not finished yet: see it in Actions and results, where you can retry or undo it.',
} as const;
