import { ACTION_STATUSES } from '@shared/api/actions';
import { z } from 'zod';

import { intervalSchema, limitArgument, platformSchema } from './schemas';
import { readTool } from './tool';

const ACTIONS_MAX_LIMIT = 200;

/** list_actions: GET actions/ (the actions log), newest first, with each change's outcome. */
export const listActions = readTool({
  name: 'list_actions',
  title: 'List the actions log',
  description:
    'What was changed at the ad platforms and whether it worked: every applied suggestion, automated rule action, optimizer plan and manual pause or resume, newest first, with who applied it, each platform write, its status (applied, undone, failed …), the forecast and, once measured, the observed outcome and verdict. ' +
    'Also how often each suggestion type has worked in this workspace.',
  // GET actions/ (read with the suggestions).
  action: 'suggestions:read',
  input: z.object({ limit: limitArgument(ACTIONS_MAX_LIMIT, 50) }),
  output: z.object({
    actions: z.array(
      z.object({
        id: z.string(),
        suggestion_id: z.string().nullable(),
        rule: z.object({ id: z.string().nullable(), name: z.string() }).nullable(),
        type: z.string(),
        platform: platformSchema,
        account: z.object({ id: z.string(), name: z.string(), currency: z.string() }),
        headline: z.string(),
        change_lines: z.array(z.string()),
        steps: z.array(z.object({ line: z.string(), state: z.string() })),
        by_hand: z.boolean(),
        applied_by: z.object({ id: z.string().nullable(), name: z.string() }),
        applied_at: z.string(),
        undo_until: z.string(),
        can_undo: z.boolean(),
        undone_at: z.string().nullable(),
        status: z.enum(ACTION_STATUSES),
        problem: z.string().nullable(),
        forecast: intervalSchema.describe('Conversions per week the change was expected to add.'),
        due_at: z.string().describe('When the outcome is (or was) measured.'),
        outcome: z
          .object({
            observed: intervalSchema,
            verdict: z.enum(['worked', 'no_clear_effect', 'backfired']),
            measured_at: z.string(),
          })
          .nullable(),
      }),
    ),
    total: z.number(),
    ranking: z.array(z.object({ type: z.string(), measured: z.number(), worked: z.number(), chance: intervalSchema })),
  }),
  async run(args, { principal, services }) {
    const log = await services.actions.list(principal);
    const actions = log.items
      .slice(0, args.limit)
      .map(({ can_retry: _retry, note: _note, horizon_days: _horizon, ...action }) => action);
    const measured = log.items.filter((action) => action.outcome);
    const worked = measured.filter((action) => action.outcome?.verdict === 'worked').length;
    return {
      structured: { actions, total: log.items.length, ranking: log.ranking },
      summary:
        log.items.length === 0
          ? 'Nothing has been changed through Adwise yet.'
          : `${log.items.length} action(s); ${measured.length} measured, ${worked} of them worked. Latest: ${actions[0]!.headline} (${actions[0]!.status}).`,
    };
  },
});
