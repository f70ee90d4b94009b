import { array, object, string, type InferType } from 'yup';
import { CREATIVE_LIMITS, CREATIVE_PLACEMENTS, type CreativePlacement } from '../api/creative';

/** The analyzer's input schema, run by the form and by the server on every request. */

export const CREATIVE_VALIDATION = {
  badPlacement: `Choose the placement: one of ${CREATIVE_PLACEMENTS.join(', ')}.`,
  tooLong: (field: string) => `${field} is longer than ${CREATIVE_LIMITS.maxTextChars.toLocaleString('en-US')} characters.`,
  tooManyHeadlines: `At most ${CREATIVE_LIMITS.maxHeadlines} headlines.`,
  badVariants: `Compare ${CREATIVE_LIMITS.minVariants} to ${CREATIVE_LIMITS.maxVariants} copies.`,
} as const;

const text = (label: string) => string().default('').max(CREATIVE_LIMITS.maxTextChars, CREATIVE_VALIDATION.tooLong(label));

export const creativeCopySchema = object({
  placement: string().required(CREATIVE_VALIDATION.badPlacement).oneOf(CREATIVE_PLACEMENTS as readonly CreativePlacement[], CREATIVE_VALIDATION.badPlacement),
  headlines: array(text('A headline').defined()).default([]).max(CREATIVE_LIMITS.maxHeadlines, CREATIVE_VALIDATION.tooManyHeadlines),
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
