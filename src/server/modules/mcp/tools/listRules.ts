import { RULE_ACTION_STATUSES, RULE_LEVELS } from '@shared/api/rules';
import { z } from 'zod';

import { platformSchema } from './schemas';
import { readTool } from './tool';

const runSchema = z.object({
  id: z.string(),
  trigger: z.enum(['sync', 'schedule', 'manual']),
  started_at: z.string(),
  finished_at: z.string().nullable(),
  judged: z.number(),
  matched: z.number(),
  acted: z.number().describe('Written or queued for approval.'),
  failed: z.number(),
  revived: z.number(),
  skipped: z.number().describe('Held back by the guard, the cooldown or the cap.'),
});

/** list_rules: GET rules/ (the rules with their last run, and the changes waiting for approval). */
export const listRules = readTool({
  name: 'list_rules',
  title: 'List automated rules',
  description:
    "The workspace's automated rules, each in the words the Rules page shows ('Ads · CPA (last 3 days) > 1.5 × its 30-day average → Pause'), whether it is on, whether it waits for approval, and its last run (entities judged, matched, acted on, skipped); and the changes rules queued that wait for a manager's approval (approve_rule_action or reject_rule_action with their `id`). " +
    'dry_run_rule shows what a rule would have done. Reading changes nothing.',
  // GET rules/.
  action: 'rules:read',
  input: z.object({}),
  output: z.object({
    rules: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        level: z.enum(RULE_LEVELS),
        enabled: z.boolean(),
        approval: z.boolean().describe('true: the rule queues its changes for approval instead of writing them.'),
        summary: z.array(z.string()).describe('The rule in words, one line per part.'),
        created_by: z.string(),
        last_run: runSchema.nullable(),
      }),
    ),
    pending: z.array(
      z.object({
        id: z.string(),
        rule: z.object({ id: z.string().nullable(), name: z.string() }),
        platform: platformSchema,
        account: z.object({ id: z.string(), name: z.string(), currency: z.string() }),
        entity_name: z.string(),
        change_lines: z.array(z.string()),
        reasons: z.array(z.string()),
        status: z.enum(RULE_ACTION_STATUSES),
        created_at: z.string(),
      }),
    ),
  }),
  async run(_args, { principal, services }) {
    const list = await services.rules.list(principal);
    const rules = list.rules.map((rule) => ({
      id: rule.id,
      name: rule.name,
      level: rule.level,
      enabled: rule.enabled,
      approval: rule.approval,
      summary: rule.summary,
      created_by: rule.created_by.name,
      last_run: rule.last_run,
    }));
    const pending = list.pending.map(
      ({ id, rule, platform, account, entity_name, change_lines, reasons, status, created_at }) => ({
        id,
        rule,
        platform,
        account,
        entity_name,
        change_lines,
        reasons,
        status,
        created_at,
      }),
    );
    const on = rules.filter((rule) => rule.enabled).length;
    return {
      structured: { rules, pending },
      summary:
        rules.length === 0
          ? 'This workspace has no automated rules yet.'
          : `${rules.length} rule(s), ${on} on; ${pending.length} change(s) waiting for approval.${rules.length ? ` First: “${rules[0]!.name}”: ${rules[0]!.summary.join(' ')}` : ''}`,
    };
  },
});
