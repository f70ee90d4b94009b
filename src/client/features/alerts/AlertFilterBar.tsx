import { FormControlLabel, MenuItem, Stack, Switch, TextField } from '@mui/material';
import { ALERT_KINDS, ALERT_SEVERITIES, type AlertKind, type AlertSeverity } from '@shared/api/alerts';
import { PLATFORM_LABELS, type Platform } from '@shared/constants';
import { ALERT_KIND_LABELS, ALERT_SEVERITY_LABELS } from './alertFormat';
import type { AlertFilters } from './alertFilters';

/** The filters' 'every one' choices and the switch's label. */
export const ALERT_FILTER_LABELS = { kind: 'All kinds', severity: 'All severities', account: 'All accounts', unreadOnly: 'Unread only' } as const;
const ALL = 'all';

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
  // An account from a shared link that the loaded alerts do not name still shows as chosen.
  const accountKnown = filters.account === null || accounts.some((account) => account.id === filters.account);
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} useFlexGap role="group" aria-label="Filters" sx={{ flexWrap: 'wrap', alignItems: { md: 'center' } }}>
      <TextField
        select
        size="small"
        label="Kind"
        value={filters.kind ?? ALL}
        onChange={(event) => onChange({ kind: event.target.value === ALL ? null : (event.target.value as AlertKind) })}
        sx={{ minWidth: 190 }}
      >
        <MenuItem value={ALL}>{ALERT_FILTER_LABELS.kind}</MenuItem>
        {ALERT_KINDS.map((kind) => (
          <MenuItem key={kind} value={kind}>
            {ALERT_KIND_LABELS[kind]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label="Severity"
        value={filters.severity ?? ALL}
        onChange={(event) => onChange({ severity: event.target.value === ALL ? null : (event.target.value as AlertSeverity) })}
        sx={{ minWidth: 160 }}
      >
        <MenuItem value={ALL}>{ALERT_FILTER_LABELS.severity}</MenuItem>
        {ALERT_SEVERITIES.map((severity) => (
          <MenuItem key={severity} value={severity}>
            {ALERT_SEVERITY_LABELS[severity]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label="Account"
        value={filters.account ?? ALL}
        onChange={(event) => onChange({ account: event.target.value === ALL ? null : event.target.value })}
        sx={{ minWidth: 200 }}
      >
        <MenuItem value={ALL}>{ALERT_FILTER_LABELS.account}</MenuItem>
        {!accountKnown && <MenuItem value={filters.account ?? ''}>Account {filters.account}</MenuItem>}
        {accounts.map((account) => (
          <MenuItem key={account.id} value={account.id}>
            {account.name} ({PLATFORM_LABELS[account.platform]})
          </MenuItem>
        ))}
      </TextField>
      <FormControlLabel
        control={<Switch checked={filters.unreadOnly} onChange={(event) => onChange({ unreadOnly: event.target.checked })} />}
        label={ALERT_FILTER_LABELS.unreadOnly}
      />
    </Stack>
  );
}
