import { ACTION_MESSAGES } from '@shared/api/actions';
import { ErrorCode } from '@shared/api/errors';
import { z } from 'zod';

import { HttpError } from '../../../../lib/httpError';
import { uuidArgument } from '../schemas';
import { actTool, confirmationArgument, TWO_STEPS } from './act';
import { actionView, whereWords } from './words';

/** undo_action: the actions log's Undo (POST actions/<id>/undo/). */
export const undoAction = actTool({
  name: 'undo_action',
  title: 'Undo an action',
  description:
    'Undoes a change Adwise made (its `id` from list_actions, or the action an act tool answered): the reverse write at the ad platform, within 10 minutes of the change (a change taken only in part: any time), as Undo in the actions log does.' +
    TWO_STEPS,
  // POST actions/<id>/undo/.
  action: 'suggestions:apply',
  destructive: true,
  openWorld: true,
  input: z.object({
    action_id: uuidArgument('action_id').describe('The action, its `id` from list_actions.'),
    confirmation_id: confirmationArgument,
  }),
  async preview(args, { principal, services, ctx }) {
    const action = await services.actions.get(principal, args.action_id);
    if (!action.can_undo) {
      const why =
        action.status === 'undone'
          ? ACTION_MESSAGES.alreadyUndone
          : action.status === 'failed'
            ? ACTION_MESSAGES.notUndoable
            : action.status === 'applied' && ctx.clock.now() >= new Date(action.undo_until)
              ? ACTION_MESSAGES.undoExpired
              : ACTION_MESSAGES.inProgress;
      throw new HttpError(409, why, ErrorCode.Conflict);
    }
    return {
      preview: {
        action: actionView(action),
        platform: action.platform,
        account: action.account,
        undoes: action.change_lines,
      },
      summary: `On ${whereWords(action.platform, action.account)}: set back “${action.headline}” (${action.change_lines.join('; ')}).`,
      state: { status: action.status, steps: action.steps },
    };
  },
  async execute(args, { principal, services }) {
    const action = await services.actions.undo(principal, args.action_id);
    return {
      structured: { status: 'undone', action: actionView(action) },
      summary: `Undone: “${action.headline}” is set back at the platform.`,
    };
  },
});
