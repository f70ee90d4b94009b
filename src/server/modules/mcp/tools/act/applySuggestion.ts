import { ErrorCode } from '@shared/api/errors';
import { SUGGESTION_MESSAGES } from '@shared/api/suggestions';
import { z } from 'zod';

import { HttpError } from '../../../../lib/httpError';
import { uuidArgument } from '../schemas';
import { actTool, confirmationArgument, TWO_STEPS } from './act';
import { actionView, undoHint, whereWords } from './words';

/** apply_suggestion: what the suggestion's Apply button does (POST suggestions/<id>/apply/). */
export const applySuggestion = actTool({
  name: 'apply_suggestion',
  title: 'Apply a Smart Suggestion',
  description:
    'Applies a Smart Suggestion (its `id` from list_suggestions) at its ad platform, exactly as the Apply button in Adwise does: the change is checked against the platform now, written, logged in the actions log and undoable for 10 minutes.' +
    TWO_STEPS,
  action: 'suggestions:apply',
  destructive: true,
  openWorld: true,
  input: z.object({
    suggestion_id: uuidArgument('suggestion_id').describe('The suggestion, its `id` from list_suggestions.'),
    confirmation_id: confirmationArgument,
  }),
  async preview(args, { principal, services }) {
    const found = await services.suggestions.preview(principal, args.suggestion_id);
    const { suggestion } = found;
    if (!found.current_matches)
      throw new HttpError(409, found.detail ?? SUGGESTION_MESSAGES.notOpen, ErrorCode.Conflict);
    if (!suggestion.applicable) throw new HttpError(409, SUGGESTION_MESSAGES.notApplicable, ErrorCode.Conflict);
    return {
      preview: {
        suggestion_id: suggestion.id,
        headline: suggestion.headline,
        platform: suggestion.platform,
        account: suggestion.account,
        change: suggestion.change,
        change_lines: suggestion.change_lines,
        current_state: found.current_state,
        expected_impact: suggestion.impact,
        confidence: suggestion.confidence,
      },
      summary: `On ${whereWords(suggestion.platform, suggestion.account)}: ${suggestion.change_lines.join('; ')} (now: ${found.current_state}).`,
      state: suggestion.change,
    };
  },
  async execute(args, { principal, services }) {
    const action = await services.suggestions.apply(principal, args.suggestion_id);
    return {
      structured: { status: 'applied', action: actionView(action) },
      summary: `Applied: ${action.change_lines.join('; ')}. ${undoHint(action.id)}`,
    };
  },
});
