import { errorMessage } from '@client/api/errors';
import AddIcon from '@mui/icons-material/Add';
import { Alert, Box, Button, FormHelperText, Stack, TextField, Typography } from '@mui/material';
import { MAX_CAMPAIGN_CAPS } from '@shared/api/budgets';
import { FieldArray, getIn, useFormikContext } from 'formik';
import { useEffect, useId, useRef } from 'react';

import { useListAccountCampaignsQuery } from './budgets.api';

/** The section's heading, its words and its buttons. */
export const CAPS_HEADING = 'Campaign caps';
export const capsIntro = (currency: string) =>
  `Daily bounds the optimizer keeps each campaign within, in ${currency}, the ad account’s currency. Leave a bound empty for none.`;
export const ADD_CAP_LABEL = 'Add a cap';
export const CAMPAIGNS_FAILED = 'Unable to load the account’s campaigns right now.';
export const NO_CAMPAIGNS = 'This ad account has no campaign to cap yet.';
/** The labels of cap n (1-based), named after its campaign once one is chosen. */
export const capCampaignLabel = (n: number) => `Campaign of cap ${n}`;
export const capMinLabel = (name: string) => `Minimum daily budget for ${name}`;
export const capMaxLabel = (name: string) => `Maximum daily budget for ${name}`;
export const removeCapLabel = (name: string) => `Remove the cap on ${name}`;

/** One cap as the form holds it: the bounds as typed ('' for none). */
export interface CapFormValues {
  campaign_id: string;
  min: number | string;
  max: number | string;
}

/** The form values the section reads and writes. */
interface CapsFormSlice {
  account: string | null;
  campaign_caps: CapFormValues[];
}

export const emptyCap = (): CapFormValues => ({ campaign_id: '', min: '', max: '' });

/** Props of CampaignCapsField. */
export interface CampaignCapsFieldProps {
  /** The account whose campaigns are capped. */
  account: string;
  /** The account's own currency: the bounds are in it. */
  currency: string;
}

/**
 * An account budget's campaign caps (the optimizer keeps each campaign's daily budget within
 * them): rows of a campaign of the account with its minimum and maximum, Remove, and Add a cap.
 * A row's refusal by the shared schema is said under it and described on its fields.
 */
export function CampaignCapsField({ account, currency }: CampaignCapsFieldProps) {
  const headingId = useId();
  const { values, errors, touched, submitCount, setFieldValue } = useFormikContext<CapsFormSlice>();
  const campaigns = useListAccountCampaignsQuery(account);
  const caps = values.campaign_caps;

  // Caps name campaigns of one account: another account's caps would only be refused.
  const previousAccount = useRef(account);
  useEffect(() => {
    if (previousAccount.current === account) return;
    previousAccount.current = account;
    void setFieldValue('campaign_caps', []);
  }, [account, setFieldValue]);

  const items = campaigns.data?.items ?? [];
  const nameOf = (campaignId: string, n: number) =>
    items.find((campaign) => campaign.campaign_id === campaignId)?.name ?? `cap ${n}`;
  const listError = typeof errors.campaign_caps === 'string' && submitCount > 0 ? errors.campaign_caps : null;

  let body;
  if (campaigns.isError && !campaigns.data) {
    body = <Alert severity="error">{errorMessage(campaigns.error, CAMPAIGNS_FAILED)}</Alert>;
  } else if (!campaigns.data) {
    body = (
      <Typography role="status" variant="body2" color="text.secondary">
        Loading the account’s campaigns…
      </Typography>
    );
  } else if (items.length === 0 && caps.length === 0) {
    body = <Typography variant="body2">{NO_CAMPAIGNS}</Typography>;
  } else {
    body = (
      <FieldArray name="campaign_caps">
        {({ push, remove }) => (
          <Stack spacing={1.5}>
            {caps.map((cap, index) => (
              <CapRow
                key={index}
                index={index}
                cap={cap}
                name={nameOf(cap.campaign_id, index + 1)}
                options={items.map((campaign) => ({
                  value: campaign.campaign_id,
                  label: campaign.name,
                  // One cap a campaign: one chosen in another row is not offered again.
                  taken: caps.some((other, at) => at !== index && other.campaign_id === campaign.campaign_id),
                }))}
                error={capError(errors.campaign_caps, index)}
                showError={submitCount > 0 || rowTouched(touched.campaign_caps, index)}
                onRemove={() => remove(index)}
              />
            ))}
            {listError && <FormHelperText error>{listError}</FormHelperText>}
            <Box>
              <Button
                size="small"
                startIcon={<AddIcon aria-hidden />}
                disabled={caps.length >= Math.min(items.length, MAX_CAMPAIGN_CAPS)}
                onClick={() => push(emptyCap())}
              >
                {ADD_CAP_LABEL}
              </Button>
            </Box>
          </Stack>
        )}
      </FieldArray>
    );
  }

  return (
    <Box component="fieldset" aria-labelledby={headingId} sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
      <Stack spacing={1}>
        <Typography id={headingId} component="legend" variant="subtitle1" sx={{ fontWeight: 600, p: 0 }}>
          {CAPS_HEADING}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {capsIntro(currency)}
        </Typography>
        {body}
      </Stack>
    </Box>
  );
}

/** Row n's message: a refusal of the row, or of one of its fields (the validation puts both on the row). */
function capError(errors: unknown, index: number): string | null {
  const error: unknown = Array.isArray(errors) ? errors[index] : undefined;
  return typeof error === 'string' ? error : null;
}

function rowTouched(touched: unknown, index: number): boolean {
  const row: unknown = getIn(touched, String(index));
  return typeof row === 'object' && row !== null && Object.values(row).some(Boolean);
}

interface CapRowProps {
  index: number;
  cap: CapFormValues;
  /** The campaign's name, or 'cap n' before one is chosen. */
  name: string;
  options: { value: string; label: string; taken: boolean }[];
  error: string | null;
  showError: boolean;
  onRemove: () => void;
}

function CapRow({ index, cap, name, options, error, showError, onRemove }: CapRowProps) {
  const { handleChange, handleBlur } = useFormikContext<CapsFormSlice>();
  const errorId = useId();
  const invalid = showError && error !== null;
  const field = (key: keyof CapFormValues) => `campaign_caps.${index}.${key}`;
  const described = { 'aria-describedby': invalid ? errorId : undefined, 'aria-invalid': invalid || undefined };
  const amountInput = {
    htmlInput: { min: 0, step: 'any', inputMode: 'decimal' as const, ...described },
    inputLabel: { shrink: true },
  };
  return (
    <Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'flex-start' } }}>
        <TextField
          select
          size="small"
          id={field('campaign_id')}
          name={field('campaign_id')}
          label={capCampaignLabel(index + 1)}
          value={cap.campaign_id}
          onChange={handleChange}
          onBlur={handleBlur}
          error={invalid}
          slotProps={{ select: { native: true, inputProps: described }, inputLabel: { shrink: true } }}
          sx={{ minWidth: 200, flex: 2 }}
        >
          <option value="" disabled>
            Choose…
          </option>
          {options.map((option) => (
            <option key={option.value} value={option.value} disabled={option.taken}>
              {option.label}
            </option>
          ))}
        </TextField>
        <TextField
          size="small"
          type="number"
          id={field('min')}
          name={field('min')}
          label={capMinLabel(name)}
          value={cap.min}
          onChange={handleChange}
          onBlur={handleBlur}
          error={invalid}
          slotProps={amountInput}
          sx={{ flex: 1 }}
        />
        <TextField
          size="small"
          type="number"
          id={field('max')}
          name={field('max')}
          label={capMaxLabel(name)}
          value={cap.max}
          onChange={handleChange}
          onBlur={handleBlur}
          error={invalid}
          slotProps={amountInput}
          sx={{ flex: 1 }}
        />
        <Button
          size="small"
          color="inherit"
          onClick={onRemove}
          aria-label={removeCapLabel(name)}
          sx={{ alignSelf: { sm: 'center' } }}
        >
          Remove
        </Button>
      </Stack>
      {invalid && (
        <FormHelperText error id={errorId}>
          {error}
        </FormHelperText>
      )}
    </Box>
  );
}
