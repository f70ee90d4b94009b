import { ListSubheader, MenuItem, Stack, TextField } from '@mui/material';
import {
  type DashboardAccount,
  DISPLAY_CURRENCIES,
  type DisplayCurrency,
  type PlatformFilter,
} from '@shared/api/dashboard';
import { type Platform, PLATFORM_LABELS, PLATFORMS } from '@shared/constants';
import type { IsoDay } from '@shared/days';

import type { DashboardFilters } from './dashboardFilters';
import { DateRangeControl } from './DateRangeControl';

/** The 'every account' choice of the account filter. */
export const ALL_ACCOUNTS_LABEL = 'All accounts';
const ALL = 'all';

/** Props of FiltersBar. */
export interface FiltersBarProps {
  filters: DashboardFilters;
  today: IsoDay;
  onChange: (patch: Partial<DashboardFilters>) => void;
  /** Platforms with connected accounts (DashboardView.platforms). */
  platforms: readonly Platform[];
  accounts: readonly DashboardAccount[];
  currency: DisplayCurrency;
  onCurrencyChange: (currency: DisplayCurrency) => void;
  /** While the currency is being saved. */
  currencyBusy?: boolean;
}

/** 'Main store · act_123', or the platform's id alone when the account has no other name. */
function accountLabel(account: DashboardAccount): string {
  return account.name && account.name !== account.account_id
    ? `${account.name} · ${account.account_id}`
    : account.account_id;
}

/**
 * The dashboard's filters (spec section 2): platform (All and every connected platform),
 * account (for agencies with many; narrowed to the chosen platform), date range and display
 * currency.
 */
export function FiltersBar({
  filters,
  today,
  onChange,
  platforms,
  accounts,
  currency,
  onCurrencyChange,
  currencyBusy = false,
}: FiltersBarProps) {
  // A platform from the address that is no longer connected still shows as chosen.
  const platformOptions = PLATFORMS.filter((platform) => platforms.includes(platform) || platform === filters.platform);
  const shownAccounts = accounts.filter((account) => filters.platform === ALL || account.platform === filters.platform);
  const groupByPlatform = filters.platform === ALL && platforms.length > 1;
  const accountKnown = filters.account === null || shownAccounts.some((account) => account.id === filters.account);

  return (
    <Stack
      direction={{ xs: 'column', md: 'row' }}
      spacing={1.5}
      useFlexGap
      sx={{ flexWrap: 'wrap', alignItems: { md: 'flex-start' } }}
      role="group"
      aria-label="Filters"
    >
      <TextField
        select
        size="small"
        label="Platform"
        value={filters.platform}
        onChange={(event) => onChange({ platform: event.target.value as PlatformFilter, account: null })}
        sx={{ minWidth: 150 }}
      >
        <MenuItem value={ALL}>All</MenuItem>
        {platformOptions.map((platform) => (
          <MenuItem key={platform} value={platform}>
            {PLATFORM_LABELS[platform]}
          </MenuItem>
        ))}
      </TextField>

      <TextField
        select
        size="small"
        label="Account"
        value={filters.account ?? ALL}
        onChange={(event) => onChange({ account: event.target.value === ALL ? null : event.target.value })}
        disabled={shownAccounts.length === 0 && filters.account === null}
        sx={{ minWidth: 200, maxWidth: { md: 320 } }}
      >
        <MenuItem value={ALL}>{ALL_ACCOUNTS_LABEL}</MenuItem>
        {!accountKnown && <MenuItem value={filters.account ?? ''}>Account {filters.account}</MenuItem>}
        {groupByPlatform
          ? platforms.flatMap((platform) => [
              <ListSubheader key={`heading-${platform}`}>{PLATFORM_LABELS[platform]}</ListSubheader>,
              ...shownAccounts
                .filter((account) => account.platform === platform)
                .map((account) => (
                  <MenuItem key={account.id} value={account.id}>
                    {accountLabel(account)}
                  </MenuItem>
                )),
            ])
          : shownAccounts.map((account) => (
              <MenuItem key={account.id} value={account.id}>
                {accountLabel(account)}
              </MenuItem>
            ))}
      </TextField>

      <DateRangeControl from={filters.from} to={filters.to} today={today} onChange={(range) => onChange(range)} />

      <TextField
        select
        size="small"
        label="Currency"
        value={currency}
        onChange={(event) => onCurrencyChange(event.target.value as DisplayCurrency)}
        disabled={currencyBusy}
        sx={{ minWidth: 110 }}
      >
        {DISPLAY_CURRENCIES.map((code) => (
          <MenuItem key={code} value={code}>
            {code}
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );
}
