import { type InferType, mixed, object, string } from 'yup';

import {
  DISMISS_NOTE_MAX,
  DISMISS_REASONS,
  type DismissReason,
  SUGGESTION_TYPES,
  type SuggestionType,
} from '../api/suggestions';
import { type Platform, PLATFORMS } from '../constants';
import { queryNumber, queryText } from './dashboard';
import { UUID_PATTERN } from './uuid';

/** Longest list one request returns. */
export const SUGGESTIONS_MAX_LIMIT = 200;

export const SUGGESTION_VALIDATION = {
  badType: `Type must be one of: ${SUGGESTION_TYPES.join(', ')}.`,
  badPlatform: `Platform must be one of: ${PLATFORMS.join(', ')}.`,
  badAccount: 'Account must be the id of one of the workspace’s connected accounts.',
  badLimit: `Limit must be a whole number from 1 to ${SUGGESTIONS_MAX_LIMIT}.`,
  badReason: 'Choose why you are dismissing this suggestion.',
  noteTooLong: `The note can be at most ${DISMISS_NOTE_MAX} characters.`,
} as const;

/** GET suggestions/?type&platform&account&limit. */
export const suggestionQuerySchema = object({
  type: queryText().oneOf(SUGGESTION_TYPES as readonly SuggestionType[], SUGGESTION_VALIDATION.badType),
  platform: queryText().oneOf(PLATFORMS as readonly Platform[], SUGGESTION_VALIDATION.badPlatform),
  account: queryText().matches(UUID_PATTERN, SUGGESTION_VALIDATION.badAccount),
  limit: queryNumber(SUGGESTION_VALIDATION.badLimit)
    .integer(SUGGESTION_VALIDATION.badLimit)
    .min(1, SUGGESTION_VALIDATION.badLimit)
    .max(SUGGESTIONS_MAX_LIMIT, SUGGESTION_VALIDATION.badLimit),
});
export type SuggestionQueryInput = InferType<typeof suggestionQuerySchema>;

/** POST suggestions/<id>/dismiss/. */
export const dismissSchema = object({
  reason: mixed<DismissReason>()
    .oneOf(DISMISS_REASONS, SUGGESTION_VALIDATION.badReason)
    .required(SUGGESTION_VALIDATION.badReason),
  note: string().trim().max(DISMISS_NOTE_MAX, SUGGESTION_VALIDATION.noteTooLong),
});
export type DismissInput = InferType<typeof dismissSchema>;
