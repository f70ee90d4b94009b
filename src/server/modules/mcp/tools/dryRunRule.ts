import { DRY_RUN_DAYS, type Rule, RULE_ACTION_KINDS } from '@shared/api/rules';
import { ruleSchema } from '@shared/validation/rules';
import { z } from 'zod';

import { badRequest } from '../../../lib/httpError';
import { validate } from '../../../lib/validate';
import { platformSchema, uuidArgument } from './schemas';
import { readTool } from './tool';

export const DRY_RUN_RULE_MESSAGES = {
  oneOf: 'Give either rule_id (a saved rule, from list_rules) or rule (a rule definition), not both and not neither.',
} as const;

const figuresSchema = z.object({
  days: z.number(),
  spend: z.number(),
  conversions: z.number(),
  cpa: z.number().nullable(),
});

/** A saved rule's definition: what its builder sent, less what the server added. */
const definitionOf = ({
  id: _id,
  created_at: _created,
  updated_at: _updated,
  created_by: _by,
  summary: _summary,
  last_run: _run,
  ...definition
}: Rule) => definition;

/** dry_run_rule: POST rules/dry-run/ (what a rule would have done over the last 30 days), on a saved rule or a new definition. */
export const dryRunRule = readTool({
  name: 'dry_run_rule',
  title: 'Dry-run an automated rule',
  description:
    `What an automated rule would have done over the last ${DRY_RUN_DAYS} days of this workspace's data, replayed day by day: each firing (day, entity, action, the conditions it saw), how many were held back by its guard, cooldown or cap, and what the entities it would have acted on spent and converted in the days after, as recorded. ` +
    'Give rule_id for a saved rule (list_rules), or rule for a new definition (the same JSON the Rules API takes: name, level, scope, match, groups, action, schedule, guard, cooldown_hours, max_actions_per_run, revive, approval, enabled). Nothing is saved or changed.',
  // POST rules/dry-run/ is the rule builder's, so it needs the role that edits rules.
  action: 'rules:write',
  input: z.object({
    rule_id: uuidArgument('rule_id').optional().describe('A saved rule, its `id` from list_rules.'),
    rule: z
      .record(z.string(), z.unknown())
      .optional()
      .describe('A rule definition, as the Rules API takes it; checked with the rule builder’s own rules.'),
  }),
  output: z.object({
    from: z.string(),
    to: z.string(),
    entities: z.number().describe('Entities in scope over the span.'),
    firings: z.array(
      z.object({
        day: z.string(),
        platform: platformSchema,
        account: z.object({ id: z.string(), name: z.string(), currency: z.string() }),
        entity_id: z.string(),
        entity_name: z.string(),
        kind: z.enum(RULE_ACTION_KINDS),
        reasons: z.array(z.string()),
        after: figuresSchema.describe(
          "What the entity did in the days after (had the rule not acted), account currency's major units.",
        ),
        before: figuresSchema,
      }),
    ),
    skipped: z.object({ guard: z.number(), cooldown: z.number(), cap: z.number() }),
    effect: z.array(z.string()).describe('In words, per currency.'),
    caveats: z.array(z.string()),
  }),
  async run(args, { principal, services }) {
    if ((args.rule_id === undefined) === (args.rule === undefined))
      throw badRequest(DRY_RUN_RULE_MESSAGES.oneOf, 'rule_id');
    const definition = args.rule_id
      ? definitionOf((await services.rules.detail(principal, args.rule_id)).rule)
      : args.rule;
    const dryRun = await services.rules.dryRun(principal, validate(ruleSchema, definition));
    return {
      structured: dryRun,
      summary:
        dryRun.firings.length === 0
          ? `Over ${dryRun.from} to ${dryRun.to} the rule would not have fired on any of ${dryRun.entities} entities.`
          : `Over ${dryRun.from} to ${dryRun.to} the rule would have fired ${dryRun.firings.length} time(s) on ${dryRun.entities} entities in scope. ${dryRun.effect.join(' ')}`,
    };
  },
});
