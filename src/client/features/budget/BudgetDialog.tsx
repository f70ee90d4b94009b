import { errorMessage } from '@client/api/errors';
import { FormikTextField } from '@client/components/FormikTextField';
import { LoadingButton } from '@client/components/LoadingButton';
import { notify } from '@client/lib/notify';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  type TextFieldProps,
} from '@mui/material';
import {
  type Budget,
  BUDGET_SCOPE_LABELS,
  BUDGET_SCOPES,
  type BudgetInput,
  type BudgetScope,
  DEFAULT_PACING_BAND,
} from '@shared/api/budgets';
import { DISPLAY_CURRENCIES, type DisplayCurrency } from '@shared/api/dashboard';
import { type Platform, PLATFORM_LABELS, PLATFORMS } from '@shared/constants';
import { BUDGET_VALIDATION, budgetSchema } from '@shared/validation/budgets';
import { Form, Formik, type FormikErrors, type FormikHelpers, getIn, setIn, useField } from 'formik';
import { useId, useState } from 'react';
import { ValidationError } from 'yup';

import {
  errorField,
  isConflict,
  useCreateBudgetMutation,
  useListBudgetAccountsQuery,
  useUpdateBudgetMutation,
} from './budgets.api';
import { CampaignCapsField, type CapFormValues } from './CampaignCapsField';

/** The dialog's titles and its submit buttons. */
export const ADD_BUDGET_TITLE = 'Add a monthly budget';
export const editBudgetTitle = (label: string) => `Edit the budget for ${label}`;
export const ADD_BUDGET_SUBMIT = 'Add budget';
export const EDIT_BUDGET_SUBMIT = 'Save budget';
/** The fields' labels. */
export const FIELD_LABELS = {
  scope: 'What the budget covers',
  platform: 'Platform',
  account: 'Ad account',
  amount: 'Amount a month',
  currency: 'Currency',
  bandStart: 'Band on the 1st',
  bandEnd: 'Band on the last day',
} as const;
/** Under the band's fields: what the numbers mean. */
export const BAND_HELP =
  'How far from the target still counts as on track, as a share of it either side (0.25: ±25%); the band narrows from the first figure to the second through the month.';
/** Said when a save fails and the server gave no reason. */
export const SAVE_FAILED = 'Unable to save the budget. Please try again.';
/** Said when the ad accounts cannot be listed. */
export const ACCOUNTS_FAILED = 'Unable to load your ad accounts right now.';
/** Said when the workspace has no connected ad account to choose. */
export const NO_ACCOUNTS = 'No ad account is connected yet.';
/** The toasts once saved. */
export const addedText = (label: string) => `Budget added: ${label}.`;
export const savedText = (label: string) => `Budget saved: ${label}.`;

/** The form's values: the amount as typed. */
interface BudgetFormValues {
  scope: BudgetScope;
  platform: Platform | null;
  account: string | null;
  amount: number | string;
  /** A display currency, or an account budget's own account currency. */
  currency: string;
  /** Only used for scope 'account'; kept while another scope is tried, but not sent. */
  campaign_caps: CapFormValues[];
  /** The pacing band's half-width on the month's first and last day, as typed. */
  band: { start: number | string; end: number | string };
}

const FIELDS: readonly string[] = [
  'scope',
  'platform',
  'account',
  'amount',
  'currency',
  'campaign_caps',
  'band.start',
  'band.end',
];

function initialValuesOf(budget: Budget | null, currency: DisplayCurrency): BudgetFormValues {
  if (budget) {
    const caps = budget.campaign_caps.map((cap) => ({
      campaign_id: cap.campaign_id,
      min: cap.min ?? '',
      max: cap.max ?? '',
    }));
    return {
      scope: budget.scope,
      platform: budget.platform,
      account: budget.account,
      amount: budget.amount,
      currency: budget.currency,
      campaign_caps: caps,
      band: budget.band,
    };
  }
  return {
    scope: 'workspace',
    platform: null,
    account: null,
    amount: '',
    currency,
    campaign_caps: [],
    band: DEFAULT_PACING_BAND,
  };
}

/** What is checked and sent: caps only with an account budget (the section is hidden otherwise). */
function inputOf(values: BudgetFormValues): BudgetFormValues {
  return values.scope === 'account' ? values : { ...values, campaign_caps: [] };
}

/**
 * The shared schema's refusals as the form shows them. A cap's refusal is put on its row: the
 * schema's own message for the row (badCap, capOrder), or badCap(n) when only one of its fields
 * was refused (yup's generic words name no cap); a refusal of the whole list stays a string.
 */
function budgetFormErrors(error: ValidationError): FormikErrors<BudgetFormValues> {
  let errors: FormikErrors<BudgetFormValues> = {};
  const rows: string[] = [];
  let listError: string | undefined;
  for (const refusal of error.inner.length ? error.inner : [error]) {
    const path = refusal.path ?? '';
    const cap = /^campaign_caps\[(\d+)\](\.)?/.exec(path);
    if (cap) {
      const index = Number(cap[1]);
      if (!cap[2]) rows[index] = refusal.message;
      else rows[index] ??= BUDGET_VALIDATION.badCap(index + 1);
    } else if (path === 'campaign_caps') {
      listError ??= refusal.message;
    } else if (path && getIn(errors, path) === undefined) {
      errors = setIn(errors, path, refusal.message) as FormikErrors<BudgetFormValues>;
    }
  }
  if (listError !== undefined) errors.campaign_caps = listError;
  else if (rows.length) errors.campaign_caps = rows;
  return errors;
}

async function validateBudget(values: BudgetFormValues): Promise<FormikErrors<BudgetFormValues>> {
  try {
    await budgetSchema.validate(inputOf(values), { abortEarly: false });
    return {};
  } catch (error) {
    if (error instanceof ValidationError) return budgetFormErrors(error);
    throw error;
  }
}

/** The pacing band's two widths, with the band's own refusal (the end wider than the start) under them. */
function BandFields() {
  const [, meta] = useField('band');
  const helpId = useId();
  const orderError = typeof meta.error === 'string' ? meta.error : null;
  const input = {
    htmlInput: { min: 0, max: 1, step: 0.01, inputMode: 'decimal' as const, 'aria-describedby': helpId },
  };
  return (
    <Stack spacing={0.5}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormikTextField name="band.start" label={FIELD_LABELS.bandStart} type="number" fullWidth slotProps={input} />
        <FormikTextField name="band.end" label={FIELD_LABELS.bandEnd} type="number" fullWidth slotProps={input} />
      </Stack>
      <FormHelperText id={helpId} error={orderError !== null}>
        {orderError ?? BAND_HELP}
      </FormHelperText>
    </Stack>
  );
}

/** A labelled native select bound to a Formik field; its message shows once it is touched. */
function FormikSelect({
  name,
  options,
  helperText,
  ...props
}: Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'error' | 'select' | 'children'> & {
  name: string;
  options: readonly { value: string; label: string }[];
}) {
  const [field, meta, helpers] = useField<string | null>(name);
  const showError = meta.touched && typeof meta.error === 'string';
  return (
    <TextField
      {...props}
      select
      id={name}
      name={name}
      value={field.value ?? ''}
      onChange={(event) => void helpers.setValue(event.target.value)}
      onBlur={field.onBlur}
      error={showError}
      helperText={showError ? meta.error : helperText}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
    >
      {(field.value === null || field.value === '') && (
        <option value="" disabled>
          Choose…
        </option>
      )}
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </TextField>
  );
}

function ScopeField() {
  const [field, meta] = useField<BudgetScope>('scope');
  const labelId = useId();
  const errorId = useId();
  const showError = meta.touched && typeof meta.error === 'string';
  return (
    <FormControl error={showError}>
      <FormLabel id={labelId}>{FIELD_LABELS.scope}</FormLabel>
      <RadioGroup
        aria-labelledby={labelId}
        aria-describedby={showError ? errorId : undefined}
        name={field.name}
        value={field.value}
        onChange={field.onChange}
      >
        {BUDGET_SCOPES.map((scope) => (
          <FormControlLabel key={scope} value={scope} control={<Radio />} label={BUDGET_SCOPE_LABELS[scope]} />
        ))}
      </RadioGroup>
      {showError && <FormHelperText id={errorId}>{meta.error}</FormHelperText>}
    </FormControl>
  );
}

/** The currencies offered: the display currencies, and an account budget's own account currency. */
function CurrencyField({ scope, account, currency }: { scope: BudgetScope; account: string | null; currency: string }) {
  const { data } = useListBudgetAccountsQuery();
  const own = scope === 'account' ? data?.find((candidate) => candidate.id === account)?.currency : undefined;
  const codes: string[] = [...DISPLAY_CURRENCIES];
  if (own && !codes.includes(own)) codes.push(own);
  // The value stays offered, so the select never shows another than the one that is sent.
  if (currency && !codes.includes(currency)) codes.push(currency);
  return (
    <FormikSelect
      name="currency"
      label={FIELD_LABELS.currency}
      required
      sx={{ minWidth: 140 }}
      options={codes.map((code) => ({ value: code, label: code === own ? `${code} (the account’s)` : code }))}
    />
  );
}

/** The chosen account's caps, once an account is chosen. */
function AccountCaps({ account }: { account: string | null }) {
  const { data } = useListBudgetAccountsQuery();
  const chosen = data?.find((candidate) => candidate.id === account);
  return chosen ? <CampaignCapsField account={chosen.id} currency={chosen.currency} /> : null;
}

function AccountField() {
  const { data, isError, error } = useListBudgetAccountsQuery();
  if (isError && !data) return <Alert severity="error">{errorMessage(error, ACCOUNTS_FAILED)}</Alert>;
  if (data && data.length === 0) return <Alert severity="info">{NO_ACCOUNTS}</Alert>;
  return (
    <FormikSelect
      name="account"
      label={FIELD_LABELS.account}
      required
      fullWidth
      disabled={!data}
      options={(data ?? []).map((account) => ({
        value: account.id,
        label: `${account.name} (${PLATFORM_LABELS[account.platform]})`,
      }))}
    />
  );
}

/** Props of BudgetDialog. */
export interface BudgetDialogProps {
  open: boolean;
  /** The budget to edit; null: a new one. */
  budget: Budget | null;
  /** The currency a new budget starts in. */
  defaultCurrency: DisplayCurrency;
  onClose: () => void;
}

/**
 * Adds or edits a monthly budget on the shared budget schema (the server's own): what it covers
 * (the workspace, a platform or an ad account), the amount a month and its currency (for an
 * account, its own currency too), and an account budget's campaign caps. A refusal
 * naming a field is said on that field; any other (a budget for that already exists) in the dialog.
 */
export function BudgetDialog({ open, budget, defaultCurrency, onClose }: BudgetDialogProps) {
  const titleId = useId();
  const failureId = useId();
  const [createBudget] = useCreateBudgetMutation();
  const [updateBudget] = useUpdateBudgetMutation();
  const [failure, setFailure] = useState<string | null>(null);

  const close = () => {
    setFailure(null);
    onClose();
  };

  const submit = async (values: BudgetFormValues, helpers: FormikHelpers<BudgetFormValues>) => {
    setFailure(null);
    // The cast clears the platform or the account the scope does not use, and makes the amount and the bounds numbers.
    const input = budgetSchema.cast(inputOf(values)) as BudgetInput;
    try {
      const saved = budget ? await updateBudget({ id: budget.id, input }).unwrap() : await createBudget(input).unwrap();
      notify(budget ? savedText(saved.label) : addedText(saved.label), 'success');
      close();
    } catch (error) {
      const message = errorMessage(error, SAVE_FAILED);
      const field = errorField(error);
      if (!isConflict(error) && field !== null && FIELDS.includes(field)) {
        void helpers.setFieldTouched(field, true, false);
        helpers.setFieldError(field, message);
      } else {
        setFailure(message);
      }
    }
  };

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{budget ? editBudgetTitle(budget.label) : ADD_BUDGET_TITLE}</DialogTitle>
      <Formik initialValues={initialValuesOf(budget, defaultCurrency)} validate={validateBudget} onSubmit={submit}>
        {({ values, isSubmitting }) => (
          <Form noValidate aria-labelledby={titleId} aria-describedby={failure ? failureId : undefined}>
            <DialogContent>
              <Stack spacing={2}>
                <ScopeField />
                {values.scope === 'platform' && (
                  <FormikSelect
                    name="platform"
                    label={FIELD_LABELS.platform}
                    required
                    fullWidth
                    options={PLATFORMS.map((platform) => ({ value: platform, label: PLATFORM_LABELS[platform] }))}
                  />
                )}
                {values.scope === 'account' && <AccountField />}
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                  <FormikTextField
                    name="amount"
                    label={FIELD_LABELS.amount}
                    type="number"
                    required
                    fullWidth
                    slotProps={{ htmlInput: { min: 0, step: 'any', inputMode: 'decimal' } }}
                  />
                  <CurrencyField scope={values.scope} account={values.account} currency={values.currency} />
                </Stack>
                <BandFields />
                {values.scope === 'account' && <AccountCaps account={values.account} />}
                {failure && (
                  <Alert severity="error" id={failureId}>
                    {failure}
                  </Alert>
                )}
              </Stack>
            </DialogContent>
            <DialogActions>
              <Button onClick={close} disabled={isSubmitting}>
                Cancel
              </Button>
              <LoadingButton type="submit" variant="contained" loading={isSubmitting}>
                {budget ? EDIT_BUDGET_SUBMIT : ADD_BUDGET_SUBMIT}
              </LoadingButton>
            </DialogActions>
          </Form>
        )}
      </Formik>
    </Dialog>
  );
}
