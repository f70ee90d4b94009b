import { errorMessage } from '@client/api/errors';
import { RetryAlert } from '@client/components/RetryAlert';
import { FormControlLabel, Radio, RadioGroup, Skeleton, Stack, Typography } from '@mui/material';
import type { AlertSensitivity, AlertSensitivityChoice, AlertSensitivitySetting } from '@shared/api/alerts';
import { useId, useState } from 'react';

import { useGetAlertSensitivityQuery, useSetAlertSensitivityMutation } from './alerts.api';
import { SavingSection } from './SavingSection';

/** The words of the section. */
export const ALERT_SENSITIVITY_LABELS = {
  title: 'Anomaly sensitivity',
  loading: 'Loading the alert sensitivity',
  saved: 'Saved',
  fewer: 'Fewer: only strong anomalies',
  balanced: 'Balanced',
  more: 'More: catch smaller changes',
  managersOnly: 'The workspace’s owners and managers choose this.',
  applies: 'A change applies from the next check, after the next sync.',
} as const satisfies Record<AlertSensitivity | string, string>;
/** Said when the setting cannot be loaded and the server gave no reason. */
export const ALERT_SENSITIVITY_FAILED = 'Unable to load the alert sensitivity right now.';

const number = (value: number) => value.toLocaleString('en-US', { maximumFractionDigits: 1 });

/** What the series are: 'Adwise watches 515 series here: …'. */
export function watchedText(setting: AlertSensitivitySetting): string {
  if (setting.watched_series === 0) return 'Nothing has delivered in the last 90 days, so no series is watched yet.';
  return (
    `Adwise watches ${number(setting.watched_series)} series here: spend, impressions, conversions, cost per conversion and click-through rate ` +
    'of each account and campaign that delivered in the last 90 days. Each choice is a budget for all of them together.'
  );
}

/** What one choice means here: 'At most about 4 alerts a month from ordinary ups and downs (real changes come on top); …'. */
export function choiceText(choice: AlertSensitivityChoice): string {
  const n = choice.noise_alerts_a_month;
  const alerts = n < 1 ? `fewer than 1 alert a month` : `about ${number(n)} alert${n === 1 ? '' : 's'} a month`;
  return `At most ${alerts} from ordinary ups and downs (real changes come on top); one metric alerts on a day rarer than once in ${number(choice.once_in_days)} days.`;
}

/** The anomaly alerts raised lately: 'Anomaly alerts in the last 30 days: 3.' */
export function recentText(setting: AlertSensitivitySetting): string {
  return `Anomaly alerts in the last 30 days: ${number(setting.anomalies_last_30_days)}.`;
}

/** Props of AlertSensitivitySettings. */
export interface AlertSensitivitySettingsProps {
  /** Whether the role may change it ('alerts:manage'); the others read it. */
  canChange: boolean;
}

/**
 * The workspace's anomaly sensitivity: three choices, each with what it means for this workspace
 * (at most so many alerts a month from noise), saved as soon as one is picked. The cache moves
 * the choice at once and puts it back if the save fails (the error channel toasts why); a polite
 * status says "Saved" once the server has it. Members who may not change it see it read-only.
 */
export function AlertSensitivitySettings({ canChange }: AlertSensitivitySettingsProps) {
  const headingId = useId();
  const helpId = useId();
  const { data, error, isError, isFetching, refetch } = useGetAlertSensitivityQuery();
  const [setAlertSensitivity, { isLoading: saving }] = useSetAlertSensitivityMutation();
  const [saved, setSaved] = useState(false);

  const save = async (sensitivity: AlertSensitivity) => {
    // One save at a time, so a failed save's undo can never revert a later one.
    if (saving || !canChange) return;
    setSaved(false);
    try {
      await setAlertSensitivity({ sensitivity }).unwrap();
      setSaved(true);
    } catch {
      // Said by the API error channel; the cache has already put the choice back.
    }
  };

  let content;
  if (data) {
    content = (
      <>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {watchedText(data)}
        </Typography>
        <RadioGroup
          aria-labelledby={headingId}
          value={data.sensitivity}
          onChange={(event) => void save(event.target.value as AlertSensitivity)}
        >
          {data.choices.map((choice) => (
            <FormControlLabel
              key={choice.sensitivity}
              value={choice.sensitivity}
              disabled={!canChange}
              // Named by its title alone, described by what it means here (the label wraps both).
              control={
                <Radio
                  slotProps={{
                    input: {
                      'aria-labelledby': `${helpId}-${choice.sensitivity}-name`,
                      'aria-describedby': `${helpId}-${choice.sensitivity}`,
                      'aria-disabled': saving,
                    },
                  }}
                />
              }
              label={
                <span>
                  <Typography component="span" variant="body1" id={`${helpId}-${choice.sensitivity}-name`}>
                    {ALERT_SENSITIVITY_LABELS[choice.sensitivity]}
                  </Typography>
                  <Typography
                    component="span"
                    variant="body2"
                    color="text.secondary"
                    id={`${helpId}-${choice.sensitivity}`}
                    sx={{ display: 'block' }}
                  >
                    {choiceText(choice)}
                  </Typography>
                </span>
              }
              sx={{ alignItems: 'flex-start', mb: 1, '& .MuiRadio-root': { pt: 0.25 } }}
            />
          ))}
        </RadioGroup>
        <Typography variant="body2">{recentText(data)}</Typography>
        <Typography id={helpId} variant="body2" color="text.secondary">
          {canChange ? ALERT_SENSITIVITY_LABELS.applies : ALERT_SENSITIVITY_LABELS.managersOnly}
        </Typography>
      </>
    );
  } else if (isError) {
    content = (
      <RetryAlert retrying={isFetching} onRetry={() => void refetch()}>
        {errorMessage(error, ALERT_SENSITIVITY_FAILED)}
      </RetryAlert>
    );
  } else {
    content = (
      <Stack spacing={1} role="status" aria-busy="true" aria-label={ALERT_SENSITIVITY_LABELS.loading}>
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} variant="rounded" height={38} sx={{ maxWidth: 560 }} />
        ))}
      </Stack>
    );
  }

  return (
    <SavingSection
      headingId={headingId}
      title={ALERT_SENSITIVITY_LABELS.title}
      savedText={saved ? ALERT_SENSITIVITY_LABELS.saved : ''}
    >
      {content}
    </SavingSection>
  );
}
