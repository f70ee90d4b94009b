import type { CreativeFeedbackView } from '@shared/api/creativeFeedback';

import { analyseCopy, OVERALL_WEIGHTS, type OverallPartKey } from '../../analysis/creative/textScore';
import { REFIT_PARAMS, type RefitEvaluation } from '../../analysis/creative/workspaceRefit';
import type { creativeWorkspaceModels } from '../../db/schema';

type ModelRow = typeof creativeWorkspaceModels.$inferSelect;

/**
 * Each part's label as the analysis itself writes it (one analysis of a one-word copy names them
 * all), worked out on first use: the analysis loads its lexicons, which the server's start need not wait for.
 */
let partLabels: Record<OverallPartKey, string> | undefined;
const partLabelsOf = () =>
  (partLabels ??= Object.fromEntries(
    analyseCopy({
      placement: 'meta_feed',
      headlines: ['Label'],
      primaryText: '',
      description: '',
      cta: '',
      landingUrl: '',
    }).overall.parts.map((p) => [p.key, p.label]),
  ) as Record<OverallPartKey, string>);

const KEYS = Object.keys(OVERALL_WEIGHTS) as OverallPartKey[];
const fixed = (value: number) => value.toFixed(2);

function summaryOf(row: ModelRow | null): string {
  const needs = `A refit needs ${REFIT_PARAMS.minAds} launched ads with a score (₹4,000 of spend each) in ${REFIT_PARAMS.minCampaigns} or more campaigns of two or more such ads.`;
  if (!row) return `Not refit yet: the first sync or a refit will look at this workspace's launched ads. ${needs}`;
  if (row.state === 'not_enough')
    return `${row.ads} launched ${row.ads === 1 ? 'ad' : 'ads'} with a score in ${row.campaigns} ${row.campaigns === 1 ? 'campaign' : 'campaigns'} so far. ${needs} Until then the global weights score your copy.`;
  const evaluation = row.evaluation as unknown as RefitEvaluation | null;
  if (!evaluation)
    return `Refit on ${row.ads} launched ads, but no campaign held out of the fit had three ads to rank, so the refit could not be checked and the global weights still score your copy.`;
  const figures = `On ${evaluation.ads} ads of ${evaluation.campaigns} campaigns held out of the fit, the refit weights ranked ads at ${fixed(evaluation.workspace)} (rank correlation with their post-launch score within each campaign), the global weights at ${fixed(evaluation.global)}.`;
  return row.applied
    ? `${figures} The analyzer now weighs this workspace's copy with the refit weights.`
    : `${figures} The refit did not rank held-out ads better, so the global weights still score your copy.`;
}

/** A workspace's refit as the screen shows it (null: never refit). */
export function presentFeedback(row: ModelRow | null): CreativeFeedbackView {
  const weights = row?.weights ?? null;
  const evaluation = (row?.evaluation as unknown as RefitEvaluation | null) ?? null;
  return {
    state: row?.state ?? 'never',
    min_ads: REFIT_PARAMS.minAds,
    min_campaigns: REFIT_PARAMS.minCampaigns,
    ads: row?.ads ?? 0,
    campaigns: row?.campaigns ?? 0,
    fitted_at: row?.fittedAt.toISOString() ?? null,
    applied: row?.applied ?? false,
    weights: KEYS.map((key) => ({
      key,
      label: partLabelsOf()[key],
      global: OVERALL_WEIGHTS[key],
      workspace: weights ? (weights[key] ?? 0) : null,
    })),
    evaluation: evaluation && {
      ads: evaluation.ads,
      campaigns: evaluation.campaigns,
      workspace: evaluation.workspace,
      global: evaluation.global,
    },
    summary: summaryOf(row),
  };
}
