import { CREATIVE_LIMITS, CREATIVE_MESSAGES, CREATIVE_PLACEMENT_LABELS, type CreativeAnalysis, type CreativeComparison, type CreativeCopyInput, type CreativePlacement } from '@shared/api/creative';
import { ErrorCode } from '@shared/api/errors';
import type { CreativeAnalyzeInputValidated, CreativeCompareInputValidated } from '@shared/validation/creative';
import { compareVariants } from '../../analysis/creative/compare';
import { analyseCopy } from '../../analysis/creative/textScore';
import type { AdCopy } from '../../analysis/creative/types';
import { analyseImage } from '../../analysis/creativeImage/imageScores';
import { readImage, tooLarge } from '../../analysis/creativeImage/imageInput';
import type { AppContext } from '../../context';
import { HttpError, badRequest } from '../../lib/httpError';
import { workspaceEntitlements } from '../access/entitlements';
import type { Principal } from '../access/principal';
import { presentImageAnalysis, presentTextAnalysis } from './creative.presenter';

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

const copyOf = (input: CreativeCopyInput): AdCopy => ({
  placement: input.placement,
  headlines: input.headlines,
  primaryText: input.primary_text,
  description: input.description,
  cta: input.cta,
  landingUrl: input.landing_url,
});

/**
 * The Creative Analyzer's pre-launch analysis: a copy scored and explained (analysis/creative),
 * its image read by content and scored (analysis/creativeImage), variants ranked. Pro only (a
 * running trial counts); everything runs here, nothing is sent anywhere.
 */
export function createCreativeService(ctx: Pick<AppContext, 'db' | 'clock' | 'log'>) {
  const { db, clock, log } = ctx;

  async function assertPro(principal: Principal): Promise<void> {
    const { plan } = await workspaceEntitlements(db, principal.workspaceId, clock.now());
    if (plan === 'starter') throw new HttpError(403, CREATIVE_MESSAGES.needsPro, ErrorCode.Forbidden);
  }

  /** The image's bytes from base64, refused with the reason before anything is decoded. */
  async function imageOf(encoded: string, placement: CreativePlacement) {
    const compact = encoded.replace(/\s+/g, '');
    if (!BASE64.test(compact)) throw badRequest(CREATIVE_MESSAGES.badImageEncoding, 'image');
    // Refuse an oversized upload from its length, before allocating its bytes.
    const bytes = Math.floor((compact.length * 3) / 4) - (compact.endsWith('==') ? 2 : compact.endsWith('=') ? 1 : 0);
    if (bytes > CREATIVE_LIMITS.maxImageBytes) throw badRequest(tooLarge(bytes).message, 'image');
    const read = await readImage(Buffer.from(compact, 'base64'));
    if (!read.ok) throw badRequest(read.refusal.message, 'image');
    return presentImageAnalysis(read.image, await analyseImage(read.image, placement));
  }

  return {
    /** POST creative/analyze/. */
    async analyze(principal: Principal, input: CreativeAnalyzeInputValidated): Promise<CreativeAnalysis> {
      await assertPro(principal);
      const placement = input.placement as CreativePlacement;
      const copy = { ...input, placement } as CreativeCopyInput;
      const image = input.image ? await imageOf(input.image, placement) : null;
      const text = presentTextAnalysis(analyseCopy(copyOf(copy)));
      log.info({ placement, image: image !== null }, 'creative analysed');
      return { placement, placement_label: CREATIVE_PLACEMENT_LABELS[placement], text, image };
    },

    /** POST creative/compare/. */
    async compare(principal: Principal, input: CreativeCompareInputValidated): Promise<CreativeComparison> {
      await assertPro(principal);
      const comparison = compareVariants(input.copies.map((copy) => copyOf(copy as CreativeCopyInput)));
      return {
        ranking: comparison.ranking.map((r) => ({ index: r.index, rank: r.rank, score: r.score, analysis: presentTextAnalysis(r.analysis) })),
        steps: comparison.steps.map((s) => ({ higher: s.higher, lower: s.lower, difference: s.difference, headline_win_probability: s.headlineWinProbability, explanation: s.explanation })),
      };
    },
  };
}
export type CreativeService = ReturnType<typeof createCreativeService>;
