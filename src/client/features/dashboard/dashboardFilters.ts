import { type DashboardQuery, DEFAULT_RANGE_DAYS, lastDays, type PlatformFilter } from '@shared/api/dashboard';
import { isPlatform } from '@shared/constants';
import { daysInRange, type IsoDay } from '@shared/days';
import { dateRangeSchema } from '@shared/validation/dashboard';
import { checkInOrder } from '@shared/validation/firstError';

/** The date range presets, in days ending today; the first is the default. */
export const RANGE_PRESETS = [DEFAULT_RANGE_DAYS, 14, 30, 90] as const;
/** A preset's length, or a custom range. */
export type RangeChoice = (typeof RANGE_PRESETS)[number] | 'custom';

/** What the dashboard is filtered by; it lives in the address (?platform&account&from&to). */
export interface DashboardFilters {
  platform: PlatformFilter;
  /** A connected account's Adwise id; null: every account. */
  account: string | null;
  from: IsoDay;
  to: IsoDay;
}

/** The query keys the filters use. */
export const FILTER_KEYS = ['platform', 'account', 'from', 'to'] as const;

/** Today in the browser's own time zone (the zone the user registered with, which the server's default range uses too). */
export function todayLocal(now: number = Date.now()): IsoDay {
  const date = new Date(now);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Why a range cannot be asked for (the server's own schema and words), or null when it can. */
export function rangeError(from: string, to: string): string | null {
  return checkInOrder(dateRangeSchema, { from, to }).error?.message ?? null;
}

/** The filters an address asks for; anything missing or malformed falls back to every platform and account over the last 7 days. */
export function readFilters(params: URLSearchParams, today: IsoDay): DashboardFilters {
  const platform = params.get('platform');
  const from = params.get('from');
  const to = params.get('to');
  const asked = from !== null && to !== null ? checkInOrder(dateRangeSchema, { from, to }).value : undefined;
  const range = asked ?? lastDays(today);
  return {
    platform: isPlatform(platform) ? platform : 'all',
    account: params.get('account') || null,
    ...range,
  };
}

/** The address query for the filters, keeping unrelated keys; defaults are left out. */
export function writeFilters(params: URLSearchParams, filters: DashboardFilters): URLSearchParams {
  const next = new URLSearchParams(params);
  const values: Record<(typeof FILTER_KEYS)[number], string | null> = {
    platform: filters.platform === 'all' ? null : filters.platform,
    account: filters.account,
    from: filters.from,
    to: filters.to,
  };
  for (const key of FILTER_KEYS) {
    const value = values[key];
    if (value) next.set(key, value);
    else next.delete(key);
  }
  return next;
}

/** Which preset a range is (ending today, of a preset length), or custom. */
export function rangeChoiceOf({ from, to }: Pick<DashboardFilters, 'from' | 'to'>, today: IsoDay): RangeChoice {
  if (to !== today) return 'custom';
  const days = daysInRange(from, to);
  return RANGE_PRESETS.find((preset) => preset === days) ?? 'custom';
}

/** The API query of the filters. */
export function toDashboardQuery(filters: DashboardFilters): DashboardQuery {
  return {
    platform: filters.platform === 'all' ? undefined : filters.platform,
    account: filters.account ?? undefined,
    from: filters.from,
    to: filters.to,
  };
}
