import type { AlertKind } from '@shared/api/alerts';
import { addDays } from '@shared/days';
import { minorToDecimal } from '@shared/money';

import { detectAnomalies, detectorFor, type Sensitivity, type SeriesKind, type Severity } from './anomaly';
import { knownShare } from './lag';
import type { AccountSeries, DayCounts } from './types';
import { ageOf, sumByDate } from './window';

/**
 * The alerts of one account after a sync: anomalies on spend, impressions, conversions, CPA and
 * CTR for the account and each campaign (the causal detector, day by day), a campaign spending
 * with no conversion where its own cost per conversion says several were due, and a campaign that
 * stopped delivering while set to run. Only finished days are judged (today is still filling),
 * and conversions are read with the account's late-conversion profile: a day whose conversions
 * are not half in yet is not judged on them, the others are scaled up by what is still to come.
 */

export type AlertMetric = 'spend' | 'impressions' | 'conversions' | 'cpa' | 'ctr';

export interface AlertFinding {
  kind: AlertKind;
  /** Stable across runs for the same alert: one per entity, metric and day (per streak for the checks). */
  key: string;
  severity: Severity;
  metric: AlertMetric | null;
  direction: 'high' | 'low' | null;
  /** An account, campaign or ad; or a monthly budget (entityId: the budget's id). */
  level: 'account' | 'campaign' | 'ad' | 'budget';
  entityId: string;
  entityName: string;
  day: string;
  /** Money in minor units of the account currency, CTR as a fraction. */
  observed: number | null;
  expected: number | null;
  low: number | null;
  high: number | null;
  headline: string;
}

export interface AlertParams {
  /** Finished days whose verdicts are reported (older ones were reported by earlier runs). */
  recentDays: number;
  /** A day's conversions are judged once at least this share of them is in. */
  minKnownShare: number;
  /** Zero conversions alert when at least this many were due at the campaign's own cost (P(none) ≈ 1%). */
  zeroConversionsDue: number;
  /** … and are critical from this many (P(none) < 0.1%). */
  zeroConversionsCritical: number;
  /** Delivery stopped: the campaign delivered on at least this many of the 7 days before. */
  deliveredBefore: number;
}

export const ALERT_PARAMS: AlertParams = {
  recentDays: 3,
  minKnownShare: 0.5,
  zeroConversionsDue: 4.6,
  zeroConversionsCritical: 7,
  deliveredBefore: 5,
};

const METRICS: {
  metric: AlertMetric;
  kind: SeriesKind;
  value: (d: DayCounts, conversions: number | null) => number | null;
}[] = [
  { metric: 'spend', kind: 'amount', value: (d) => d.spend },
  { metric: 'impressions', kind: 'amount', value: (d) => d.impressions },
  { metric: 'conversions', kind: 'count', value: (_d, conversions) => conversions },
  {
    metric: 'cpa',
    kind: 'amount',
    value: (d, conversions) => (conversions && conversions > 0 ? d.spend / conversions : null),
  },
  { metric: 'ctr', kind: 'amount', value: (d) => (d.impressions > 0 ? d.clicks / d.impressions : null) },
];

/** Series the anomaly pass watches for each account and campaign: one per metric. */
export const SERIES_PER_ENTITY = METRICS.length;

/** How readily the workspace's anomaly alerts fire, and how many series share its false-alarm budget. */
export interface AlertWatch {
  sensitivity: Sensitivity;
  watchedSeries: number;
}

/** One account watched on its own at the default sensitivity. */
export const SINGLE_ACCOUNT_WATCH: AlertWatch = { sensitivity: 'balanced', watchedSeries: 1 };

const METRIC_WORDS: Record<AlertMetric, string> = {
  spend: 'Spend',
  impressions: 'Impressions',
  conversions: 'Conversions',
  cpa: 'Cost per conversion',
  ctr: 'Click-through rate',
};

interface Entity {
  level: 'account' | 'campaign';
  id: string;
  name: string;
  days: DayCounts[];
}

/** Every day from the first delivery to the last finished day; null where nothing was delivered. */
function dailyGrid(days: DayCounts[], lastDay: string): { dates: string[]; byDate: (DayCounts | null)[] } {
  const delivered = days.filter((d) => d.impressions > 0 || d.spend > 0);
  if (!delivered.length) return { dates: [], byDate: [] };
  const index = new Map(delivered.map((d) => [d.date, d]));
  const dates: string[] = [];
  for (let day = delivered[0].date; day <= lastDay; day = addDays(day, 1)) dates.push(day);
  return { dates, byDate: dates.map((date) => index.get(date) ?? null) };
}

/**
 * How unusual an anomaly is, in words a person reads: from its calibrated tail probability, how
 * often this metric's own noise would give a day this far out (two significant figures).
 */
export function rarityWords(onceInDays: number): string {
  if (onceInDays >= 3650)
    return 'this metric’s usual ups and downs would give a day like it less than once in ten years';
  return `this metric’s usual ups and downs would give a day like it about once in ${daysInWords(onceInDays)} days`;
}

/** A number of days to two significant figures, as a person reads it (1,200). */
function daysInWords(days: number): string {
  return Number(days.toPrecision(2)).toLocaleString('en-US');
}

export function accountAlerts(
  series: AccountSeries,
  lag: (number | null)[],
  params: AlertParams = ALERT_PARAMS,
  watch: AlertWatch = SINGLE_ACCOUNT_WATCH,
): AlertFinding[] {
  const lastDay = addDays(series.today, -1);
  const firstReported = addDays(lastDay, -(params.recentDays - 1));
  const money = (minor: number) => `${minorToDecimal(Math.round(minor), series.currency)} ${series.currency}`;
  const entities: Entity[] = [
    {
      level: 'account',
      id: series.accountRef,
      name: 'the account',
      days: sumByDate(series.campaigns.flatMap((c) => c.days)),
    },
    ...series.campaigns.map((c) => ({ level: 'campaign' as const, id: c.id, name: c.name, days: c.days })),
  ];
  const found: AlertFinding[] = [];
  // Each entity's day grid, built once: the anomaly pass and the campaign checks both read it.
  const grids = new Map(entities.map((entity) => [`${entity.level}:${entity.id}`, dailyGrid(entity.days, lastDay)]));

  const format = (metric: AlertMetric, x: number) => {
    if (metric === 'spend' || metric === 'cpa') return money(x);
    if (metric === 'ctr') return `${(x * 100).toFixed(2)}%`;
    return Math.round(x).toLocaleString('en-US');
  };

  for (const entity of entities) {
    const { dates, byDate } = grids.get(`${entity.level}:${entity.id}`)!;
    if (!dates.length) continue;
    // Conversions as they will be once the late ones are in; unknown while less than half are.
    const conversions = byDate.map((d, i) => {
      if (!d) return null;
      const share = knownShare(lag, ageOf(dates[i], series.today));
      return share === null || share < params.minKnownShare ? null : d.conversions / share;
    });
    for (const { metric, kind, value } of METRICS) {
      const values = byDate.map((d, i) => (d ? value(d, conversions[i]) : null));
      for (const detection of detectAnomalies(values, detectorFor(7, kind, watch))) {
        const day = dates[detection.index];
        if (day < firstReported) continue;
        const where = entity.level === 'account' ? 'across the account' : `in ${entity.name}`;
        const up = detection.direction === 'high';
        const range = `${format(metric, detection.low)}–${format(metric, detection.high)}`;
        found.push({
          kind: 'anomaly',
          key: `anomaly:${metric}:${entity.level}:${entity.id}:${day}`,
          severity: detection.severity,
          metric,
          direction: detection.direction,
          level: entity.level,
          entityId: entity.id,
          entityName: entity.name,
          day,
          observed: detection.value,
          expected: detection.expected,
          low: detection.low,
          high: detection.high,
          headline: `${METRIC_WORDS[metric]} ${where} was ${format(metric, detection.value)} on ${day}, ${
            detection.basis === 'record'
              ? `${up ? 'higher' : 'lower'} than on any earlier day watched (${range}), by a clear margin; ` +
                `a new ${up ? 'high' : 'low'} comes about once in ${daysInWords(detection.onceInDays)} days`
              : detection.basis === 'discord'
                ? `moving unlike anything it did before, by a clear margin (expected about ${format(metric, detection.expected)}); ` +
                  `a stretch this new comes about once in ${daysInWords(detection.onceInDays)} days`
                : `${up ? 'above' : 'below'} its normal range (${range}; expected about ${format(metric, detection.expected)}); ` +
                  rarityWords(detection.onceInDays)
          }`,
        });
      }
    }
  }

  for (const campaign of series.campaigns) {
    const { dates, byDate } = grids.get(`campaign:${campaign.id}`)!;
    if (!dates.length) continue;
    const stopped = stoppedSince(dates, byDate);
    if (stopped) {
      // Nothing delivered lately: an alert if it ran steadily before and is still set to run.
      if (
        campaign.status === 'ACTIVE' &&
        stopped.deliveredBefore >= params.deliveredBefore &&
        stopped.since >= firstReported
      ) {
        found.push({
          kind: 'delivery_stopped',
          key: `delivery_stopped:campaign:${campaign.id}:${stopped.since}`,
          severity: 'critical',
          metric: null,
          direction: null,
          level: 'campaign',
          entityId: campaign.id,
          entityName: campaign.name,
          day: stopped.since,
          observed: null,
          expected: null,
          low: null,
          high: null,
          headline: `${campaign.name} stopped delivering on ${stopped.since}: no impressions since, though it is set to run and delivered on ${stopped.deliveredBefore} of the 7 days before`,
        });
      }
      continue;
    }
    const zero = zeroConversionStreak(dates, byDate, series.today, lag);
    if (!zero || zero.since < addDays(firstReported, -28)) continue;
    // Its own cost per conversion over the 28 days before the streak, from fully known days.
    const before = byDate.filter(
      (d, i): d is DayCounts => d !== null && dates[i] < zero.since && dates[i] >= addDays(zero.since, -28),
    );
    const spend = before.reduce((s, d) => s + d.spend, 0);
    const converted = before.reduce((s, d) => s + d.conversions, 0);
    if (converted < 5 || spend <= 0) continue;
    const cpa = spend / converted;
    const due = zero.knownSpend / cpa;
    if (due < params.zeroConversionsDue) continue;
    found.push({
      kind: 'zero_conversions',
      key: `zero_conversions:campaign:${campaign.id}:${zero.since}`,
      severity: due >= params.zeroConversionsCritical ? 'critical' : 'warning',
      metric: 'conversions',
      direction: 'low',
      level: 'campaign',
      entityId: campaign.id,
      entityName: campaign.name,
      day: lastDay,
      observed: 0,
      expected: due,
      low: null,
      high: null,
      headline: `${campaign.name} spent ${money(zero.spend)} since ${zero.since} with no conversion; at its usual ${money(cpa)} a conversion about ${due.toFixed(1)} were due`,
    });
  }
  return found;
}

/** The first day of the run of days without delivery that ends the series, and how many of the 7 days before it delivered. */
function stoppedSince(
  dates: string[],
  byDate: (DayCounts | null)[],
): { since: string; deliveredBefore: number } | null {
  let first = byDate.length;
  while (first > 0 && byDate[first - 1] === null) first -= 1;
  if (first === byDate.length) return null;
  let deliveredBefore = 0;
  for (let i = Math.max(0, first - 7); i < first; i += 1) if (byDate[i]) deliveredBefore += 1;
  return { since: dates[first], deliveredBefore };
}

/** The run of delivered days without a conversion that ends the series, with its spend (raw and weighted by the share of conversions known). */
function zeroConversionStreak(
  dates: string[],
  byDate: (DayCounts | null)[],
  today: string,
  lag: (number | null)[],
): { since: string; spend: number; knownSpend: number } | null {
  let since: string | null = null;
  let spend = 0;
  let knownSpend = 0;
  for (let i = dates.length - 1; i >= 0; i -= 1) {
    const d = byDate[i];
    if (!d) continue;
    if (d.conversions > 0) break;
    since = dates[i];
    spend += d.spend;
    knownSpend += d.spend * (knownShare(lag, ageOf(dates[i], today)) ?? 0);
  }
  return since === null ? null : { since, spend, knownSpend };
}
