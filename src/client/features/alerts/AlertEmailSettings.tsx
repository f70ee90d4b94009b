import { errorMessage } from '@client/api/errors';
import { RetryAlert } from '@client/components/RetryAlert';
import { FormControlLabel, FormGroup, Skeleton, Stack, Switch, Typography } from '@mui/material';
import type { AlertSettings } from '@shared/api/alerts';
import { useId, useState } from 'react';

import { useGetAlertSettingsQuery, useUpdateAlertSettingsMutation } from './alerts.api';
import { SavingSection } from './SavingSection';

/** The words of the section. */
export const ALERT_EMAIL_LABELS = {
  title: 'E-mail',
  email_critical: 'E-mail me critical alerts as they happen',
  email_digest: 'A daily e-mail (07:00 UTC) of the other alerts I have not read',
  // The settings follow the user, not the workspace open now: say so, or a switch looks workspace-wide.
  help: 'These settings are yours, for every workspace.',
  loading: 'Loading your alert e-mail settings',
  saved: 'Saved',
} as const;
/** Said when the settings cannot be loaded and the server gave no reason. */
export const ALERT_SETTINGS_FAILED = 'Unable to load your alert e-mail settings right now.';

const TOGGLES = ['email_critical', 'email_digest'] as const satisfies readonly (keyof AlertSettings)[];

/**
 * The user's alert e-mails: two switches that save as soon as they are toggled. The cache moves
 * the switch at once and puts it back if the save fails (the error channel toasts why); a polite
 * status says "Saved" once the server has it.
 */
export function AlertEmailSettings() {
  const headingId = useId();
  const helpId = useId();
  const { data, error, isError, isFetching, refetch } = useGetAlertSettingsQuery();
  const [updateAlertSettings, { isLoading: saving }] = useUpdateAlertSettingsMutation();
  const [saved, setSaved] = useState(false);

  const save = async (toggle: keyof AlertSettings, on: boolean) => {
    // One save at a time, so a failed save's undo can never revert a later one.
    if (saving) return;
    setSaved(false);
    try {
      await updateAlertSettings({ [toggle]: on }).unwrap();
      setSaved(true);
    } catch {
      // Said by the API error channel; the cache has already put the switch back.
    }
  };

  let content;
  if (data) {
    content = (
      <FormGroup>
        {TOGGLES.map((toggle) => (
          <FormControlLabel
            key={toggle}
            label={ALERT_EMAIL_LABELS[toggle]}
            control={
              <Switch
                checked={data[toggle]}
                onChange={(event) => void save(toggle, event.target.checked)}
                // aria-disabled, not disabled, while saving: a disabled input drops the keyboard focus.
                slotProps={{ input: { 'aria-disabled': saving } }}
              />
            }
          />
        ))}
      </FormGroup>
    );
  } else if (isError) {
    content = (
      <RetryAlert retrying={isFetching} onRetry={() => void refetch()}>
        {errorMessage(error, ALERT_SETTINGS_FAILED)}
      </RetryAlert>
    );
  } else {
    content = (
      <Stack spacing={1} role="status" aria-busy="true" aria-label={ALERT_EMAIL_LABELS.loading}>
        {TOGGLES.map((toggle) => (
          <Skeleton key={toggle} variant="rounded" height={38} sx={{ maxWidth: 480 }} />
        ))}
      </Stack>
    );
  }

  return (
    <SavingSection
      headingId={headingId}
      title={ALERT_EMAIL_LABELS.title}
      savedText={saved ? ALERT_EMAIL_LABELS.saved : ''}
      describedBy={helpId}
    >
      <Typography id={helpId} variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {ALERT_EMAIL_LABELS.help}
      </Typography>
      {content}
    </SavingSection>
  );
}
