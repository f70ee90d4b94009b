import { notify } from '@client/lib/notify';
import { useCan } from '@client/session/useCan';
import { MenuItem, TextField } from '@mui/material';
import { SYNC_INTERVAL_MINUTES } from '@shared/platformInfo';

import { useUpdateSyncSettingsMutation } from './dashboard.api';

/** The select's label. */
export const SYNC_CADENCE_LABEL = 'Sync every';
/** Said under the select to a role that may not change it. */
export const SYNC_CADENCE_LOCKED = 'Only owners and managers can change this.';

const HOUR = 60;

/** The cadences offered, in minutes, within the server's limits (SYNC_INTERVAL_MINUTES). */
export const SYNC_CADENCES: readonly { minutes: number; label: string }[] = [
  { minutes: 15, label: '15 min' },
  { minutes: 30, label: '30 min' },
  { minutes: HOUR, label: '1 hour' },
  { minutes: 3 * HOUR, label: '3 hours' },
  { minutes: 6 * HOUR, label: '6 hours' },
  { minutes: 12 * HOUR, label: '12 hours' },
  { minutes: 24 * HOUR, label: '24 hours' },
].filter(({ minutes }) => minutes >= SYNC_INTERVAL_MINUTES.min && minutes <= SYNC_INTERVAL_MINUTES.max);

/** A cadence as the select shows it: one of SYNC_CADENCES' labels, else 'N min'. */
export function cadenceLabel(minutes: number): string {
  return SYNC_CADENCES.find((cadence) => cadence.minutes === minutes)?.label ?? `${minutes} min`;
}

/** The toast once a new cadence is saved. */
export function cadenceSavedText(minutes: number): string {
  return `Accounts now sync every ${cadenceLabel(minutes)}.`;
}

/** Props of SyncCadenceSelect. */
export interface SyncCadenceSelectProps {
  /** The workspace's cadence now, in minutes. */
  minutes: number;
}

/**
 * How often the workspace's connections sync on their own. It saves on change: the cache shows
 * the new cadence at once and puts the old one back if the save fails (the error channel says
 * why); a toast says when it is saved. A role without 'accounts:write' sees it, disabled, and why.
 */
export function SyncCadenceSelect({ minutes }: SyncCadenceSelectProps) {
  const canChange = useCan('accounts:write');
  const [updateSyncSettings, { isLoading: saving }] = useUpdateSyncSettingsMutation();
  const known = SYNC_CADENCES.some((cadence) => cadence.minutes === minutes);

  const change = async (next: number) => {
    // One save at a time, so a failed save's undo can never revert a later one.
    if (saving || next === minutes) return;
    try {
      await updateSyncSettings({ interval_minutes: next }).unwrap();
      notify(cadenceSavedText(next), 'success');
    } catch {
      // Said by the API error channel; the cache has already put the old cadence back.
    }
  };

  return (
    <TextField
      select
      size="small"
      label={SYNC_CADENCE_LABEL}
      value={minutes}
      onChange={(event) => void change(Number(event.target.value))}
      disabled={!canChange}
      helperText={canChange ? undefined : SYNC_CADENCE_LOCKED}
      slotProps={{ select: { SelectDisplayProps: { 'aria-busy': saving } } }}
      sx={{ minWidth: 130 }}
    >
      {!known && <MenuItem value={minutes}>{cadenceLabel(minutes)}</MenuItem>}
      {SYNC_CADENCES.map((cadence) => (
        <MenuItem key={cadence.minutes} value={cadence.minutes}>
          {cadence.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
