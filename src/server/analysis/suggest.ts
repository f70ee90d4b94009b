import { BUDGET_SHIFT_DEFAULTS, findBudgetShifts, type BudgetShiftParams } from './budgetShift';
import { CREATIVE_FATIGUE_DEFAULTS, findFatiguedCreatives, type CreativeFatigueParams } from './creativeFatigue';
import { DAY_OF_WEEK_DEFAULTS, findWeekdayGaps, type DayOfWeekParams } from './dayOfWeek';
import type { Finding, Learning } from './findings';
import { findLoserAds, PAUSE_AD_DEFAULTS, type PauseAdParams } from './pauseAd';
import type { AccountSeries } from './types';

/**
 * Every Smart Suggestion of one account in one call: pause a loser ad, refresh a fatigued
 * creative, shape a campaign's budget by weekday, lower a campaign's budget, raise one's. The
 * product and the decision bench both call this, so what is measured is what ships.
 */

export interface SuggestParams {
  pauseAd: PauseAdParams;
  creativeFatigue: CreativeFatigueParams;
  dayOfWeek: DayOfWeekParams;
  budgetShift: BudgetShiftParams;
}

export const SUGGEST_DEFAULTS: SuggestParams = {
  pauseAd: PAUSE_AD_DEFAULTS,
  creativeFatigue: CREATIVE_FATIGUE_DEFAULTS,
  dayOfWeek: DAY_OF_WEEK_DEFAULTS,
  budgetShift: BUDGET_SHIFT_DEFAULTS,
};

export function findAll(account: AccountSeries, lag: (number | null)[], params: SuggestParams = SUGGEST_DEFAULTS): { findings: Finding[]; learning: Learning[] } {
  const pause = findLoserAds(account, lag, params.pauseAd);
  const fatigue = findFatiguedCreatives(account, lag, params.creativeFatigue);
  const weekdays = findWeekdayGaps(account, lag, params.dayOfWeek);
  const budgets = findBudgetShifts(account, lag, params.budgetShift);

  // An ad to pause needs no new creative: pausing it is the stronger advice.
  const paused = new Set(pause.findings.map((f) => f.entityId));
  const findings = [...pause.findings, ...fatigue.findings.filter((f) => !paused.has(f.entityId)), ...weekdays.findings, ...budgets.findings];

  // An entity is learning once, for the first reason given, and not at all when some advice judged it.
  const learning: Learning[] = [];
  const seen = new Set<string>(findings.map((f) => `${f.level}:${f.entityId}`));
  for (const entry of [...pause.learning, ...fatigue.learning, ...weekdays.learning, ...budgets.learning]) {
    const key = `${entry.level}:${entry.entityId}`;
    if (seen.has(key)) continue;
    seen.add(key);
    learning.push(entry);
  }
  return { findings, learning };
}
