import { createHash } from 'node:crypto';

import {
  CREATIVE_LIMITS,
  CREATIVE_MESSAGES,
  CREATIVE_PLACEMENT_LABELS,
  type CreativeAnalysis,
  type CreativeComparison,
  type CreativeCopyInput,
  type CreativePlacement,
  type CreativeStoredImage,
} from '@shared/api/creative';
import type { CreativeCompareInputValidated, CreativeReanalyzeInputValidated } from '@shared/validation/creative';

import { compareVariants } from '../../analysis/creative/compare';
import { analyseCopy } from '../../analysis/creative/textScore';
import type { AdCopy } from '../../analysis/creative/types';
import { readImage, tooLarge } from '../../analysis/creativeImage/imageInput';
import { analyseImage } from '../../analysis/creativeImage/imageScores';
import type { AppContext } from '../../context';
import { badRequest } from '../../lib/httpError';
import type { Principal } from '../access/principal';
import { creativeChanges } from './creative.changes';
import { createCreativeHistory, thumbnailOf } from './creative.history';
import { presentImageAnalysis, presentTextAnalysis } from './creative.presenter';
import { assertCreativePro } from './creativeAccess';
import type { CreativeFeedbackService } from './feedback.service';

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** The copy fields alone, as stored (never the image). */
const storedCopy = (input: CreativeCopyInput): CreativeCopyInput => ({
  placement: input.placement,
  headlines: input.headlines,
  primary_text: input.primary_text,
  description: input.description,
  cta: input.cta,
  landing_url: input.landing_url,
});

/** The history list's title: the first headline, else the primary text's opening. */
const TITLE_CHARS = 120;
const titleOf = (copy: CreativeCopyInput) =>
  (copy.headlines.find((headline) => headline.trim() !== '') ?? copy.primary_text).trim().slice(0, TITLE_CHARS);

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
export function createCreativeService(
  ctx: Pick<AppContext, 'db' | 'clock' | 'log' | 'config'>,
  feedback: Pick<CreativeFeedbackService, 'weightingOf'>,
) {
  const { db, clock, log } = ctx;
  const history = createCreativeHistory(ctx);

  const assertPro = (principal: Principal) => assertCreativePro(db, principal.workspaceId, clock.now());

  /** The image's bytes from base64, refused with the reason before anything is decoded. */
  async function imageOf(encoded: string, placement: CreativePlacement) {
    const compact = encoded.replace(/\s+/g, '');
    if (!BASE64.test(compact)) throw badRequest(CREATIVE_MESSAGES.badImageEncoding, 'image');
    // Refuse an oversized upload from its length, before allocating its bytes.
    const bytes = Math.floor((compact.length * 3) / 4) - (compact.endsWith('==') ? 2 : compact.endsWith('=') ? 1 : 0);
    if (bytes > CREATIVE_LIMITS.maxImageBytes) throw badRequest(tooLarge(bytes).message, 'image');
    const upload = Buffer.from(compact, 'base64');
    const read = await readImage(upload);
    if (!read.ok) throw badRequest(read.refusal.message, 'image');
    const analysis = presentImageAnalysis(read.image, await analyseImage(read.image, placement));
    // What is kept of the image: its hash, size and format, and a thumbnail of the upright, metadata-free copy.
    const stored: CreativeStoredImage = {
      sha256: createHash('sha256').update(upload).digest('hex'),
      width: analysis.width,
      height: analysis.height,
      format: read.image.format,
    };
    return { analysis, stored, thumbnail: await thumbnailOf(read.image.data) };
  }

  return {
    /** POST creative/analyze/. */
    async analyze(principal: Principal, input: CreativeReanalyzeInputValidated): Promise<CreativeAnalysis> {
      await assertPro(principal);
      const placement = input.placement as CreativePlacement;
      const copy = storedCopy({ ...input, placement } as CreativeCopyInput);
      const previous = input.previous_id ? await history.row(principal, input.previous_id) : null;
      if (previous && previous.kind !== 'analysis')
        throw badRequest(CREATIVE_MESSAGES.previousNotAnalysis, 'previous_id');
      const image = input.image ? await imageOf(input.image, placement) : null;
      const text = presentTextAnalysis(analyseCopy(copyOf(copy), await feedback.weightingOf(principal.workspaceId)));
      const analysis: CreativeAnalysis = {
        placement,
        placement_label: CREATIVE_PLACEMENT_LABELS[placement],
        text,
        image: image?.analysis ?? null,
      };
      if (previous) {
        const before = previous.input as { copy: CreativeCopyInput; image: CreativeStoredImage | null };
        analysis.changes = creativeChanges(
          previous.id,
          { ...before, result: previous.result as unknown as CreativeAnalysis },
          { copy, image: image?.stored ?? null, result: analysis },
        );
      }
      const saved = await history.save({
        workspaceId: principal.workspaceId,
        createdBy: principal.userId,
        kind: 'analysis',
        placement,
        input: { copy, image: image?.stored ?? null },
        result: analysis as unknown as Record<string, unknown>,
        thumbnail: image?.thumbnail ?? null,
        previousId: previous?.id ?? null,
        title: titleOf(copy),
      });
      log.info({ placement, image: image !== null, reanalysis: previous !== null }, 'creative analysed');
      return { ...analysis, id: saved.id, created_at: saved.createdAt.toISOString() };
    },

    /** POST creative/compare/. */
    async compare(principal: Principal, input: CreativeCompareInputValidated): Promise<CreativeComparison> {
      await assertPro(principal);
      const copies = input.copies.map((copy) => storedCopy(copy as CreativeCopyInput));
      const comparison = compareVariants(copies.map(copyOf), await feedback.weightingOf(principal.workspaceId));
      const body: CreativeComparison = {
        ranking: comparison.ranking.map((r) => ({
          index: r.index,
          rank: r.rank,
          score: r.score,
          analysis: presentTextAnalysis(r.analysis),
        })),
        steps: comparison.steps.map((s) => ({
          higher: s.higher,
          lower: s.lower,
          difference: s.difference,
          headline_win_probability: s.headlineWinProbability,
          explanation: s.explanation,
        })),
      };
      const saved = await history.save({
        workspaceId: principal.workspaceId,
        createdBy: principal.userId,
        kind: 'comparison',
        placement: copies[0].placement,
        input: { copies },
        result: body as unknown as Record<string, unknown>,
        thumbnail: null,
        previousId: null,
        title: titleOf(copies[0]),
      });
      return { ...body, id: saved.id, created_at: saved.createdAt.toISOString() };
    },

    /** Saved results and share links: each route checks the plan like the analyses do. */
    async list(principal: Principal, query: { cursor: string; limit: number }) {
      await assertPro(principal);
      return history.list(principal, query);
    },
    async get(principal: Principal, id: string) {
      await assertPro(principal);
      return history.get(principal, id);
    },
    async remove(principal: Principal, id: string) {
      await assertPro(principal);
      return history.remove(principal, id);
    },
    async pdf(principal: Principal, id: string) {
      await assertPro(principal);
      return history.pdf(principal, id);
    },
    async share(principal: Principal, id: string, days: number) {
      await assertPro(principal);
      return history.share(principal, id, days);
    },
    async shares(principal: Principal, id: string) {
      await assertPro(principal);
      return history.shares(principal, id);
    },
    async revoke(principal: Principal, shareId: string) {
      await assertPro(principal);
      return history.revoke(principal, shareId);
    },
    /** The public view of a share link (no principal: the signed token is the permission). */
    shared: (token: string) => history.shared(token),
  };
}
export type CreativeService = ReturnType<typeof createCreativeService>;
