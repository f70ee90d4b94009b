import { weekdayOf } from '@shared/days';

import { gamma, interval, mean, type Posterior, probabilityLess } from './distributions';
import { gammaPrior, type PeerUnit, relativeDispersion, updateGamma } from './empiricalBayes';
import { ADVICE_PROBABILITY, type Finding, type Learning } from './findings';
import { knownShare } from './lag';
import type { AccountSeries, CampaignSeries } from './types';
import { ageOf } from './window';

/**
 * Day of week: a campaign whose conversions on some weekdays come credibly cheaper or dearer
 * than on its other days, so that shaping its budget by weekday (an ad schedule, dayparting, a
 * lower budget on those days) buys more for the same spend. Each weekday is compared with the
 * campaign's other six days over whole weeks (every weekday sees the same budgets, creatives
 * and seasons), recent days counted against the share of their conversions known so far.
 *
 * Conversions per unit of spend alone would mislead: delivery is busier on some weekdays, and
 * on a saturating response curve a day that spends more gets fewer conversions per unit of
 * spend even when its audience converts just as well. A weekday is flagged only when it is
 * credibly behind on BOTH conversions per unit of spend AND conversions per day; whichever way
 * its spend differs from the other days', one of the two is then a bound on how much worse its
 * audience truly converts (more spend cannot lower a day's conversions; less spend cannot lower
 * its conversions per unit of spend). Seven weekdays are tested at once, so each one must pass
 * at a Bonferroni-corrected probability.
 */

export interface DayOfWeekParams {
  /** Days of history judged: whole weeks. */
  windowDays: number;
  /** Fewest days of delivery, per weekday, before the campaign is judged. */
  minWeeks: number;
  /** Fewest conversions in the window. */
  minConversions: number;
  /** Family-wise probability over the seven weekdays (ADVICE_PROBABILITY): each day must pass 1 − (1 − p) / 7. */
  probability: number;
  /** The effect guard: the weekday's bound must be at least this much below the other days' rate (a gap worth a schedule). */
  minShortfall: number;
  /** Credible level of the intervals shown. */
  credibleLevel: number;
  /** Largest share of a weekday's budget the advice moves. */
  maxCut: number;
}

export const DAY_OF_WEEK_DEFAULTS: DayOfWeekParams = {
  windowDays: 84,
  minWeeks: 8,
  minConversions: 150,
  probability: ADVICE_PROBABILITY,
  minShortfall: 0.1,
  credibleLevel: 0.9,
  maxCut: 0.3,
};

export const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
/** A campaign delivered on one of the last days this many days (today included). */
const LIVE_WITHIN_DAYS = 3;
/** Evidence metric of one flagged weekday's conversions a day; its name ends with the weekday's. */
const PER_DAY_METRIC = 'conversions_per_day_';

/** The weekdays (0 Sunday .. 6 Saturday) a day_of_week finding advises spending less on, read from its evidence. */
export function flaggedWeekdays(finding: Finding): number[] {
  return finding.evidence
    .filter((e) => e.metric.startsWith(PER_DAY_METRIC))
    .map((e) => WEEKDAY_NAMES.findIndex((name) => name.toLowerCase() === e.metric.slice(PER_DAY_METRIC.length)))
    .filter((d) => d >= 0);
}

interface WeekdayTotals {
  conversions: number;
  /** Spend and days scaled by the share of conversions known on each day. */
  knownSpend: number;
  knownDays: number;
  spend: number;
  days: number;
}

const empty = (): WeekdayTotals => ({ conversions: 0, knownSpend: 0, knownDays: 0, spend: 0, days: 0 });

/** Totals per weekday (Sunday first) over the window; days whose known share is not known yet are left out. */
export function weekdayTotals(
  campaign: CampaignSeries,
  today: string,
  windowDays: number,
  lag: (number | null)[],
): WeekdayTotals[] {
  const totals = Array.from({ length: 7 }, empty);
  for (const day of campaign.days) {
    if (day.spend <= 0) continue;
    const age = ageOf(day.date, today);
    if (age < 0 || age >= windowDays) continue;
    const share = knownShare(lag, age);
    if (share === null || share <= 0) continue;
    const t = totals[weekdayOf(day.date)];
    t.conversions += day.conversions;
    t.knownSpend += day.spend * share;
    t.knownDays += share;
    t.spend += day.spend;
    t.days += 1;
  }
  return totals;
}

interface DayJudgement {
  weekday: number;
  perSpend: Posterior;
  perDay: Posterior;
  otherPerSpend: Posterior;
  otherPerDay: Posterior;
  probability: number;
  /** The bound on the weekday's efficiency against the other days' (the larger of the two ratios). */
  ratio: number;
}

const sum = (ts: WeekdayTotals[]): WeekdayTotals =>
  ts.reduce(
    (s, t) => ({
      conversions: s.conversions + t.conversions,
      knownSpend: s.knownSpend + t.knownSpend,
      knownDays: s.knownDays + t.knownDays,
      spend: s.spend + t.spend,
      days: s.days + t.days,
    }),
    empty(),
  );

export function findWeekdayGaps(
  account: AccountSeries,
  lag: (number | null)[],
  params: DayOfWeekParams = DAY_OF_WEEK_DEFAULTS,
): { findings: Finding[]; learning: Learning[] } {
  const findings: Finding[] = [];
  const learning: Learning[] = [];
  const perDayTest = 1 - (1 - params.probability) / 7;
  for (const campaign of account.campaigns) {
    if (
      campaign.status !== 'ACTIVE' ||
      !campaign.days.some((d) => d.spend > 0 && ageOf(d.date, account.today) < LIVE_WITHIN_DAYS)
    )
      continue;
    const totals = weekdayTotals(campaign, account.today, params.windowDays, lag);
    const all = sum(totals);
    if (Math.min(...totals.map((t) => t.days)) < params.minWeeks || all.conversions < params.minConversions) {
      learning.push({
        level: 'campaign',
        entityId: campaign.id,
        reason: totals.some((t) => t.days < params.minWeeks) ? 'too_new' : 'too_little_data',
      });
      continue;
    }
    // Weekdays as peers of one another: their true spread sets how far a thin day is pulled to the campaign's rate.
    const rateSpend = all.conversions / all.knownSpend;
    const rateDay = all.conversions / all.knownDays;
    const spreadSpend = relativeDispersion(
      totals.map((t): PeerUnit => ({ events: t.conversions, exposure: t.knownSpend, groupRate: rateSpend })),
    );
    const spreadDay = relativeDispersion(
      totals.map((t): PeerUnit => ({ events: t.conversions, exposure: t.knownDays, groupRate: rateDay })),
    );
    const judged: DayJudgement[] = [];
    for (let weekday = 0; weekday < 7; weekday += 1) {
      const own = totals[weekday];
      const others = sum(totals.filter((_, i) => i !== weekday));
      const perSpend = updateGamma(gammaPrior(rateSpend, spreadSpend), own.conversions, own.knownSpend);
      const perDay = updateGamma(gammaPrior(rateDay, spreadDay), own.conversions, own.knownDays);
      // The other six days pooled: their own counts (a flat prior), they carry six times the evidence.
      const otherPerSpend = gamma(0.5 + others.conversions, others.knownSpend);
      const otherPerDay = gamma(0.5 + others.conversions, others.knownDays);
      const ratio = Math.max(mean(perSpend) / mean(otherPerSpend), mean(perDay) / mean(otherPerDay));
      if (ratio > 1 - params.minShortfall) continue;
      const probability = Math.min(probabilityLess(perSpend, otherPerSpend), probabilityLess(perDay, otherPerDay));
      if (probability < perDayTest) continue;
      judged.push({ weekday, perSpend, perDay, otherPerSpend, otherPerDay, probability, ratio });
    }
    // A campaign cannot be worse than itself on every day: at most three weekdays are flagged, the clearest.
    judged.sort((a, b) => a.ratio - b.ratio);
    const flagged = judged.slice(0, 3).sort((a, b) => a.weekday - b.weekday);
    if (flagged.length > 0) findings.push(describe(campaign, totals, flagged, params));
  }
  return { findings, learning };
}

function listDays(days: number[]): string {
  const names = days.map((d) => `${WEEKDAY_NAMES[d]}s`);
  return names.length <= 1 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

function describe(
  campaign: CampaignSeries,
  totals: WeekdayTotals[],
  flagged: DayJudgement[],
  params: DayOfWeekParams,
): Finding {
  const level = params.credibleLevel;
  const days = flagged.map((f) => f.weekday);
  const flaggedTotals = sum(days.map((d) => totals[d]));
  const otherTotals = sum(totals.filter((_, i) => !days.includes(i)));
  const posterior = (t: WeekdayTotals) => gamma(0.5 + t.conversions, t.knownSpend);
  const own = posterior(flaggedTotals);
  const others = posterior(otherTotals);
  const ownRange = { mid: mean(own), ...interval(own, level) };
  const otherRange = { mid: mean(others), ...interval(others, level) };
  const shortfall = 1 - Math.max(...flagged.map((f) => f.ratio));
  // Lower those days' budget by the gap the bound shows, in 5% steps, at most maxCut.
  const cut = Math.max(0.05, Math.min(params.maxCut, Math.floor((shortfall * 100) / 5) * 0.05));
  // Family-wise: the chance that none of the flagged days is a fluke, by the Bonferroni bound over the seven tested.
  const confidence = Math.max(0, 1 - 7 * (1 - Math.min(...flagged.map((f) => f.probability))));
  const weeks = Math.max(1, Math.min(...days.map((d) => totals[d].days)));
  const spendMovedPerWeek = (flaggedTotals.spend / weeks) * cut;
  // The spend taken off those days goes to the other days at their rate: a gain per week, with its range.
  const gain = (otherRate: number, ownRate: number) => Math.max(0, spendMovedPerWeek * (otherRate - ownRate));
  const perThousand = (x: number) => x * 1000;
  const pct = Math.round(shortfall * 100);
  const list = listDays(days);
  return {
    type: 'day_of_week',
    key: `day_of_week:${campaign.id}`,
    level: 'campaign',
    entityId: campaign.id,
    entityName: campaign.name,
    campaignId: campaign.id,
    headline: `Spend less on ${list} in ${campaign.name}: those days get at least ${pct}% fewer conversions for their spend than its other days`,
    confidence,
    evidence: [
      {
        metric: 'conversions_per_1000_spend',
        label: `Conversions per 1,000 of spend (minor units) on ${list}, against the other days, last ${params.windowDays} days`,
        entity: { mid: perThousand(ownRange.mid), low: perThousand(ownRange.low), high: perThousand(ownRange.high) },
        peers: {
          mid: perThousand(otherRange.mid),
          low: perThousand(otherRange.low),
          high: perThousand(otherRange.high),
        },
        probability: confidence,
      },
      ...flagged.map((f) => ({
        metric: `${PER_DAY_METRIC}${WEEKDAY_NAMES[f.weekday].toLowerCase()}`,
        label: `Conversions a day on ${WEEKDAY_NAMES[f.weekday]}s against the other days`,
        entity: { mid: mean(f.perDay), ...interval(f.perDay, level) },
        peers: { mid: mean(f.otherPerDay), ...interval(f.otherPerDay, level) },
        probability: f.probability,
      })),
    ],
    impact: {
      conversionsPerWeek: {
        mid: gain(otherRange.mid, ownRange.mid),
        low: gain(otherRange.low, ownRange.high),
        high: gain(otherRange.high, ownRange.low),
      },
      // Moved, not cut: the week's spend stays the same.
      spendPerWeek: { mid: 0, low: 0, high: 0 },
    },
    change: {
      kind: 'task',
      description:
        `In ${campaign.name}, lower the budget on ${list} by ${Math.round(cut * 100)}% (an ad schedule or a weekday budget rule) and give the same amount to the other days: ` +
        `over the last ${params.windowDays} days ${list} got ${perThousand(ownRange.mid).toFixed(2)} conversions per 1,000 of spend against ${perThousand(otherRange.mid).toFixed(2)} on the other days, ` +
        `and at least ${pct}% fewer once their lower or higher delivery is allowed for.`,
    },
  };
}
