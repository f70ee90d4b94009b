import { ErrorCode } from '@shared/api/errors';
import { DISMISS_NOTE_MAX, DISMISS_REASONS, SUGGESTION_MESSAGES } from '@shared/api/suggestions';
import { z } from 'zod';

import { HttpError } from '../../../../lib/httpError';
import { uuidArgument } from '../schemas';
import { actTool, confirmationArgument, TWO_STEPS } from './act';
import { whereWords } from './words';

/** dismiss_suggestion: the suggestion's Dismiss (POST suggestions/<id>/dismiss/); nothing is written to a platform. */
export const dismissSuggestion = actTool({
  name: 'dismiss_suggestion',
  title: 'Dismiss a Smart Suggestion',
  description:
    'Dismisses a Smart Suggestion (its `id` from list_suggestions) with a reason, as Dismiss in Adwise does: it leaves the list; nothing changes at the ad platform.' +
    TWO_STEPS,
  action: 'suggestions:apply',
  destructive: false,
  openWorld: false,
  input: z.object({
    suggestion_id: uuidArgument('suggestion_id').describe('The suggestion, its `id` from list_suggestions.'),
    reason: z.enum(DISMISS_REASONS).describe('Why: not_relevant, already_planned, disagree or other.'),
    note: z.string().trim().max(DISMISS_NOTE_MAX).optional().describe('A note for the team, optional.'),
    confirmation_id: confirmationArgument,
  }),
  async preview(args, { principal, services }) {
    const suggestion = await services.suggestions.get(principal, args.suggestion_id);
    if (suggestion.status !== 'open' && suggestion.status !== 'snoozed')
      throw new HttpError(409, SUGGESTION_MESSAGES.notOpen, ErrorCode.Conflict);
    return {
      preview: {
        suggestion_id: suggestion.id,
        headline: suggestion.headline,
        platform: suggestion.platform,
        account: suggestion.account,
        from: suggestion.status,
        to: 'dismissed',
        reason: args.reason,
      },
      summary: `Dismiss the suggestion “${suggestion.headline}” on ${whereWords(suggestion.platform, suggestion.account)} (reason: ${args.reason.replace('_', ' ')}); nothing changes at the platform.`,
      state: suggestion.status,
    };
  },
  async execute(args, { principal, services }) {
    const suggestion = await services.suggestions.dismiss(principal, args.suggestion_id, {
      reason: args.reason,
      note: args.note ?? '',
    });
    return {
      structured: { status: 'dismissed', suggestion_id: suggestion.id },
      summary: `Dismissed “${suggestion.headline}”.`,
    };
  },
});
