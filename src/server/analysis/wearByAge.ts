import { minorToDecimal } from '@shared/money';
import normalCdf from '@stdlib/stats-base-dists-normal-cdf';
import normalQuantile from '@stdlib/stats-base-dists-normal-quantile';

import { historyStartOf } from './adPeers';
import { beta, interval, mean } from './distributions';
import { adFindingHead, ADVICE_PROBABILITY, type Finding } from './findings';
import { knownShare } from './lag';
import type { AccountSeries, AdSeries, CampaignSeries, Range } from './types';
import { ageOf } from './window';

/**
 * Creative fatigue that the ad's own history cannot show: an ad that was already running when
 * the history read begins has worn down before it, so its click-through looks flat. How much an
 * account's creatives wear is measured instead on the ads it launched within the history: their
 * click-through once they have run `wearAge` days, against their own first `freshDays` days
 * (each ad against itself, so creative quality cancels), pooled over those ads. When that pooled
 * ratio is credibly below `maxRatio` (this account's ads credibly lose more than 15% of their
 * click-through by then), every live ad that has run longer than the whole history is worn as
 * well: wear only grows with the days a creative runs. Accounts that launched no ads in the
 * history, or whose ads do not wear credibly, get no such advice.
 *
 * The advice is the same task as creativeFatigue's (refresh or replace the creative).
 */

export interface WearByAgeParams {
  /** A launched ad's first days of delivery: its fresh click-through. */
  freshDays: number;
  /** Days an ad has run before its click-through counts as worn. */
  wearAge: number;
  /** Fewest days of delivery in each of the two windows for a launched ad to count. */
  minDays: number;
  /** Fewest clicks the pooled worn windows must hold. */
  minClicks: number;
  /** The ratio the pooled wear must be credibly below (0.85: more than 15% of the click-through lost). */
  maxRatio: number;
  probability: number;
  /** Days of the recent window the ad's impact is counted on. */
  recentDays: number;
  credibleLevel: number;
}

export const WEAR_BY_AGE_DEFAULTS: WearByAgeParams = {
  freshDays: 14,
  wearAge: 42,
  minDays: 7,
  minClicks: 200,
  maxRatio: 0.85,
  probability: ADVICE_PROBABILITY,
  recentDays: 14,
  credibleLevel: 0.9,
};

/** An ad delivered on one of the last days this many days (today included). */
const LIVE_WITHIN_DAYS = 3;

export interface AccountWear {
  /** Pooled click-through after wearAge days ÷ in the first freshDays, on the log scale: mean and standard error. */
  logRatio: number;
  standardError: number;
  /** P(ratio < maxRatio). */
  probability: number;
  /** The launched ads it was measured on, and the first day of the history read. */
  ads: number;
  historyStart: string;
}

const firstDelivery = (ad: AdSeries) => ad.days.find((d) => d.impressions > 0)?.date ?? null;

/** How much the account's creatives wear, measured on the ads launched within the history; null when none can say. */
export function accountWear(
  account: AccountSeries,
  params: WearByAgeParams = WEAR_BY_AGE_DEFAULTS,
): AccountWear | null {
  const historyStart = historyStartOf(account);
  if (historyStart === null) return null;
  let wornClicks = 0;
  let expected = 0;
  let baselineVariance = 0;
  let ads = 0;
  const parts: { expected: number; freshClicks: number }[] = [];
  for (const ad of account.campaigns.flatMap((c) => c.ads)) {
    const launched = firstDelivery(ad);
    if (launched === null || launched <= historyStart) continue;
    const fresh = { impressions: 0, clicks: 0, days: 0 };
    const worn = { impressions: 0, clicks: 0, days: 0 };
    for (const day of ad.days) {
      if (day.impressions <= 0) continue;
      const running = ageOf(launched, day.date);
      const window = running < params.freshDays ? fresh : running >= params.wearAge ? worn : null;
      if (!window) continue;
      window.impressions += day.impressions;
      window.clicks += day.clicks;
      window.days += 1;
    }
    if (fresh.days < params.minDays || worn.days < params.minDays || fresh.clicks <= 0) continue;
    ads += 1;
    wornClicks += worn.clicks;
    const e = (worn.impressions * fresh.clicks) / fresh.impressions;
    parts.push({ expected: e, freshClicks: fresh.clicks });
    expected += e;
  }
  if (ads === 0 || wornClicks < params.minClicks) return null;
  // Delta method: Poisson noise of the worn clicks, and of each ad's fresh click-through, weighted by its share of the expectation.
  for (const part of parts) baselineVariance += (part.expected / expected) ** 2 / part.freshClicks;
  const logRatio = Math.log(wornClicks / expected);
  const standardError = Math.sqrt(1 / wornClicks + baselineVariance);
  return {
    logRatio,
    standardError,
    probability: normalCdf((Math.log(params.maxRatio) - logRatio) / standardError, 0, 1),
    ads,
    historyStart,
  };
}

function isLive(ad: AdSeries, today: string): boolean {
  return ad.status === 'ACTIVE' && ad.days.some((d) => d.impressions > 0 && ageOf(d.date, today) < LIVE_WITHIN_DAYS);
}

/** Live ads running since before the history read, in an account whose creatives credibly wear by wearAge days. */
export function findWornByAge(
  account: AccountSeries,
  lag: (number | null)[],
  params: WearByAgeParams = WEAR_BY_AGE_DEFAULTS,
): Finding[] {
  const wear = accountWear(account, params);
  if (!wear || wear.probability < params.probability || ageOf(wear.historyStart, account.today) < params.wearAge)
    return [];
  const findings: Finding[] = [];
  for (const campaign of account.campaigns) {
    if (campaign.status !== 'ACTIVE') continue;
    for (const ad of campaign.ads) {
      if (!isLive(ad, account.today) || firstDelivery(ad) !== wear.historyStart) continue;
      findings.push(describe(account, campaign, ad, wear, lag, params));
    }
  }
  return findings;
}

function describe(
  account: AccountSeries,
  campaign: CampaignSeries,
  ad: AdSeries,
  wear: AccountWear,
  lag: (number | null)[],
  params: WearByAgeParams,
): Finding {
  const { today, currency } = account;
  const level = params.credibleLevel;
  const z = normalQuantile(1 - (1 - level) / 2, 0, 1);
  const ratio: Range = {
    mid: Math.exp(wear.logRatio),
    low: Math.exp(wear.logRatio - z * wear.standardError),
    high: Math.exp(wear.logRatio + z * wear.standardError),
  };
  const recent = { impressions: 0, clicks: 0, spend: 0, conversions: 0, knownClicks: 0, days: 0 };
  for (const day of ad.days) {
    const age = ageOf(day.date, today);
    if (age < 0 || age >= params.recentDays || day.impressions <= 0) continue;
    recent.impressions += day.impressions;
    recent.clicks += day.clicks;
    recent.spend += day.spend;
    recent.days += 1;
    const share = knownShare(lag, age);
    if (share !== null && share > 0) {
      recent.conversions += day.conversions;
      recent.knownClicks += day.clicks * share;
    }
  }
  const now = beta(1 + recent.clicks, 1 + Math.max(0, recent.impressions - recent.clicks));
  const nowRange: Range = { mid: mean(now), ...interval(now, level) };
  // A fresh execution's click-through: today's divided by what the account's ads keep after wearAge days.
  const freshRange: Range = {
    mid: nowRange.mid / ratio.mid,
    low: nowRange.low / ratio.high,
    high: nowRange.high / ratio.low,
  };
  const perClick = beta(1 + recent.conversions, 1 + Math.max(0, recent.knownClicks - recent.conversions));
  const cvr: Range = { mid: mean(perClick), ...interval(perClick, level) };
  const weeklyClicks = (recent.clicks / Math.max(1, recent.days)) * 7;
  const won = (keeps: number, perClickRate: number) => Math.max(0, weeklyClicks * (1 / keeps - 1) * perClickRate);
  const lost = Math.round((1 - ratio.mid) * 100);
  const running = ageOf(wear.historyStart, today) + 1;
  const percent = (x: number) => `${(x * 100).toFixed(2)}%`;
  return {
    ...adFindingHead('creative_fatigue', ad, campaign),
    headline: `Refresh “${ad.name}” in ${campaign.name}: it has run for more than ${running} days, and this account’s ads lose ${lost}% of their click-through by their ${ordinalWeek(params.wearAge)} week`,
    confidence: wear.probability,
    evidence: [
      {
        metric: 'ctr',
        label:
          `Click-through, last ${params.recentDays} days, against a fresh execution of it: this account’s ads keep ${Math.round(ratio.mid * 100)}% (${Math.round(ratio.low * 100)}–${Math.round(ratio.high * 100)}%) ` +
          `of their first ${params.freshDays} days’ click-through after ${params.wearAge} days, measured on ${wear.ads} ad${wear.ads === 1 ? '' : 's'} launched since ${wear.historyStart}`,
        entity: nowRange,
        peers: freshRange,
        probability: wear.probability,
      },
    ],
    impact: {
      conversionsPerWeek: {
        mid: won(ratio.mid, cvr.mid),
        low: won(ratio.high, cvr.low),
        high: won(ratio.low, cvr.high),
      },
      // A new creative takes the same budget: spend does not change.
      spendPerWeek: { mid: 0, low: 0, high: 0 },
    },
    change: {
      kind: 'task',
      description:
        `Refresh or replace the creative of “${ad.name}” (campaign ${campaign.name}): it has run since before ${wear.historyStart}, and this account’s ads lose about ${lost}% of their click-through by their ${ordinalWeek(params.wearAge)} week. ` +
        `Its click-through is ${percent(nowRange.mid)} on about ${Math.round((recent.impressions / Math.max(1, recent.days)) * 7).toLocaleString('en-US')} impressions and ${minorToDecimal(Math.round((recent.spend / Math.max(1, recent.days)) * 7), currency)} ${currency} of spend a week.`,
    },
  };
}

const ordinalWeek = (days: number) => {
  const week = Math.round(days / 7);
  return `${week}${week === 1 ? 'st' : week === 2 ? 'nd' : week === 3 ? 'rd' : 'th'}`;
};
