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
 * GET    optimizer/?account=<id>&max_step=0.3 -> OptimizerPlanView   the proposed reallocation of the account's daily budgets
 * POST   optimizer/apply/  OptimizerApplyInput -> OptimizerApplyResult  written at the platform, undoable from /actions for 10 minutes
 */

export const BUDGET_SCOPES = ['workspace', 'platform', 'account'] as const;
export type BudgetScope = (typeof BUDGET_SCOPES)[number];

export const BUDGET_SCOPE_LABELS: Record<BudgetScope, string> = { workspace: 'The whole workspace', platform: 'One platform', account: 'One ad account' };

/** Largest monthly budget accepted, in major units (a typo guard, not a business rule). */
export const MAX_MONTHLY_BUDGET = 1_000_000_000;
/** Default and bounds of the optimizer's per-step limit (fraction of a budget one step may move). */
export const DEFAULT_MAX_STEP = 0.3;
export const MAX_STEP_BOUNDS = { min: 0.05, max: 1 } as const;

export interface BudgetInput {
  scope: BudgetScope;
  /** For scope 'platform'. */
  platform: Platform | null;
  /** For scope 'account': the connected account's id. */
  account: string | null;
  /** Per month, in major units of `currency`. */
  amount: number;
  currency: DisplayCurrency;
}

export type PacingStatus = 'on_track' | 'under' | 'over';

export const PACING_STATUS_LABELS: Record<PacingStatus, string> = { on_track: 'On track', under: 'Under-pacing', over: 'Over-pacing' };

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
}

export interface OptimizerPlanView {
  account: { id: string; name: string; platform: Platform; currency: string };
  /** The per-step limit used (0.3: no campaign moves more than ±30%). */
  max_step: number;
  /** Total daily budget of the moved and held campaigns: the same before and after. */
  total_budget: number;
  campaigns: OptimizerCampaignView[];
  /** Expected conversions a day of these campaigns now and after, and the gain, 90% ranges. */
  now: MoneyRange;
  after: MoneyRange;
  gain: MoneyRange;
  /** Why nothing moves, when nothing does ('Fewer than two campaigns can move', 'No credible gain'…); null otherwise. */
  note: string | null;
}

export interface OptimizerApplyInput {
  account: string;
  /** Every campaign whose budget changes, with the budget the plan started from (minor units). */
  changes: { campaign_id: string; from: number; to: number }[];
}

export interface OptimizerApplyResult {
  /** The actions-log entry (undoable from /actions for 10 minutes). */
  action_id: string;
  /** One line per change, naming the platform. */
  change_lines: string[];
}

export const BUDGET_MESSAGES = {
  notFound: 'No such budget in this workspace.',
  accountNotFound: 'No such ad account in this workspace.',
  duplicate: 'This workspace already has a budget for that.',
  totalChanged: 'The plan must keep the total daily budget the same.',
  stale: 'A budget changed since the plan was made. Open the optimizer again for a fresh plan.',
  nothingToApply: 'The plan changes no budget.',
  notInAccount: 'Every campaign of a plan must be a campaign of that account.',
  refused: (platform: string, reason: string) => `${platform} refused a budget change, and the budgets already written were set back: ${reason}`,
} as const;
