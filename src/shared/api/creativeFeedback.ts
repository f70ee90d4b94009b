/**
 * creative/feedback/: the feedback loop. Once a workspace has enough launched ads (a synced copy
 * and a post-launch score), the pre-launch score's weights are refit toward its own results,
 * regularised to the global weights, and judged on ads they were not fitted on.
 *
 * GET  creative/feedback/        -> 200 CreativeFeedbackView   members ('creative:analyze'), Pro
 * POST creative/feedback/refit/  -> 200 CreativeFeedbackView   owners and managers ('creative:manage'), Pro
 *
 * Refits also follow every sync (a queued job); the POST refits now.
 */

export type CreativeFeedbackState = 'never' | 'not_enough' | 'fitted';

export interface CreativeFeedbackWeight {
  key: string;
  label: string;
  /** The part's share of the overall text score, 0–1: globally and in this workspace's refit (null before one). */
  global: number;
  workspace: number | null;
}

export interface CreativeFeedbackEvaluation {
  /** Held-out ads, in campaigns of three or more, and those campaigns. */
  ads: number;
  campaigns: number;
  /** Mean within-campaign Spearman correlation of each score with the post-launch overall on those ads. */
  workspace: number;
  global: number;
}

export interface CreativeFeedbackView {
  state: CreativeFeedbackState;
  /** What a refit needs, and what the workspace had at its last one. */
  min_ads: number;
  min_campaigns: number;
  ads: number;
  campaigns: number;
  fitted_at: string | null;
  /** Whether the analyzer scores this workspace's copy with its refit weights. */
  applied: boolean;
  weights: CreativeFeedbackWeight[];
  evaluation: CreativeFeedbackEvaluation | null;
  /** One paragraph for the screen. */
  summary: string;
}
