import { interval, mean, type Posterior } from './distributions';
import { betaPrior, gammaPrior, type PeerUnit, relativeDispersion, updateBeta, updateGamma } from './empiricalBayes';
import type { Finding, Learning } from './findings';
import type { AccountSeries, AdSeries, CampaignSeries, Range } from './types';
import { ageOf, median, type WindowTotals, windowTotals } from './window';

/**
 * An ad's peers: the other live ads of its campaign (same audience, bidding and budget, so the
 * media-setup bias cancels), never pooled across campaigns, platforms or currencies. Every ad
 * gets posteriors of its conversions per impression, conversions per click and click-through,
 * shrunk towards its campaign's rates by how much the account's ads truly differ from their
 * campaigns (empirical Bayes), recent days counted against the share of their conversions known
 * so far. Pause, boost and call-to-action advice all judge an ad against these peers.
 *
 * Two ads are compared over the days both delivered (paired): an ad launched last week has only
 * seen last week's campaign, and a budget moved, a creative refreshed or a season turned since
 * the older ad's first days would otherwise count for or against one of them.
 */

export interface PeerParams {
  /** Days of history judged. */
  windowDays: number;
  /** An ad with fewer days of delivery is learning, not judged (and not judged against). */
  minActiveDays: number;
  /** Or with fewer expected conversions at its campaign's rate. */
  minExpectedConversions: number;
}

/** An ad delivered on one of the last days this many days (today included). */
const LIVE_WITHIN_DAYS = 3;

/** The three rates of an ad, as posteriors. */
export interface AdRates {
  perImpression: Posterior;
  perClick: Posterior;
  clickThrough: Posterior;
}

/** A live ad with its window totals and posteriors over its own window. */
export interface JudgedAd extends AdRates {
  ad: AdSeries;
  totals: WindowTotals;
  /** Why it is not judged yet; null when it is. */
  learning: Learning['reason'] | null;
}

/** An active campaign with two live ads or more, its rates over the window and its live ads judged against them. */
export interface PeerGroup {
  campaign: CampaignSeries;
  perImpression: number;
  perClick: number;
  clickThrough: number;
  /** The empirical-Bayes priors of its ads' rates. */
  priors: AdRates;
  ads: JudgedAd[];
}

export function isLive(ad: AdSeries, today: string): boolean {
  return ad.status === 'ACTIVE' && ad.days.some((d) => d.impressions > 0 && ageOf(d.date, today) < LIVE_WITHIN_DAYS);
}

const posteriors = (priors: AdRates, totals: WindowTotals): AdRates => ({
  perImpression: updateGamma(priors.perImpression, totals.conversions, totals.knownImpressions),
  perClick: updateBeta(priors.perClick, totals.conversions, totals.knownClicks),
  clickThrough: updateBeta(priors.clickThrough, totals.clicks, totals.impressions),
});

/**
 * Every active campaign's live ads with their posteriors. Conversions are judged against clicks
 * and impressions scaled by the share of conversions known so far; click-through needs no such
 * correction and counts every day of the window whose share is known.
 */
export function peerGroups(account: AccountSeries, lag: (number | null)[], params: PeerParams): PeerGroup[] {
  const { today } = account;
  const campaigns = account.campaigns
    .filter((c) => c.status === 'ACTIVE')
    .map((campaign) => ({
      campaign,
      live: campaign.ads
        .filter((ad) => isLive(ad, today))
        .map((ad) => ({ ad, totals: windowTotals(ad.days, today, params.windowDays, lag) })),
    }))
    .filter(({ live }) => live.length >= 2);

  const rates = campaigns.map(({ campaign, live }) => {
    const sum = (pick: (t: WindowTotals) => number) => live.reduce((s, x) => s + pick(x.totals), 0);
    const ratio = (a: number, b: number) => (b > 0 ? a / b : 0);
    return {
      campaign,
      live,
      perImpression: ratio(
        sum((t) => t.conversions),
        sum((t) => t.knownImpressions),
      ),
      perClick: ratio(
        sum((t) => t.conversions),
        sum((t) => t.knownClicks),
      ),
      clickThrough: ratio(
        sum((t) => t.clicks),
        sum((t) => t.impressions),
      ),
    };
  });
  const units = (
    events: (t: WindowTotals) => number,
    exposure: (t: WindowTotals) => number,
    rate: (g: (typeof rates)[number]) => number,
  ): PeerUnit[] =>
    rates.flatMap((g) =>
      g.live.map((x) => ({ events: events(x.totals), exposure: exposure(x.totals), groupRate: rate(g) })),
    );
  const impressionSpread = relativeDispersion(
    units(
      (t) => t.conversions,
      (t) => t.knownImpressions,
      (g) => g.perImpression,
    ),
  );
  const clickSpread = relativeDispersion(
    units(
      (t) => t.conversions,
      (t) => t.knownClicks,
      (g) => g.perClick,
    ),
  );
  const clickThroughSpread = relativeDispersion(
    units(
      (t) => t.clicks,
      (t) => t.impressions,
      (g) => g.clickThrough,
    ),
  );

  return rates.map((g) => {
    const priors: AdRates = {
      perImpression: gammaPrior(g.perImpression, impressionSpread),
      perClick: betaPrior(g.perClick, clickSpread),
      clickThrough: betaPrior(g.clickThrough, clickThroughSpread),
    };
    return {
      campaign: g.campaign,
      perImpression: g.perImpression,
      perClick: g.perClick,
      clickThrough: g.clickThrough,
      priors,
      ads: g.live.map(({ ad, totals }) => ({
        ad,
        totals,
        ...posteriors(priors, totals),
        learning:
          totals.activeDays < params.minActiveDays
            ? 'too_new'
            : totals.knownImpressions * g.perImpression < params.minExpectedConversions
              ? 'too_little_data'
              : null,
      })),
    };
  });
}

/** Two ads' rates over the days both delivered in the window, with their group's priors. */
export function paired(
  group: PeerGroup,
  a: JudgedAd,
  b: JudgedAd,
  today: string,
  windowDays: number,
  lag: (number | null)[],
): { a: AdRates; b: AdRates } {
  const delivered = (ad: AdSeries) => new Set(ad.days.filter((d) => d.impressions > 0).map((d) => d.date));
  const inA = delivered(a.ad);
  const both = new Set([...delivered(b.ad)].filter((date) => inA.has(date)));
  const over = (ad: AdSeries) =>
    windowTotals(
      ad.days.filter((d) => both.has(d.date)),
      today,
      windowDays,
      lag,
    );
  return { a: posteriors(group.priors, over(a.ad)), b: posteriors(group.priors, over(b.ad)) };
}

/**
 * The k-th largest of the probabilities, k = half the campaign's live ads rounded up (the ad
 * itself counted): how surely the ad stands apart from at least that many of its peers. 0 when
 * it has fewer judged peers than that.
 */
export function supportOfHalf(probabilities: number[], liveAds: number): number {
  const needed = Math.ceil(liveAds / 2);
  const sorted = [...probabilities].sort((a, b) => b - a);
  return sorted.length < needed ? 0 : sorted[needed - 1];
}

/** How an ad's advice is judged against its peers (pause and boost differ only here). */
export interface PeerJudge {
  /** Days of history compared, and how sure the ad must stand apart from half its campaign's live ads. */
  params: PeerParams & { probability: number };
  /** Which peers the candidate may be compared with (all, when left out). */
  comparesWith?: (candidate: JudgedAd, peer: JudgedAd) => boolean;
  /** The probability the candidate stands apart from one peer, over the days both delivered. */
  apart: (pair: { a: AdRates; b: AdRates }) => number;
  /** The finding for a candidate that stands apart, or null when its effect is too small to claim. */
  describe: (campaign: CampaignSeries, candidate: JudgedAd, peers: JudgedAd[], support: number) => Finding | null;
}

/**
 * Every ad of the account's live campaigns judged against its peers: an ad still learning is
 * listed as learning and neither judged nor judged against; the others count when they stand
 * apart from at least half their campaign's live ads (supportOfHalf).
 */
export function judgeAgainstPeers(
  account: AccountSeries,
  lag: (number | null)[],
  judge: PeerJudge,
): { findings: Finding[]; learning: Learning[] } {
  const { params } = judge;
  const findings: Finding[] = [];
  const learning: Learning[] = [];
  for (const group of peerGroups(account, lag, params)) {
    if (group.perImpression <= 0) continue;
    for (const j of group.ads) if (j.learning) learning.push({ level: 'ad', entityId: j.ad.id, reason: j.learning });
    for (const candidate of group.ads) {
      if (candidate.learning) continue;
      // A peer still learning says too little to be judged against.
      const peers = group.ads.filter((p) => p !== candidate && !p.learning);
      const support = supportOfHalf(
        peers
          .filter((peer) => judge.comparesWith?.(candidate, peer) ?? true)
          .map((peer) => judge.apart(paired(group, candidate, peer, account.today, params.windowDays, lag))),
        group.ads.length,
      );
      if (support < params.probability) continue;
      const finding = judge.describe(group.campaign, candidate, peers, support);
      if (finding) findings.push(finding);
    }
  }
  return { findings, learning };
}

/** The peers' figure of a posterior: median of their means, and of their interval bounds. */
export function peersRange(peers: JudgedAd[], pick: (j: JudgedAd) => Posterior, level: number): Range {
  return {
    mid: median(peers.map((p) => mean(pick(p)))),
    low: median(peers.map((p) => interval(pick(p), level).low)),
    high: median(peers.map((p) => interval(pick(p), level).high)),
  };
}

export function ownRange(posterior: Posterior, level: number): Range {
  return { mid: mean(posterior), ...interval(posterior, level) };
}

/**
 * Whether `older` has delivered since `than`'s first day or before (first days are those of the
 * history read, so ads older than it tie). A creative's click-through wears down as it runs
 * (creativeFatigue), so a gap between two ads of different ages may be wear, not the creative.
 */
export function atLeastAsOld(older: JudgedAd, than: JudgedAd): boolean {
  const a = older.totals.firstActiveDay;
  const b = than.totals.firstActiveDay;
  return a !== null && b !== null && a <= b;
}

/** The first day of the history read (the earliest day with delivery of any campaign or ad); null with none. */
export function historyStartOf(account: AccountSeries): string | null {
  let first: string | null = null;
  for (const campaign of account.campaigns) {
    for (const day of campaign.days.concat(campaign.ads.flatMap((ad) => ad.days)))
      if (day.impressions > 0 && (first === null || day.date < first)) first = day.date;
  }
  return first;
}

/** Mean impressions a week over the days the ad delivered in the window. */
export function weeklyImpressions(j: JudgedAd): number {
  return (j.totals.impressions / Math.max(1, j.totals.activeDays)) * 7;
}
