import { errorMessage } from '@client/api/errors';
import { RetryAlert } from '@client/components/RetryAlert';
import { useCan } from '@client/session/useCan';
import {
  Alert,
  FormControl,
  FormControlLabel,
  FormLabel,
  Radio,
  RadioGroup,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import {
  CALIBRATION_DAYS,
  CONVERSION_BASES,
  CONVERSION_BASIS_LABELS,
  type ConversionBasis,
  type ConversionBasisView,
} from '@shared/api/firstParty';
import { PLATFORM_LABELS } from '@shared/constants';
import { useId } from 'react';

import { useGetConversionBasisQuery, useSetConversionBasisMutation } from './firstParty.api';

export const BASIS_LABELS = {
  legend: 'Conversions suggestions and the optimizer weigh',
  help: `Dashboards, reports and alerts always show each platform’s own counts. Calibrated counts scale each platform’s conversions by what its share of spend explains of your own conversions over the last ${CALIBRATION_DAYS} days; suggestions use it from the next sync, the optimizer at once.`,
  loading: 'Loading the conversion basis',
  loadFailed: 'Unable to load the conversion basis right now.',
  saveFailed: 'Unable to change the conversion basis. Please try again.',
  managersOnly: 'Only owners and managers can change this.',
} as const;

/** "Meta ×0.5, Google Ads ×0.667", the factors in use; or why there are none. */
export function calibrationText(view: ConversionBasisView): string {
  if (view.basis === 'platform') return 'Suggestions and the optimizer use each platform’s own conversion counts.';
  if (view.platforms.length === 0)
    return `No first-party days in the last ${CALIBRATION_DAYS} days yet: each platform’s own counts are used until there are.`;
  const factors = view.platforms.map((entry) => `${PLATFORM_LABELS[entry.platform]} ×${entry.factor}`).join(', ');
  return `Suggestions and the optimizer use conversions calibrated to your own numbers: ${factors}.`;
}

/** The opt-in (issue 37): each platform's own counts (the default) or counts calibrated to the workspace's first-party days. */
export function ConversionBasisSetting() {
  const labelId = useId();
  const helpId = useId();
  const canWrite = useCan('firstparty:write');
  const { data, isLoading, isFetching, error, refetch } = useGetConversionBasisQuery();
  const [setBasis, saving] = useSetConversionBasisMutation();

  if (isLoading) return <Skeleton variant="rounded" height={96} aria-label={BASIS_LABELS.loading} role="status" />;
  if (error || !data) {
    return (
      <RetryAlert retrying={isFetching} onRetry={() => void refetch()}>
        {errorMessage(error, BASIS_LABELS.loadFailed)}
      </RetryAlert>
    );
  }

  return (
    <Stack spacing={1}>
      <FormControl disabled={!canWrite || saving.isLoading}>
        <FormLabel id={labelId}>{BASIS_LABELS.legend}</FormLabel>
        <RadioGroup
          aria-labelledby={labelId}
          aria-describedby={helpId}
          value={data.basis}
          onChange={(event) => void setBasis(event.target.value as ConversionBasis)}
        >
          {CONVERSION_BASES.map((basis) => (
            <FormControlLabel key={basis} value={basis} control={<Radio />} label={CONVERSION_BASIS_LABELS[basis]} />
          ))}
        </RadioGroup>
      </FormControl>
      <Typography id={helpId} variant="body2" color="text.secondary">
        {BASIS_LABELS.help}
      </Typography>
      <Typography role="status" variant="body2">
        {calibrationText(data)}
      </Typography>
      {!canWrite && (
        <Typography variant="body2" color="text.secondary">
          {BASIS_LABELS.managersOnly}
        </Typography>
      )}
      {saving.isError && <Alert severity="error">{errorMessage(saving.error, BASIS_LABELS.saveFailed)}</Alert>}
    </Stack>
  );
}

/** One line for the Suggestions and Budget pages: which conversions their advice weighs. */
export function ConversionBasisNote() {
  const { data } = useGetConversionBasisQuery();
  if (!data) return null;
  return (
    <Typography variant="body2" color="text.secondary">
      {calibrationText(data)}
    </Typography>
  );
}
