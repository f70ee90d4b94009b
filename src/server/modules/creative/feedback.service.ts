import type { CreativeFeedbackView } from '@shared/api/creativeFeedback';
import type { Platform } from '@shared/constants';
import { copyOfAdCreative } from '@shared/creative/liveCopy';

import {
  analyseCopy,
  GLOBAL_WEIGHTING,
  type OverallPartKey,
  type OverallWeighting,
  type OverallWeights,
} from '../../analysis/creative/textScore';
import { type LaunchedAd, type RefitEvaluation, refitWorkspace } from '../../analysis/creative/workspaceRefit';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/connect';
import { workspaceEntitlements } from '../access/entitlements';
import type { Principal } from '../access/principal';
import { loadAccountSeries } from '../metrics/accountSeries.queries';
import { assertCreativePro } from './creativeAccess';
import { presentFeedback } from './feedback.presenter';
import { findWorkspaceModel, type ModelRow, saveWorkspaceModel, workspaceAccounts } from './feedback.queries';
import { PLACEMENT_OF_PLATFORM, scoreAccount, wearOf } from './postLaunch.scoring';

/** Stable id of the job that refits a workspace's pre-launch weights (queued by every successful sync). */
export const CREATIVE_REFIT_JOB = 'creative.refit';
/**
 * How long a refit waits after the sync that asked for it. A workspace's connections sync one
 * after another (a new one backfills 90 days): one refit, once they have settled, reads them all,
 * instead of one per sync competing with the syncs for the database.
 */
export const CREATIVE_REFIT_DELAY_MS = 10 * 60_000;

/** The analyzer's copy of a synced creative (the same reading as the Live ads tab's "Analyse"). */
const adCopyOf = (creative: Parameters<typeof copyOfAdCreative>[0], platform: Platform) => {
  const copy = copyOfAdCreative(creative, PLACEMENT_OF_PLATFORM[platform]);
  return {
    placement: copy.placement,
    headlines: copy.headlines,
    primaryText: copy.primary_text,
    description: copy.description,
    cta: copy.cta,
    landingUrl: copy.landing_url,
  };
};

const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;

/**
 * The Creative Analyzer's feedback loop (analysis/creative/workspaceRefit): each workspace's
 * launched ads, their synced copy analysed as the analyzer would and their post-launch overall
 * score, refit the weights of the pre-launch text score; the analyzer then weighs that
 * workspace's copy with them, but only where they ranked its held-out ads better than the global
 * weights. Refits follow every sync (a queued job per workspace) and run on request.
 */
export function createCreativeFeedbackService(ctx: Pick<AppContext, 'db' | 'clock' | 'log' | 'queue'>) {
  const { db, clock, log, queue } = ctx;

  /** Every ad of the workspace with a synced copy and a post-launch score (objective: cost per conversion, the Live ads tab's default). */
  async function launchedAds(workspaceId: string, now: Date): Promise<LaunchedAd[]> {
    const accounts = await workspaceAccounts(db, workspaceId);
    const launched: LaunchedAd[] = [];
    // Every account's series is read once: for the workspace's wear, then for its own scores.
    const loaded = await Promise.all(accounts.map((account) => loadAccountSeries(db, account, now)));
    const wear = wearOf(loaded);
    for (const [index, account] of accounts.entries()) {
      const { campaigns, creativeOf } = await scoreAccount(db, account, now, 'cpa', wear, loaded[index]);
      for (const campaign of campaigns)
        for (const ad of campaign.ads) {
          const creative = creativeOf.get(ad.adId);
          if (!ad.overall || !creative) continue;
          const analysis = analyseCopy(adCopyOf(creative, account.platform as Platform));
          const parts = Object.fromEntries(analysis.overall.parts.map((p) => [p.key, p.score])) as Partial<
            Record<OverallPartKey, number>
          >;
          // Campaign ids are the platform's: two accounts may share one.
          launched.push({
            campaignId: `${account.id}/${campaign.campaignId}`,
            adId: ad.adId,
            parts,
            outcome: ad.overall.score,
          });
        }
    }
    return launched;
  }

  async function stored(workspaceId: string): Promise<ModelRow | null> {
    return (await findWorkspaceModel(db, workspaceId)) ?? null;
  }

  /** Refits one workspace's weights from its launched ads now and keeps the result. */
  async function refit(workspaceId: string): Promise<ModelRow> {
    const now = clock.now();
    const result = refitWorkspace(await launchedAds(workspaceId, now));
    const row: ModelRow = {
      workspaceId,
      fittedAt: now,
      state: result.state,
      ads: result.ads,
      campaigns: result.campaigns,
      weights: result.state === 'fitted' ? result.weights : null,
      evaluation: result.state === 'fitted' && result.evaluation ? { ...result.evaluation } : null,
      applied: result.state === 'fitted' && result.applied,
    };
    await saveWorkspaceModel(db, row);
    log.info({ workspaceId, state: row.state, ads: row.ads, applied: row.applied }, 'creative weights refit');
    return row;
  }

  const api = {
    /** GET creative/feedback/. */
    async view(principal: Principal): Promise<CreativeFeedbackView> {
      await assertCreativePro(db, principal.workspaceId, clock.now());
      return presentFeedback(await stored(principal.workspaceId));
    },

    /** POST creative/feedback/refit/. */
    async refitNow(principal: Principal): Promise<CreativeFeedbackView> {
      await assertCreativePro(db, principal.workspaceId, clock.now());
      return presentFeedback(await refit(principal.workspaceId));
    },

    /** How the analyzer weighs this workspace's copy: its refit where that was applied, else the global weights. */
    async weightingOf(workspaceId: string): Promise<OverallWeighting> {
      const row = await stored(workspaceId);
      if (!row?.applied || !row.weights || !row.evaluation) return GLOBAL_WEIGHTING;
      const evaluation = row.evaluation as unknown as RefitEvaluation;
      return {
        source: 'workspace',
        weights: row.weights as OverallWeights,
        note: `Weighted for this workspace: refit on ${row.ads} of its launched ads; on campaigns held out of the fit these weights ranked its ads at ${round(evaluation.workspace)} (rank correlation), the global ones at ${round(evaluation.global)}.`,
      };
    },

    /** The refit a sync queued; null for a Starter workspace (the analyzer is Pro: its ads are not read for it). */
    async refitAfterSync(workspaceId: string) {
      const { plan } = await workspaceEntitlements(db, workspaceId, clock.now());
      return plan === 'starter' ? null : refit(workspaceId);
    },

    /** Queued in a sync's final transaction, CREATIVE_REFIT_DELAY_MS ahead: one refit per workspace waiting at a time, so the syncs before it run fold into it. */
    async afterSync(tx: Tx, synced: { workspaceId: string }): Promise<void> {
      await queue.send(
        CREATIVE_REFIT_JOB,
        { workspaceId: synced.workspaceId },
        { tx, singletonKey: synced.workspaceId, startAfter: new Date(clock.now().getTime() + CREATIVE_REFIT_DELAY_MS) },
      );
    },
  };
  return api;
}
export type CreativeFeedbackService = ReturnType<typeof createCreativeFeedbackService>;
