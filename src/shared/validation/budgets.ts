import { array, boolean, type InferType, number, object, string } from 'yup';

import {
  BUDGET_SCOPES,
  type BudgetScope,
  DEFAULT_MAX_STEP,
  DEFAULT_PACING_BAND,
  MAX_CAMPAIGN_CAPS,
  MAX_DAILY_CAP,
  MAX_MONTHLY_BUDGET,
  MAX_PACING_BAND,
  MAX_STEP_BOUNDS,
  OPTIMIZER_OBJECTIVES,
  type OptimizerObjective,
} from '../api/budgets';
import { DISPLAY_CURRENCIES } from '../api/dashboard';
import { type Platform, PLATFORMS } from '../constants';
import { queryNumber, queryText } from './dashboard';
import { UUID_PATTERN } from './uuid';

/** The budget form's schema, also run by the server on every budget it is sent. */

export const BUDGET_VALIDATION = {
  badScope: 'Choose what the budget covers: the whole workspace, one platform or one ad account.',
  badPlatform: `Choose the platform: one of ${PLATFORMS.join(', ')}.`,
  badAccount: 'Choose one of the workspace’s connected ad accounts.',
  badAmount: `Give the monthly amount: more than 0 and at most ${MAX_MONTHLY_BUDGET.toLocaleString('en-US')}.`,
  badCurrency: `Currency must be one of: ${DISPLAY_CURRENCIES.join(', ')}, or the ad account’s own currency.`,
  badCap: (n: number) =>
    `Campaign cap ${n}: give the campaign and its daily bounds (0 or more, at most ${MAX_DAILY_CAP.toLocaleString('en-US')}).`,
  capOrder: (n: number) => `Campaign cap ${n}: the minimum must not be above the maximum.`,
  tooManyCaps: `At most ${MAX_CAMPAIGN_CAPS} campaign caps.`,
  duplicateCap: 'Each campaign may have one cap.',
  capsOnlyForAccount: 'Campaign caps belong to one ad account’s budget.',
  badObjective: `The objective must be one of: ${OPTIMIZER_OBJECTIVES.join(', ')}.`,
  badLocked: 'Locked campaigns: a list of at most 200 campaign ids.',
  badFollow: 'follow must be true or false.',
  badBand: `The pacing band is a share of the target either side, more than 0 and at most ${MAX_PACING_BAND} (0.25: ±25%).`,
  bandOrder: 'The band at the month’s end must not be wider than at its start.',
  badMaxStep: `The largest step must be between ${MAX_STEP_BOUNDS.min} and ${MAX_STEP_BOUNDS.max} (0.3: ±30% a day).`,
  badChanges:
    'Send the plan’s changes: each a campaign_id with the whole budgets it goes from and to (minor units, 0 or more).',
} as const;

const bandWidth = () =>
  number()
    .typeError(BUDGET_VALIDATION.badBand)
    .required(BUDGET_VALIDATION.badBand)
    .moreThan(0, BUDGET_VALIDATION.badBand)
    .max(MAX_PACING_BAND, BUDGET_VALIDATION.badBand);

const capAmount = () =>
  number()
    .transform((value: unknown, original: unknown) => (original === '' ? null : value))
    .nullable()
    .default(null)
    .min(0)
    .max(MAX_DAILY_CAP);

/** One campaign's daily bounds; a refusal names the cap by its place in the list (1-based). */
function campaignCap() {
  return object({
    campaign_id: string().trim().required().max(200),
    min: capAmount(),
    max: capAmount(),
  })
    .test('cap', function check(cap) {
      const n = Number(/\[(\d+)\]/.exec(this.path)?.[1] ?? 0) + 1;
      if (!cap || !cap.campaign_id) return this.createError({ message: BUDGET_VALIDATION.badCap(n) });
      if (cap.min !== null && cap.max !== null && cap.min > cap.max)
        return this.createError({ message: BUDGET_VALIDATION.capOrder(n) });
      return true;
    })
    .transform((value: unknown) => value)
    .typeError(BUDGET_VALIDATION.badCap(0));
}

export const budgetSchema = object({
  scope: string()
    .required(BUDGET_VALIDATION.badScope)
    .oneOf(BUDGET_SCOPES as readonly BudgetScope[], BUDGET_VALIDATION.badScope),
  platform: string()
    .nullable()
    .default(null)
    .oneOf([...(PLATFORMS as readonly Platform[]), null], BUDGET_VALIDATION.badPlatform)
    .when('scope', {
      is: 'platform',
      then: (s) => s.required(BUDGET_VALIDATION.badPlatform),
      otherwise: (s) => s.transform(() => null),
    }),
  account: string()
    .nullable()
    .default(null)
    .when('scope', {
      is: 'account',
      then: (s) => s.required(BUDGET_VALIDATION.badAccount).matches(UUID_PATTERN, BUDGET_VALIDATION.badAccount),
      otherwise: (s) => s.transform(() => null),
    }),
  amount: number()
    .transform((value: unknown, original: unknown) => (original === '' ? undefined : value))
    .typeError(BUDGET_VALIDATION.badAmount)
    .required(BUDGET_VALIDATION.badAmount)
    .moreThan(0, BUDGET_VALIDATION.badAmount)
    .max(MAX_MONTHLY_BUDGET, BUDGET_VALIDATION.badAmount),
  // A display currency, or an account budget in the account's own (the server checks which it is).
  currency: string()
    .required(BUDGET_VALIDATION.badCurrency)
    .matches(/^[A-Z]{3}$/, BUDGET_VALIDATION.badCurrency)
    .when('scope', {
      is: 'account',
      otherwise: (s) => s.oneOf(DISPLAY_CURRENCIES, BUDGET_VALIDATION.badCurrency),
    }),
  band: object({
    start: bandWidth(),
    end: bandWidth(),
  })
    .default(DEFAULT_PACING_BAND)
    .test('narrows', BUDGET_VALIDATION.bandOrder, (band) => !band || band.end <= band.start),
  campaign_caps: array(campaignCap())
    .default([])
    .max(MAX_CAMPAIGN_CAPS, BUDGET_VALIDATION.tooManyCaps)
    .test(
      'one-each',
      BUDGET_VALIDATION.duplicateCap,
      (caps) => !caps || new Set(caps.map((c) => c.campaign_id)).size === caps.length,
    )
    .when('scope', {
      is: 'account',
      otherwise: (s) => s.test('account-only', BUDGET_VALIDATION.capsOnlyForAccount, (caps) => !caps?.length),
    }),
});
export type BudgetFormInput = InferType<typeof budgetSchema>;

const maxStep = () =>
  number()
    .typeError(BUDGET_VALIDATION.badMaxStep)
    .min(MAX_STEP_BOUNDS.min, BUDGET_VALIDATION.badMaxStep)
    .max(MAX_STEP_BOUNDS.max, BUDGET_VALIDATION.badMaxStep)
    .default(DEFAULT_MAX_STEP);
const objective = () =>
  string()
    .oneOf(OPTIMIZER_OBJECTIVES as readonly OptimizerObjective[], BUDGET_VALIDATION.badObjective)
    .default('conversions');
const campaignIds = () =>
  array(string().trim().required(BUDGET_VALIDATION.badLocked).max(200, BUDGET_VALIDATION.badLocked))
    .max(200, BUDGET_VALIDATION.badLocked)
    .default([]);

/** GET optimizer/?account&max_step&objective&locked (comma-separated campaign ids). */
export const optimizerQuerySchema = object({
  account: queryText().required(BUDGET_VALIDATION.badAccount).matches(UUID_PATTERN, BUDGET_VALIDATION.badAccount),
  max_step: queryNumber(BUDGET_VALIDATION.badMaxStep)
    .min(MAX_STEP_BOUNDS.min, BUDGET_VALIDATION.badMaxStep)
    .max(MAX_STEP_BOUNDS.max, BUDGET_VALIDATION.badMaxStep)
    .default(DEFAULT_MAX_STEP),
  objective: queryText()
    .oneOf(
      [...OPTIMIZER_OBJECTIVES, undefined] as readonly (OptimizerObjective | undefined)[],
      BUDGET_VALIDATION.badObjective,
    )
    .default('conversions'),
  locked: campaignIds().transform((value: unknown, original: unknown) =>
    typeof original === 'string'
      ? original
          .split(',')
          .map((id) => id.trim())
          .filter(Boolean)
      : value,
  ),
});
export type OptimizerQueryInput = InferType<typeof optimizerQuerySchema>;

/** POST optimizer/apply/. */
export const optimizerApplySchema = object({
  account: string().required(BUDGET_VALIDATION.badAccount).matches(UUID_PATTERN, BUDGET_VALIDATION.badAccount),
  changes: array(
    object({
      campaign_id: string().required(BUDGET_VALIDATION.badChanges).max(200, BUDGET_VALIDATION.badChanges),
      from: number()
        .typeError(BUDGET_VALIDATION.badChanges)
        .required(BUDGET_VALIDATION.badChanges)
        .integer(BUDGET_VALIDATION.badChanges)
        .min(0, BUDGET_VALIDATION.badChanges),
      to: number()
        .typeError(BUDGET_VALIDATION.badChanges)
        .required(BUDGET_VALIDATION.badChanges)
        .integer(BUDGET_VALIDATION.badChanges)
        .min(0, BUDGET_VALIDATION.badChanges),
    }).required(BUDGET_VALIDATION.badChanges),
  )
    .required(BUDGET_VALIDATION.badChanges)
    .min(1, BUDGET_VALIDATION.badChanges)
    .max(200, BUDGET_VALIDATION.badChanges),
  objective: objective(),
  max_step: maxStep(),
  locked: campaignIds(),
  follow: boolean().typeError(BUDGET_VALIDATION.badFollow).default(false),
});

/** GET optimizer/plans/?account. */
export const followedPlansQuerySchema = object({
  account: queryText().required(BUDGET_VALIDATION.badAccount).matches(UUID_PATTERN, BUDGET_VALIDATION.badAccount),
});
export type OptimizerApplyInputValidated = InferType<typeof optimizerApplySchema>;
