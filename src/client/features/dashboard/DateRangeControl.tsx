import { Button, MenuItem, Stack, TextField } from '@mui/material';
import { lastDays } from '@shared/api/dashboard';
import type { IsoDay } from '@shared/days';
import { type FormEvent, useState } from 'react';

import { RANGE_PRESETS, type RangeChoice, rangeChoiceOf, rangeError } from './dashboardFilters';

/** Props of DateRangeControl. */
export interface DateRangeControlProps {
  from: IsoDay;
  to: IsoDay;
  today: IsoDay;
  onChange: (range: { from: IsoDay; to: IsoDay }) => void;
  disabled?: boolean;
}

const CUSTOM_LABEL = 'Custom range';

/**
 * The date range: Last 7 (the default), 14, 30 or 90 days, or a custom From–To. A custom
 * range is checked here (From on or before To, at most MAX_RANGE_DAYS) and only applied,
 * and so only asked for, once it is valid.
 */
export function DateRangeControl({ from, to, today, onChange, disabled = false }: DateRangeControlProps) {
  const current = rangeChoiceOf({ from, to }, today);
  // The user may pick Custom while a preset is shown; the inputs then start from that preset.
  const [customOpen, setCustomOpen] = useState(current === 'custom');
  const [draft, setDraft] = useState({ from, to, appliedFrom: from, appliedTo: to });
  // When the range changes from outside (a preset, the address), the inputs follow it.
  if (draft.appliedFrom !== from || draft.appliedTo !== to) setDraft({ from, to, appliedFrom: from, appliedTo: to });

  const choice: RangeChoice = customOpen ? 'custom' : current;
  const error = rangeError(draft.from, draft.to);
  const unchanged = draft.from === from && draft.to === to;

  const choose = (value: string) => {
    if (value === 'custom') {
      setCustomOpen(true);
      return;
    }
    setCustomOpen(false);
    onChange(lastDays(today, Number(value)));
  };

  const apply = (event: FormEvent) => {
    event.preventDefault();
    if (error === null && !unchanged) onChange({ from: draft.from, to: draft.to });
  };

  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'flex-start' } }}>
      <TextField
        select
        size="small"
        label="Date range"
        value={String(choice)}
        onChange={(event) => choose(event.target.value)}
        disabled={disabled}
        sx={{ minWidth: 160 }}
      >
        {RANGE_PRESETS.map((days) => (
          <MenuItem key={days} value={String(days)}>
            Last {days} days
          </MenuItem>
        ))}
        <MenuItem value="custom">{CUSTOM_LABEL}</MenuItem>
      </TextField>
      {choice === 'custom' && (
        <Stack
          component="form"
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1.5}
          onSubmit={apply}
          aria-label={CUSTOM_LABEL}
          noValidate
        >
          <TextField
            size="small"
            type="date"
            label="From"
            value={draft.from}
            onChange={(event) => setDraft({ ...draft, from: event.target.value })}
            error={error !== null}
            disabled={disabled}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: today } }}
          />
          <TextField
            size="small"
            type="date"
            label="To"
            value={draft.to}
            onChange={(event) => setDraft({ ...draft, to: event.target.value })}
            error={error !== null}
            helperText={error ?? ' '}
            disabled={disabled}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: today } }}
          />
          <Button
            type="submit"
            variant="outlined"
            disabled={disabled || error !== null || unchanged}
            sx={{ alignSelf: { sm: 'flex-start' } }}
          >
            Apply
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
