import { SUGGESTION_TYPES } from '@shared/api/suggestions';
import { formatConfidence } from '@shared/suggestionConfidence';
import { SUGGESTIONS_MAX_LIMIT } from '@shared/validation/suggestions';
import { z } from 'zod';

import { intervalSchema, limitArgument, platformSchema, uuidArgument } from './schemas';
import { readTool } from './tool';

const evidenceSchema = z.object({
  metric: z.string(),
  label: z.string(),
  entity: intervalSchema,
  peers: intervalSchema,
  probability: z.number().describe('Probability the entity is worse (for a scale: better) than its peers.'),
});

/** list_suggestions: GET suggestions/ as the app presents it, less the evidence chart's points. */
export const listSuggestions = readTool({
  name: 'list_suggestions',
  title: 'List Smart Suggestions',
  description:
    'Open Smart Suggestions of the workspace, best first: what to change (pause an ad, move or change a budget, a task), with the statistical evidence against its peers, the expected weekly impact on conversions and spend, and the confidence that the advice is right. ' +
    'Filter by type, platform or account. Reading changes nothing.',
  // GET suggestions/ ('client' members do not see suggestions).
  action: 'suggestions:read',
  input: z.object({
    type: z.enum(SUGGESTION_TYPES).optional(),
    platform: platformSchema.optional(),
    account_id: uuidArgument('account_id')
      .optional()
      .describe('Only this connected account (its `id` from list_ad_accounts).'),
    limit: limitArgument(SUGGESTIONS_MAX_LIMIT, 20),
  }),
  output: z.object({
    suggestions: z.array(
      z.object({
        id: z.string(),
        type: z.enum(SUGGESTION_TYPES),
        platform: platformSchema,
        account: z.object({ id: z.string(), name: z.string(), currency: z.string() }),
        headline: z.string(),
        confidence: z.number().describe('Posterior probability that the advice is right, 0 to 1.'),
        evidence: z.array(evidenceSchema),
        impact: z
          .object({ conversions_per_week: intervalSchema, spend_per_week: intervalSchema })
          .describe('Expected effect per week: conversions, and spend in minor units of the account currency.'),
        change: z.looseObject({ kind: z.string() }).describe('The exact change Apply makes (money in minor units).'),
        change_lines: z.array(z.string()),
        applicable: z.boolean().describe('False for a task done by hand.'),
        status: z.string(),
        computed_at: z.string(),
      }),
    ),
    total: z.number(),
    learning: z.number().describe('Ads and campaigns still learning: not judged yet.'),
    computed_at: z.string().nullable(),
  }),
  async run(args, { principal, services }) {
    const list = await services.suggestions.list(principal, {
      type: args.type,
      platform: args.platform,
      account: args.account_id,
      limit: args.limit,
    });
    const suggestions = list.items.map(({ chart: _chart, snoozed_until: _snoozed, ...suggestion }) => suggestion);
    // The confidence said as what it is the probability of, never '100%' (as the Suggestions page says it).
    const lines = suggestions
      .slice(0, 3)
      .map((s) => `${s.headline} (${formatConfidence(s.confidence, s.type).toLowerCase()})`);
    return {
      structured: { suggestions, total: list.total, learning: list.learning, computed_at: list.computed_at },
      summary:
        list.total === 0
          ? 'No open suggestions right now.'
          : `${list.total} open suggestion(s); best first: ${lines.join('; ')}.`,
    };
  },
});
