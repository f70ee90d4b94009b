import { array, type InferType, number, object, string } from 'yup';

import { CREATIVE_HISTORY, CREATIVE_LIMITS, CREATIVE_PLACEMENTS, type CreativePlacement } from '../api/creative';

/** The analyzer's input schema, run by the form and by the server on every request. */

export const CREATIVE_VALIDATION = {
  badPlacement: `Choose the placement: one of ${CREATIVE_PLACEMENTS.join(', ')}.`,
  tooLong: (field: string) =>
    `${field} is longer than ${CREATIVE_LIMITS.maxTextChars.toLocaleString('en-US')} characters.`,
  tooManyHeadlines: `At most ${CREATIVE_LIMITS.maxHeadlines} headlines.`,
  badVariants: `Compare ${CREATIVE_LIMITS.minVariants} to ${CREATIVE_LIMITS.maxVariants} copies.`,
  badPreviousId: 'previous_id must be the id of a saved analysis.',
  badLimit: `limit must be a whole number from 1 to ${CREATIVE_HISTORY.maxPageSize}.`,
  badCursor: 'The cursor is not one this list gave.',
  badShareDays: `A link can last ${CREATIVE_HISTORY.minShareDays} to ${CREATIVE_HISTORY.maxShareDays} days.`,
} as const;

const text = (label: string) =>
  string().default('').max(CREATIVE_LIMITS.maxTextChars, CREATIVE_VALIDATION.tooLong(label));

export const creativeCopySchema = object({
  placement: string()
    .required(CREATIVE_VALIDATION.badPlacement)
    .oneOf(CREATIVE_PLACEMENTS as readonly CreativePlacement[], CREATIVE_VALIDATION.badPlacement),
  headlines: array(text('A headline').defined())
    .default([])
    .max(CREATIVE_LIMITS.maxHeadlines, CREATIVE_VALIDATION.tooManyHeadlines),
  primary_text: text('The primary text'),
  description: text('The description'),
  cta: text('The call to action'),
  landing_url: text('The landing URL'),
});

export const creativeAnalyzeSchema = creativeCopySchema.shape({
  // Base64 of at most 10 MB is at most about 14 million characters; the server reads what it holds.
  image: string().nullable().default(null),
});
export type CreativeAnalyzeInputValidated = InferType<typeof creativeAnalyzeSchema>;

export const creativeCompareSchema = object({
  copies: array(creativeCopySchema.required())
    .required(CREATIVE_VALIDATION.badVariants)
    .min(CREATIVE_LIMITS.minVariants, CREATIVE_VALIDATION.badVariants)
    .max(CREATIVE_LIMITS.maxVariants, CREATIVE_VALIDATION.badVariants),
});
export type CreativeCompareInputValidated = InferType<typeof creativeCompareSchema>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** POST creative/analyze/ with the saved analysis it re-analyses. */
export const creativeReanalyzeSchema = creativeAnalyzeSchema.shape({
  previous_id: string()
    .nullable()
    .default(null)
    .test(
      'uuid',
      CREATIVE_VALIDATION.badPreviousId,
      (value) => value === null || value === undefined || UUID.test(value),
    ),
});
export type CreativeReanalyzeInputValidated = InferType<typeof creativeReanalyzeSchema>;

/** GET creative/analyses/: a page of the history. */
export const creativeHistoryQuerySchema = object({
  cursor: string().default(''),
  limit: number()
    .typeError(CREATIVE_VALIDATION.badLimit)
    .integer(CREATIVE_VALIDATION.badLimit)
    .min(1, CREATIVE_VALIDATION.badLimit)
    .max(CREATIVE_HISTORY.maxPageSize, CREATIVE_VALIDATION.badLimit)
    .default(CREATIVE_HISTORY.pageSize),
});

/** POST creative/analyses/<id>/share/. */
export const creativeShareSchema = object({
  expires_in_days: number()
    .typeError(CREATIVE_VALIDATION.badShareDays)
    .integer(CREATIVE_VALIDATION.badShareDays)
    .min(CREATIVE_HISTORY.minShareDays, CREATIVE_VALIDATION.badShareDays)
    .max(CREATIVE_HISTORY.maxShareDays, CREATIVE_VALIDATION.badShareDays)
    .default(CREATIVE_HISTORY.shareDays),
});
