import { CREATIVE_LIMITS, CREATIVE_PLACEMENTS } from '@shared/api/creative';
import { creativeReanalyzeSchema } from '@shared/validation/creative';
import { z } from 'zod';

import { validate } from '../../../lib/validate';
import { uuidArgument } from './schemas';
import { readTool } from './tool';

const field = (what: string) => z.string().max(CREATIVE_LIMITS.maxTextChars).default('').describe(what);
const subScoreSchema = z.object({
  key: z.string(),
  label: z.string(),
  score: z.number().nullable().describe('0 to 100; null where it does not apply.'),
  explanation: z.string(),
});

/**
 * analyze_ad_copy: POST creative/analyze/ on a copy (the Creative Analyzer before launch). As in
 * the app, the analysis is kept in the workspace's Creative Analyzer history; images are left to
 * the app (a base64 image of up to 10 MB is no argument for an assistant to send).
 */
export const analyzeAdCopy = readTool({
  name: 'analyze_ad_copy',
  title: 'Analyse an ad copy',
  description:
    "The Creative Analyzer on one ad copy before launch, for a placement (Google responsive search, Meta feed or Reels, LinkedIn, X, TikTok): an overall score 0 to 100 with what made it, sub-scores with explanations (length fit, clarity, call to action, offer, specificity …), how each field shows on the placement (where it is cut), the headline model's score of each headline, and concrete rewrites. " +
    'Copy only (add images in the app). Nothing is sent anywhere and nothing changes at the platforms; the analysis is kept in the workspace’s Creative Analyzer history, as in the app. previous_id (an earlier analysis’ id) says what changed since.',
  // POST creative/analyze/ (Pro workspaces).
  action: 'creative:analyze',
  annotations: { readOnlyHint: false, idempotentHint: false },
  input: z.object({
    placement: z.enum(CREATIVE_PLACEMENTS),
    headlines: z.array(z.string().max(CREATIVE_LIMITS.maxTextChars)).max(CREATIVE_LIMITS.maxHeadlines).default([]),
    primary_text: field('The body text (Meta, LinkedIn, X, TikTok).'),
    description: field('The description line.'),
    cta: field('The call to action, e.g. "Shop now".'),
    landing_url: field('Where the ad leads.'),
    previous_id: uuidArgument('previous_id')
      .optional()
      .describe('An earlier analysis of this copy (its `id`): the answer says what changed.'),
  }),
  output: z.object({
    id: z.string().describe('The saved analysis; pass as previous_id after a rewrite.'),
    placement: z.enum(CREATIVE_PLACEMENTS),
    placement_label: z.string(),
    overall: z.object({ score: z.number(), explanation: z.string() }),
    sub_scores: z.array(subScoreSchema),
    fields: z.array(
      z.object({
        label: z.string(),
        length: z.number(),
        limit: z.number().nullable(),
        visible: z.string(),
        cut: z.string(),
        over_limit: z.boolean(),
      }),
    ),
    headlines: z
      .array(z.object({ headline: z.string(), score: z.number() }))
      .describe("The headline model's score of each headline, 0 to 100."),
    suggestions: z.array(z.object({ target: z.string(), advice: z.string(), example: z.string() })),
    changes: z.looseObject({}).nullable().describe('What changed since previous_id, when one was given.'),
  }),
  async run(args, { principal, services }) {
    const input = validate(creativeReanalyzeSchema, { ...args, image: null, previous_id: args.previous_id ?? null });
    const analysis = await services.creative.analyze(principal, input);
    const { text } = analysis;
    const suggestions = text.suggestions.map(({ target, advice, example }) => ({ target, advice, example }));
    return {
      structured: {
        id: analysis.id!,
        placement: analysis.placement,
        placement_label: analysis.placement_label,
        overall: { score: text.overall.score, explanation: text.overall.explanation },
        sub_scores: text.sub_scores.map(({ key, label, score, explanation }) => ({ key, label, score, explanation })),
        fields: text.fields.map(({ label, length, limit, visible, cut, over_limit }) => ({
          label,
          length,
          limit,
          visible,
          cut,
          over_limit,
        })),
        headlines: text.headline_model.headlines.map(({ headline, score }) => ({ headline, score })),
        suggestions,
        changes: (analysis.changes as Record<string, unknown> | null | undefined) ?? null,
      },
      summary: `${analysis.placement_label}: ${text.overall.score}/100. ${text.overall.explanation}${suggestions.length ? ` First suggestion: ${suggestions[0]!.advice}` : ''}`,
    };
  },
});
