import type { PacingView } from '@shared/api/budgets';

import type { AlertFinding } from '../../analysis/accountAlerts';

/** Days in a "week" of the month: an off-band budget is alerted at most once per such week and direction. */
const ALERT_EVERY_DAYS = 7;
/** Off by more than this many times the band's half-width: critical (the month is clearly going wrong). */
const CRITICAL_TIMES_TOLERANCE = 2;

const pct = (x: number) => `${Math.round(Math.abs(x) * 100)}%`;
const money = (amount: number, currency: string) =>
  `${currency} ${amount.toLocaleString('en-US', { maximumFractionDigits: 0 })}`;
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/**
 * The alert for a monthly budget pacing off its band, or null when it is on track. One per
 * budget, direction and week of the month (the key says which), so a month that stays off the
 * band is told again a week later, not every sync. The headline carries the figures and the
 * daily budget change that brings the month back on target.
 */
export function pacingFinding(
  budget: { id: string; label: string; currency: string },
  pacing: PacingView,
): AlertFinding | null {
  if (pacing.status === 'on_track' || pacing.target <= 0) return null;
  const off = pacing.ratio - 1;
  const monthName = MONTHS[Number(pacing.month.slice(5, 7)) - 1];
  const week = Math.ceil(Number(pacing.today.slice(8, 10)) / ALERT_EVERY_DAYS);
  const direction = pacing.status === 'over' ? 'over' : 'under';
  const remedy =
    pacing.change === 0
      ? 'nothing is running now to change'
      : `${pacing.change > 0 ? 'raise' : 'lower'} daily budgets by about ${pct(pacing.change)} (to about ${money(pacing.daily_needed, budget.currency)} a day)`;
  return {
    kind: 'pacing',
    key: `pacing:${budget.id}:${pacing.month}:${direction}:w${week}`,
    severity: Math.abs(off) > CRITICAL_TIMES_TOLERANCE * pacing.tolerance ? 'critical' : 'warning',
    metric: 'spend',
    direction: pacing.status === 'over' ? 'high' : 'low',
    level: 'budget',
    entityId: budget.id,
    entityName: `Budget: ${budget.label}`,
    day: pacing.today,
    headline: `Budget “${budget.label}” is projected to end ${monthName} ${pct(off)} ${direction} its ${money(pacing.target, budget.currency)} (about ${money(pacing.projected.mid, budget.currency)}): ${remedy}.`,
    // The figures are in the budget's currency, not an account's: they travel in the headline.
    observed: null,
    expected: null,
    low: null,
    high: null,
  };
}
