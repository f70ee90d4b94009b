import { ErrorCode } from '@shared/api/errors';
import { SNOOZE_DAYS, SUGGESTION_MESSAGES } from '@shared/api/suggestions';
import { z } from 'zod';

import { HttpError } from '../../../../lib/httpError';
import { uuidArgument } from '../schemas';
import { actTool, confirmationArgument, TWO_STEPS } from './act';
import { whereWords } from './words';

/** snooze_suggestion: the suggestion's Snooze (POST suggestions/<id>/snooze/); nothing is written to a platform. */
export const snoozeSuggestion = actTool({
  name: 'snooze_suggestion',
  title: 'Snooze a Smart Suggestion',
  description:
    `Snoozes a Smart Suggestion (its \`id\` from list_suggestions) for ${SNOOZE_DAYS} days, as Snooze in Adwise does; nothing changes at the ad platform.` +
    TWO_STEPS,
  action: 'suggestions:apply',
  destructive: false,
  openWorld: false,
  input: z.object({
    suggestion_id: uuidArgument('suggestion_id').describe('The suggestion, its `id` from list_suggestions.'),
    confirmation_id: confirmationArgument,
  }),
  async preview(args, { principal, services }) {
    const suggestion = await services.suggestions.get(principal, args.suggestion_id);
    if (suggestion.status !== 'open') throw new HttpError(409, SUGGESTION_MESSAGES.notOpen, ErrorCode.Conflict);
    return {
      preview: {
        suggestion_id: suggestion.id,
        headline: suggestion.headline,
        platform: suggestion.platform,
        account: suggestion.account,
        from: 'open',
        to: 'snoozed',
        days: SNOOZE_DAYS,
      },
      summary: `Snooze the suggestion “${suggestion.headline}” on ${whereWords(suggestion.platform, suggestion.account)} for ${SNOOZE_DAYS} days; nothing changes at the platform.`,
      state: suggestion.status,
    };
  },
  async execute(args, { principal, services }) {
    const suggestion = await services.suggestions.snooze(principal, args.suggestion_id);
    return {
      structured: { status: 'snoozed', suggestion_id: suggestion.id, snoozed_until: suggestion.snoozed_until },
      summary: `Snoozed “${suggestion.headline}” for ${SNOOZE_DAYS} days.`,
    };
  },
});
