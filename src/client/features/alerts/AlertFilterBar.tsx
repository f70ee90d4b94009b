import { SelectFilter } from '@client/components/SelectFilter';
import { FormControlLabel, Stack, Switch } from '@mui/material';
import { ALERT_KINDS, ALERT_SEVERITIES, type AlertKind, type AlertSeverity } from '@shared/api/alerts';
import { type Platform, PLATFORM_LABELS } from '@shared/constants';

import type { AlertFilters } from './alertFilters';
import { ALERT_KIND_LABELS, ALERT_SEVERITY_LABELS } from './alertFormat';

/** The filters' 'every one' choices and the switch's label. */
export const ALERT_FILTER_LABELS = {
  kind: 'All kinds',
  severity: 'All severities',
  account: 'All accounts',
  unreadOnly: 'Unread only',
} as const;

/** An account alerts are about, for the account filter. */
export interface AlertAccountOption {
  id: string;
  name: string;
  platform: Platform;
}

/** Props of AlertFilterBar. */
export interface AlertFilterBarProps {
  filters: AlertFilters;
  onChange: (patch: Partial<AlertFilters>) => void;
  accounts: readonly AlertAccountOption[];
}

/** Kind, severity and account pickers and the Unread only switch. */
export function AlertFilterBar({ filters, onChange, accounts }: AlertFilterBarProps) {
  return (
    <Stack
      direction={{ xs: 'column', md: 'row' }}
      spacing={1.5}
      useFlexGap
      role="group"
      aria-label="Filters"
      sx={{ flexWrap: 'wrap', alignItems: { md: 'center' } }}
    >
      <SelectFilter<AlertKind>
        label="Kind"
        value={filters.kind}
        allLabel={ALERT_FILTER_LABELS.kind}
        options={ALERT_KINDS.map((kind) => ({ value: kind, label: ALERT_KIND_LABELS[kind] }))}
        onChange={(kind) => onChange({ kind })}
        minWidth={190}
      />
      <SelectFilter<AlertSeverity>
        label="Severity"
        value={filters.severity}
        allLabel={ALERT_FILTER_LABELS.severity}
        options={ALERT_SEVERITIES.map((severity) => ({ value: severity, label: ALERT_SEVERITY_LABELS[severity] }))}
        onChange={(severity) => onChange({ severity })}
        minWidth={160}
      />
      <SelectFilter
        label="Account"
        value={filters.account}
        allLabel={ALERT_FILTER_LABELS.account}
        options={accounts.map((account) => ({
          value: account.id,
          label: `${account.name} (${PLATFORM_LABELS[account.platform]})`,
        }))}
        onChange={(account) => onChange({ account })}
        minWidth={200}
      />
      <FormControlLabel
        control={
          <Switch checked={filters.unreadOnly} onChange={(event) => onChange({ unreadOnly: event.target.checked })} />
        }
        label={ALERT_FILTER_LABELS.unreadOnly}
      />
    </Stack>
  );
}
