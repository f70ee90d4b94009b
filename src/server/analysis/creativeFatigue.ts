import { minorToDecimal } from '@shared/money';

import { beta, cdf, interval, mean, type Posterior, quantile } from './distributions';
import { adFindingHead, ADVICE_PROBABILITY, type Finding, type Learning } from './findings';
import { knownShare } from './lag';
import type { AccountSeries, AdSeries, CampaignSeries, DayCounts } from './types';
import { ageOf } from './window';

/**
 * Creative fatigue: a live ad whose click-through over its last days is credibly below its own
 * click-through when it was fresher, by more than noise and by a margin that matters. The ad is
 * compared with itself only (same audience, same placement, same creative): what changed is how
 * often people who see it still click. Click-through needs no late-conversion correction; the
 * conversions a week it costs are counted at the ad's own conversions per click, recent days
 * judged against the share of their conversions known so far.
 *
 * The advice is a task (refresh or replace the creative), not a change the product applies.
 */

export interface CreativeFatigueParams {
  /** Days of the recent window (today included). */
  recentDays: number;
  /** Days of delivery the earlier window holds: the ad's first ones in the history read. */
  baselineDays: number;
  /** Days of history looked at (the earlier window lies inside it and before the recent one). */
  historyDays: number;
  /** Fewest days of delivery in each window; an ad with fewer is learning. */
  minRecentDays: number;
  minBaselineDays: number;
  /** Fewest clicks the earlier click-through would predict for the recent window. */
  minExpectedClicks: number;
  /** Probability that the recent click-through is below `maxRatio` × the earlier one (ADVICE_PROBABILITY). */
  probability: number;
  /**
   * The effect guard: recent click-through must be credibly below this share of the earlier one
   * (0.85: more than 15% lost; a smaller loss is worth less than the learning a new creative
   * costs, and refreshing would be busywork).
   */
  maxRatio: number;
  /** Credible level of the intervals shown. */
  credibleLevel: number;
}

export const CREATIVE_FATIGUE_DEFAULTS: CreativeFatigueParams = {
  recentDays: 14,
  baselineDays: 21,
  historyDays: 90,
  minRecentDays: 10,
  minBaselineDays: 14,
  minExpectedClicks: 200,
  probability: ADVICE_PROBABILITY,
  maxRatio: 0.85,
  credibleLevel: 0.9,
};

/** An ad delivered on one of the last days this many days (today included). */
const LIVE_WITHIN_DAYS = 3;
/** Points of the quantile grid for P(X < c·Y). */
const GRID = 400;

interface Window {
  impressions: number;
  clicks: number;
  spend: number;
  days: number;
  firstDay: string | null;
  lastDay: string | null;
}

const emptyWindow = (): Window => ({ impressions: 0, clicks: 0, spend: 0, days: 0, firstDay: null, lastDay: null });

function add(window: Window, day: DayCounts): void {
  window.impressions += day.impressions;
  window.clicks += day.clicks;
  window.spend += day.spend;
  window.days += 1;
  if (window.firstDay === null || day.date < window.firstDay) window.firstDay = day.date;
  if (window.lastDay === null || day.date > window.lastDay) window.lastDay = day.date;
}

/**
 * P(X < c·Y) for independent X ~ x and Y ~ y: P(Y > X / c), averaged over X's quantiles (the
 * same midpoint rule as probabilityLess).
 */
export function probabilityBelowShare(x: Posterior, y: Posterior, c: number): number {
  let total = 0;
  for (let k = 0; k < GRID; k += 1) total += 1 - cdf(y, quantile(x, (k + 0.5) / GRID) / c);
  return total / GRID;
}

function isLive(ad: AdSeries, today: string): boolean {
  return ad.status === 'ACTIVE' && ad.days.some((d) => d.impressions > 0 && ageOf(d.date, today) < LIVE_WITHIN_DAYS);
}

/** Conversions per click over the history, the recent days' clicks scaled by the share of their conversions known. */
function conversionsPerClick(ad: AdSeries, today: string, historyDays: number, lag: (number | null)[]): Posterior {
  let conversions = 0;
  let clicks = 0;
  for (const day of ad.days) {
    const age = ageOf(day.date, today);
    if (age < 0 || age >= historyDays) continue;
    const share = knownShare(lag, age);
    if (share === null || share <= 0) continue;
    conversions += day.conversions;
    clicks += day.clicks * share;
  }
  return beta(1 + conversions, 1 + Math.max(0, clicks - conversions));
}

export function findFatiguedCreatives(
  account: AccountSeries,
  lag: (number | null)[],
  params: CreativeFatigueParams = CREATIVE_FATIGUE_DEFAULTS,
): { findings: Finding[]; learning: Learning[] } {
  const { today } = account;
  const findings: Finding[] = [];
  const learning: Learning[] = [];
  for (const campaign of account.campaigns) {
    if (campaign.status !== 'ACTIVE') continue;
    for (const ad of campaign.ads) {
      if (!isLive(ad, today)) continue;
      const recent = emptyWindow();
      const earlier = emptyWindow();
      const delivered = ad.days.filter((d) => d.impressions > 0).sort((a, b) => a.date.localeCompare(b.date));
      for (const day of delivered) {
        const age = ageOf(day.date, today);
        if (age < 0 || age >= params.historyDays) continue;
        if (age < params.recentDays) add(recent, day);
        else if (earlier.days < params.baselineDays) add(earlier, day);
      }
      if (recent.days < params.minRecentDays || earlier.days < params.minBaselineDays) {
        learning.push({ level: 'ad', entityId: ad.id, reason: 'too_new' });
        continue;
      }
      const earlierRate = earlier.clicks / Math.max(1, earlier.impressions);
      if (earlierRate * recent.impressions < params.minExpectedClicks) {
        learning.push({ level: 'ad', entityId: ad.id, reason: 'too_little_data' });
        continue;
      }
      // Beta(1, 1) priors: the ad against itself, so no peers pull it either way.
      const before = beta(1 + earlier.clicks, 1 + Math.max(0, earlier.impressions - earlier.clicks));
      const now = beta(1 + recent.clicks, 1 + Math.max(0, recent.impressions - recent.clicks));
      const confidence = probabilityBelowShare(now, before, params.maxRatio);
      if (confidence < params.probability) continue;
      findings.push(
        describe(
          account.currency,
          campaign,
          ad,
          {
            before,
            now,
            earlier,
            recent,
            confidence,
            perClick: conversionsPerClick(ad, today, params.historyDays, lag),
          },
          params,
        ),
      );
    }
  }
  return { findings, learning };
}

interface Judged {
  before: Posterior;
  now: Posterior;
  earlier: Window;
  recent: Window;
  confidence: number;
  perClick: Posterior;
}

const percent = (x: number) => `${(x * 100).toFixed(2)}%`;

function describe(
  currency: string,
  campaign: CampaignSeries,
  ad: AdSeries,
  j: Judged,
  params: CreativeFatigueParams,
): Finding {
  const level = params.credibleLevel;
  const nowRange = { mid: mean(j.now), ...interval(j.now, level) };
  const beforeRange = { mid: mean(j.before), ...interval(j.before, level) };
  const drop = 1 - nowRange.mid / beforeRange.mid;
  const weeklyImpressions = (j.recent.impressions / j.recent.days) * 7;
  const weeklySpend = (j.recent.spend / j.recent.days) * 7;
  const cvr = { mid: mean(j.perClick), ...interval(j.perClick, level) };
  // Clicks a week it no longer gets, at the conversions per click it has: what a fresh creative would win back.
  const lost = (ctrGap: number, perClick: number) => Math.max(0, weeklyImpressions * ctrGap * perClick);
  return {
    ...adFindingHead('creative_fatigue', ad, campaign),
    headline: `Refresh “${ad.name}” in ${campaign.name}: its click-through fell ${Math.round(drop * 100)}%, from ${percent(beforeRange.mid)} to ${percent(nowRange.mid)} over the last ${params.recentDays} days`,
    confidence: j.confidence,
    evidence: [
      {
        metric: 'ctr',
        label: `Click-through, last ${params.recentDays} days against its first ${j.earlier.days} days (from ${j.earlier.firstDay})`,
        entity: nowRange,
        peers: beforeRange,
        probability: j.confidence,
      },
    ],
    impact: {
      conversionsPerWeek: {
        mid: lost(beforeRange.mid - nowRange.mid, cvr.mid),
        low: lost(beforeRange.low - nowRange.high, cvr.low),
        high: lost(beforeRange.high - nowRange.low, cvr.high),
      },
      // A new creative takes the same budget: spend does not change.
      spendPerWeek: { mid: 0, low: 0, high: 0 },
    },
    change: {
      kind: 'task',
      description:
        `Refresh or replace the creative of “${ad.name}” (campaign ${campaign.name}): its click-through is down ${Math.round(drop * 100)}% from ${percent(beforeRange.mid)} to ${percent(nowRange.mid)}, ` +
        `on about ${Math.round(weeklyImpressions).toLocaleString('en-US')} impressions and ${minorToDecimal(Math.round(weeklySpend), currency)} ${currency} of spend a week.`,
    },
  };
}
