import { array, number, object, string, type InferType } from 'yup';
import { BUDGET_SCOPES, DEFAULT_MAX_STEP, MAX_MONTHLY_BUDGET, MAX_STEP_BOUNDS, type BudgetScope } from '../api/budgets';
import { DISPLAY_CURRENCIES, type DisplayCurrency } from '../api/dashboard';
import { PLATFORMS, type Platform } from '../constants';
import { queryNumber, queryText, UUID_PATTERN } from './dashboard';

/** The budget form's schema, also run by the server on every budget it is sent. */

export const BUDGET_VALIDATION = {
  badScope: 'Choose what the budget covers: the whole workspace, one platform or one ad account.',
  badPlatform: `Choose the platform: one of ${PLATFORMS.join(', ')}.`,
  badAccount: 'Choose one of the workspace’s connected ad accounts.',
  badAmount: `Give the monthly amount: more than 0 and at most ${MAX_MONTHLY_BUDGET.toLocaleString('en-US')}.`,
  badCurrency: `Currency must be one of: ${DISPLAY_CURRENCIES.join(', ')}.`,
  badMaxStep: `The largest step must be between ${MAX_STEP_BOUNDS.min} and ${MAX_STEP_BOUNDS.max} (0.3: ±30% a day).`,
  badChanges: 'Send the plan’s changes: each a campaign_id with the whole budgets it goes from and to (minor units, 0 or more).',
} as const;

export const budgetSchema = object({
  scope: string().required(BUDGET_VALIDATION.badScope).oneOf(BUDGET_SCOPES as readonly BudgetScope[], BUDGET_VALIDATION.badScope),
  platform: string()
    .nullable()
    .default(null)
    .oneOf([...(PLATFORMS as readonly Platform[]), null], BUDGET_VALIDATION.badPlatform)
    .when('scope', { is: 'platform', then: (s) => s.required(BUDGET_VALIDATION.badPlatform), otherwise: (s) => s.transform(() => null) }),
  account: string()
    .nullable()
    .default(null)
    .when('scope', { is: 'account', then: (s) => s.required(BUDGET_VALIDATION.badAccount).matches(UUID_PATTERN, BUDGET_VALIDATION.badAccount), otherwise: (s) => s.transform(() => null) }),
  amount: number()
    .transform((value: unknown, original: unknown) => (original === '' ? undefined : value))
    .typeError(BUDGET_VALIDATION.badAmount)
    .required(BUDGET_VALIDATION.badAmount)
    .moreThan(0, BUDGET_VALIDATION.badAmount)
    .max(MAX_MONTHLY_BUDGET, BUDGET_VALIDATION.badAmount),
  currency: string().required(BUDGET_VALIDATION.badCurrency).oneOf(DISPLAY_CURRENCIES as readonly DisplayCurrency[], BUDGET_VALIDATION.badCurrency),
});
export type BudgetFormInput = InferType<typeof budgetSchema>;

/** GET optimizer/?account&max_step. */
export const optimizerQuerySchema = object({
  account: queryText().required(BUDGET_VALIDATION.badAccount).matches(UUID_PATTERN, BUDGET_VALIDATION.badAccount),
  max_step: queryNumber(BUDGET_VALIDATION.badMaxStep).min(MAX_STEP_BOUNDS.min, BUDGET_VALIDATION.badMaxStep).max(MAX_STEP_BOUNDS.max, BUDGET_VALIDATION.badMaxStep).default(DEFAULT_MAX_STEP),
});
export type OptimizerQueryInput = InferType<typeof optimizerQuerySchema>;

/** POST optimizer/apply/. */
export const optimizerApplySchema = object({
  account: string().required(BUDGET_VALIDATION.badAccount).matches(UUID_PATTERN, BUDGET_VALIDATION.badAccount),
  changes: array(
    object({
      campaign_id: string().required(BUDGET_VALIDATION.badChanges).max(200, BUDGET_VALIDATION.badChanges),
      from: number().typeError(BUDGET_VALIDATION.badChanges).required(BUDGET_VALIDATION.badChanges).integer(BUDGET_VALIDATION.badChanges).min(0, BUDGET_VALIDATION.badChanges),
      to: number().typeError(BUDGET_VALIDATION.badChanges).required(BUDGET_VALIDATION.badChanges).integer(BUDGET_VALIDATION.badChanges).min(0, BUDGET_VALIDATION.badChanges),
    }).required(BUDGET_VALIDATION.badChanges),
  )
    .required(BUDGET_VALIDATION.badChanges)
    .min(1, BUDGET_VALIDATION.badChanges)
    .max(200, BUDGET_VALIDATION.badChanges),
});
export type OptimizerApplyInputValidated = InferType<typeof optimizerApplySchema>;
