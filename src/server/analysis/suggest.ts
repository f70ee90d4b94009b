import { BUDGET_SHIFT_DEFAULTS, type BudgetShiftParams, findBudgetShifts } from './budgetShift';
import { CREATIVE_FATIGUE_DEFAULTS, type CreativeFatigueParams, findFatiguedCreatives } from './creativeFatigue';
import { CTA_TEST_DEFAULTS, type CtaTestParams, findWeakCallsToAction } from './ctaTest';
import { DAY_OF_WEEK_DEFAULTS, type DayOfWeekParams, findWeekdayGaps } from './dayOfWeek';
import type { Finding, Learning } from './findings';
import { MARGINAL_DEFAULTS, marginalCosts, type MarginalParams } from './marginalCpa';
import { findBudgetMoves, MOVE_BUDGET_DEFAULTS, type MoveBudgetParams } from './moveBudget';
import { findLoserAds, PAUSE_AD_DEFAULTS, type PauseAdParams } from './pauseAd';
import type { AccountSeries } from './types';
import { findWornByAge, WEAR_BY_AGE_DEFAULTS, type WearByAgeParams } from './wearByAge';
import { findWinnerAds, WINNER_AD_DEFAULTS, type WinnerAdParams } from './winnerAds';

/**
 * Every Smart Suggestion of one account in one call: pause a loser ad, refresh a fatigued
 * creative, test new calls to action on an ad people do not click, boost a winner ad, shape a
 * campaign's budget by weekday, move budget from one campaign to another, lower a campaign's
 * budget, raise one's. The product and the
 * decision bench both call this, so what is measured is what ships.
 */

export interface SuggestParams {
  pauseAd: PauseAdParams;
  creativeFatigue: CreativeFatigueParams;
  wearByAge: WearByAgeParams;
  ctaTest: CtaTestParams;
  winnerAds: WinnerAdParams;
  dayOfWeek: DayOfWeekParams;
  marginal: MarginalParams;
  moveBudget: MoveBudgetParams;
  budgetShift: BudgetShiftParams;
}

export const SUGGEST_DEFAULTS: SuggestParams = {
  pauseAd: PAUSE_AD_DEFAULTS,
  creativeFatigue: CREATIVE_FATIGUE_DEFAULTS,
  wearByAge: WEAR_BY_AGE_DEFAULTS,
  ctaTest: CTA_TEST_DEFAULTS,
  winnerAds: WINNER_AD_DEFAULTS,
  dayOfWeek: DAY_OF_WEEK_DEFAULTS,
  marginal: MARGINAL_DEFAULTS,
  moveBudget: MOVE_BUDGET_DEFAULTS,
  budgetShift: BUDGET_SHIFT_DEFAULTS,
};

export function findAll(
  account: AccountSeries,
  lag: (number | null)[],
  params: SuggestParams = SUGGEST_DEFAULTS,
): { findings: Finding[]; learning: Learning[] } {
  const pause = findLoserAds(account, lag, params.pauseAd);
  const fatigue = findFatiguedCreatives(account, lag, params.creativeFatigue);
  const wornByAge = findWornByAge(account, lag, params.wearByAge);
  const cta = findWeakCallsToAction(account, lag, params.ctaTest);
  const winners = findWinnerAds(account, lag, params.winnerAds);
  const weekdays = findWeekdayGaps(account, lag, params.dayOfWeek);
  // Budgets: a move between two campaigns first (equal total budget), then a step on one of the others.
  const costs = marginalCosts(account, lag, params.marginal);
  const moves = findBudgetMoves(account, costs, params.moveBudget);
  const moved = new Set(
    moves.flatMap((m) =>
      m.change.kind === 'move_budget' ? [m.change.source.campaignId, m.change.target.campaignId] : [],
    ),
  );
  const steps = findBudgetShifts(account, costs, params.budgetShift, moved);

  // An ad gets one piece of advice at most, the first in this order: pausing it is the strongest;
  // a worn creative needs a refresh before its call to action can be judged; an ad people do not
  // click is fixed before it is scaled.
  const adAdvice: Finding[] = [];
  const advised = new Set<string>();
  for (const finding of [...pause.findings, ...fatigue.findings, ...wornByAge, ...cta.findings, ...winners.findings]) {
    if (advised.has(finding.entityId)) continue;
    advised.add(finding.entityId);
    adAdvice.push(finding);
  }
  const findings = [...adAdvice, ...weekdays.findings, ...moves, ...steps];

  // An entity is learning once, for the first reason given, and not at all when some advice judged it.
  const learning: Learning[] = [];
  const seen = new Set<string>(findings.map((f) => `${f.level}:${f.entityId}`));
  for (const entry of [
    ...pause.learning,
    ...fatigue.learning,
    ...cta.learning,
    ...winners.learning,
    ...weekdays.learning,
    ...(costs?.learning ?? []),
  ]) {
    const key = `${entry.level}:${entry.entityId}`;
    if (seen.has(key)) continue;
    seen.add(key);
    learning.push(entry);
  }
  return { findings, learning };
}
