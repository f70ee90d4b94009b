import type { Platform } from '../constants';
import type { DisplayCurrency } from './dashboard';

/**
 * Budget tools, shared by client and server: monthly budgets with their pacing, and the budget
 * optimizer. Every route is under the API base, needs the signed-in user's access token and
 * answers for the current workspace (WORKSPACE_HEADER). Reading needs 'dashboard:read' for
 * budgets and 'suggestions:read' for the optimizer; changing budgets and applying a plan need
 * 'budgets:write' (owner, manager).
 *
 * GET    budgets/                          -> BudgetList       every monthly budget with its pacing this month
 * POST   budgets/          BudgetInput     -> Budget           (201)
 * PUT    budgets/<id>/     BudgetInput     -> Budget
 * DELETE budgets/<id>/                     -> 204
 * GET    optimizer/?account=<id>&max_step=0.3&objective=conversions&locked=<id>,<id>
 *                                          -> OptimizerPlanView   the proposed reallocation of the account's daily budgets
 * POST   optimizer/apply/  OptimizerApplyInput -> OptimizerApplyResult  written at the platform, undoable from /actions for 10 minutes;
 *                                          with follow, the next steps are taken each new day of the account
 * GET    optimizer/plans/?account=<id>     -> FollowedPlanList    plans being followed, and those that ended (newest first)
 * POST   optimizer/plans/<id>/stop/        -> FollowedPlan        stops following (the budgets stay as they are)
 */

export const BUDGET_SCOPES = ['workspace', 'platform', 'account'] as const;
export type BudgetScope = (typeof BUDGET_SCOPES)[number];

export const BUDGET_SCOPE_LABELS: Record<BudgetScope, string> = {
  workspace: 'The whole workspace',
  platform: 'One platform',
  account: 'One ad account',
};

/** Largest monthly budget accepted, in major units (a typo guard, not a business rule). */
export const MAX_MONTHLY_BUDGET = 1_000_000_000;
/** Default and bounds of the optimizer's per-step limit (fraction of a budget one step may move). */
export const DEFAULT_MAX_STEP = 0.3;
export const MAX_STEP_BOUNDS = { min: 0.05, max: 1 } as const;

/** Largest daily budget of one campaign accepted in a cap, major units (a typo guard). */
export const MAX_DAILY_CAP = 100_000_000;
/** Most campaign caps one budget holds. */
export const MAX_CAMPAIGN_CAPS = 200;

/** Bounds on one campaign's daily budget that the optimizer keeps to (major units of the account's currency; null: none). */
export interface CampaignCap {
  campaign_id: string;
  min: number | null;
  max: number | null;
}

export interface BudgetInput {
  scope: BudgetScope;
  /** For scope 'platform'. */
  platform: Platform | null;
  /** For scope 'account': the connected account's id. */
  account: string | null;
  /** Per month, in major units of `currency`. */
  amount: number;
  /** A display currency, or (for one account's budget) the account's own currency. */
  currency: DisplayCurrency | string;
  /** Only for scope 'account': daily bounds per campaign; empty otherwise. */
  campaign_caps: CampaignCap[];
  /** The pacing band: how far from the target (a fraction either side) still counts as on track on the month's first and last day, narrowing in between. */
  band: PacingBandInput;
}

export interface PacingBandInput {
  start: number;
  end: number;
}

/** Optmyzr's band, the default: ±25% on the first day down to ±1% on the last. */
export const DEFAULT_PACING_BAND: PacingBandInput = { start: 0.25, end: 0.01 };
/** Widest band accepted either side (a fraction of the target). */
export const MAX_PACING_BAND = 1;

export type PacingStatus = 'on_track' | 'under' | 'over';

export const PACING_STATUS_LABELS: Record<PacingStatus, string> = {
  on_track: 'On track',
  under: 'Under-pacing',
  over: 'Over-pacing',
};

export interface MoneyRange {
  mid: number;
  low: number;
  high: number;
}

/** One day of the pacing chart: cumulative spend, the even line, and the forecast band (major units). */
export interface PacingPointView {
  date: string;
  actual: number | null;
  ideal: number;
  forecast: MoneyRange | null;
}

/** A budget's month so far and where it is heading (money in major units of the budget's currency). */
export interface PacingView {
  /** 'YYYY-MM'. */
  month: string;
  today: string;
  target: number;
  spent: number;
  projected: MoneyRange;
  /** projected.mid ÷ target. */
  ratio: number;
  /** The band's half-width today (0.25 early in the month down to 0.01 at its end). */
  tolerance: number;
  status: PacingStatus;
  /** Spend a day now, and the spend a day that would land on target. */
  daily_now: number;
  daily_needed: number;
  /** The change of daily budgets that brings the month back on track (0.1: +10%). */
  change: number;
  /** In words, naming the change when off the band: 'Projected to end 18% under target: raise daily budgets by about 22%.' */
  advice: string;
  points: PacingPointView[];
}

export interface Budget extends BudgetInput {
  id: string;
  /** What the budget covers, in words: 'The whole workspace', 'Google Ads', 'Acme Store (Search)'. */
  label: string;
  created_at: string;
  pacing: PacingView;
}

export interface BudgetList {
  budgets: Budget[];
}

export const OPTIMIZER_OBJECTIVES = ['conversions', 'value'] as const;
export type OptimizerObjective = (typeof OPTIMIZER_OBJECTIVES)[number];
export const OPTIMIZER_OBJECTIVE_LABELS: Record<OptimizerObjective, string> = {
  conversions: 'Most conversions',
  value: 'Most conversion value',
};

export type OptimizerHold = 'locked' | 'not_fitted' | 'learning';

export const OPTIMIZER_HOLD_LABELS: Record<OptimizerHold, string> = {
  locked: 'Locked by you',
  not_fitted: 'Kept: its spend never varied enough to fit a curve',
  learning: 'Kept: too new to judge',
};

/** One campaign of a plan (money in minor units of the account's currency). */
export interface OptimizerCampaignView {
  campaign_id: string;
  name: string;
  /** Daily budget now and proposed. */
  from: number;
  to: number;
  hold: OptimizerHold | null;
  /** Cost of the next conversion now and after (minor units); null when it does not convert. */
  marginal_cpa_now: number | null;
  marginal_cpa_after: number | null;
  /** Expected conversions a day now and after, 90% ranges. */
  conversions_now: MoneyRange;
  conversions_after: MoneyRange;
  /** Expected conversion value a day now and after (minor units), 90% ranges; null when the account reports no value. */
  value_now: MoneyRange | null;
  value_after: MoneyRange | null;
  /** Where a followed plan takes it over the next days (the best split with no step limit), minor units. */
  target: number;
  /** The daily bounds from the account budget's caps (minor units); null: none. */
  min: number | null;
  max: number | null;
}

export interface OptimizerPlanView {
  account: { id: string; name: string; platform: Platform; currency: string };
  /** The per-step limit used (0.3: no campaign moves more than ±30%). */
  max_step: number;
  /** What the plan maximises. */
  objective: OptimizerObjective;
  /** Campaigns the user locked (kept as they are). */
  locked: string[];
  /** Steps of at most max_step a followed plan takes to reach every target (0 when nothing moves). */
  steps_to_target: number;
  /** Total daily budget of the moved and held campaigns: the same before and after. */
  total_budget: number;
  campaigns: OptimizerCampaignView[];
  /** Expected conversions a day of these campaigns now and after, and the gain, 90% ranges. */
  now: MoneyRange;
  after: MoneyRange;
  gain: MoneyRange;
  /** The same for conversion value (minor units); null when the account reports no value. */
  value: { now: MoneyRange; after: MoneyRange; gain: MoneyRange } | null;
  /** Why nothing moves, when nothing does ('Fewer than two campaigns can move', 'No credible gain'…); null otherwise. */
  note: string | null;
}

export interface OptimizerApplyInput {
  account: string;
  /** Every campaign whose budget changes, with the budget the plan started from (minor units). */
  changes: { campaign_id: string; from: number; to: number }[];
  /** The plan's options, as it was proposed with. */
  objective?: OptimizerObjective;
  max_step?: number;
  locked?: string[];
  /** Take the next steps towards the targets automatically, one each new day of the account. */
  follow?: boolean;
}

export interface OptimizerApplyResult {
  /** The actions-log entry (undoable from /actions for 10 minutes). */
  action_id: string;
  /** One line per change, naming the platform. */
  change_lines: string[];
  /** The followed plan, when follow was asked for. */
  plan_id: string | null;
}

export type FollowedPlanStatus = 'following' | 'done' | 'stopped';
export const FOLLOWED_PLAN_STATUS_LABELS: Record<FollowedPlanStatus, string> = {
  following: 'Following',
  done: 'Reached its targets',
  stopped: 'Stopped',
};

/** A plan followed step by step (money in minor units of the account's currency). */
export interface FollowedPlan {
  id: string;
  account: { id: string; name: string; platform: Platform; currency: string };
  objective: OptimizerObjective;
  max_step: number;
  status: FollowedPlanStatus;
  /** Why it stopped, in words; null otherwise. */
  stop_reason: string | null;
  campaigns: { campaign_id: string; name: string; start: number; target: number; written: number }[];
  /** Each step taken: the account's day, its actions-log entry, and the conversions a day expected of it. */
  steps: { day: string; action_id: string; expected: MoneyRange }[];
  created_at: string;
  updated_at: string;
}

export interface FollowedPlanList {
  plans: FollowedPlan[];
}

export const BUDGET_MESSAGES = {
  notFound: 'No such budget in this workspace.',
  accountNotFound: 'No such ad account in this workspace.',
  duplicate: 'This workspace already has a budget for that.',
  totalChanged: 'The plan must keep the total daily budget the same.',
  stale: 'A budget changed since the plan was made. Open the optimizer again for a fresh plan.',
  nothingToApply: 'The plan changes no budget.',
  notInAccount: 'Every campaign of a plan must be a campaign of that account.',
  refused: (platform: string, reason: string) =>
    `${platform} refused a budget change, and the budgets already written were set back: ${reason}`,
  nothingMovable:
    'Every campaign is locked or kept: nothing is left to move. Unlock at least two campaigns that can move.',
  lockedChanged: 'A campaign you locked cannot change in the plan.',
  noValue: 'This account reports no conversion value: optimise for conversions instead.',
  currencyNotUsable: (code: string) => `${code} is neither a display currency nor the ad account’s own currency.`,
  capNotInAccount: (id: string) => `Campaign ${id} is not a campaign of that account.`,
  capsOnlyForAccount: 'Campaign caps belong to one ad account’s budget.',
  planNotFound: 'No such followed plan in this workspace.',
  planNotFollowing: 'This plan is not being followed any more.',
  stoppedByUser: (name: string) => `Stopped by ${name}.`,
  stepUndone: 'One of its steps was undone: the plan stopped so it would not take the change again.',
  changedOutside: (campaign: string, written: number | string, found: number | string) =>
    `The budget of “${campaign}” was changed outside the plan (the plan wrote ${written}, the platform now has ${found}): the plan stopped so it would not overwrite it.`,
  campaignGone: (campaign: string) => `“${campaign}” is no longer an active campaign of the account: the plan stopped.`,
  diverged: (observed: number, expected: number) =>
    `Results fell short of the forecast: ${observed} conversions since the first step against about ${expected} expected (below the forecast’s range): the plan stopped, and the budgets stay where the last step put them.`,
} as const;
