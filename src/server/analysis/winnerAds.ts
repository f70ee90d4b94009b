import { interval, mean, probabilityLess, type Posterior } from './distributions';
import { betaPrior, gammaPrior, relativeDispersion, updateBeta, updateGamma, type PeerUnit } from './empiricalBayes';
import type { Finding, Learning } from './findings';
import { ageOf, median, windowTotals, type WindowTotals } from './window';
import type { AccountSeries, AdSeries, CampaignSeries, Range } from './types';

/**
 * Boost a winner ad: the mirror of pausing a loser. A live ad whose conversions per impression
 * AND per click are credibly above most of the other live ads of its campaign is a proven
 * creative: giving it more of its campaign's delivery, and running it in the account's other
 * campaigns and on the advertiser's other platforms, is the cheapest way to more conversions.
 * Ads are compared inside their campaign only (same audience, bidding and budget), with
 * empirical-Bayes priors whose spread comes from the whole account's ads, recent days judged
 * against the share of their conversions known so far: the same peers, priors, minimum data and
 * effect guard as pauseAd, with the inequality turned round. One difference: only peers that
 * have run no longer than the ad count for it. Click-through wears down as a creative runs, so
 * an ad ahead of older ones on conversions per impression may only be fresher, and its lead
 * would melt as it ages; ahead of ads as new as itself or newer, the lead is the creative's.
 *
 * The advice is a task (scale the creative by hand), not a change the product applies.
 */

export interface WinnerAdParams {
  /** Days of history judged. */
  windowDays: number;
  /** An ad with fewer days of delivery is learning, not judged. */
  minActiveDays: number;
  /** Or with fewer expected conversions at its campaign's rate. */
  minExpectedConversions: number;
  /**
   * Probability that the ad beats a peer, on both rates, for that peer to count. Stricter than
   * pauseAd's 0.95: the advice is recomputed every day on overlapping windows, so an ad that is
   * merely as good as its peers gets many looks, and at 0.95 a lucky stretch of conversions
   * crowns it sooner or later; 0.975 halves that per look.
   */
  probability: number;
  /** Credible level of the intervals shown and of the effect guard. */
  credibleLevel: number;
}

export const WINNER_AD_DEFAULTS: WinnerAdParams = { windowDays: 28, minActiveDays: 7, minExpectedConversions: 8, probability: 0.975, credibleLevel: 0.9 };

/**
 * The impact's assumption: boosting the ad (pausing weaker variants, raising its share of the
 * rotation) moves this share of its campaign's other live ads' impressions to it, at the same
 * spend. A quarter is what pausing the weakest of three or four variants, or a rotation that
 * favours the winner, typically moves in a week; a tenth is a timid rotation change, half is
 * pausing every weaker variant of a two- or three-ad campaign. What the creative wins in other
 * campaigns and on other platforms is not counted: it has not been measured there.
 */
export const BOOST_SHARE: Range = { mid: 0.25, low: 0.1, high: 0.5 };

/** An ad delivered on one of the last days this many days (today included). */
const LIVE_WITHIN_DAYS = 3;

/** A live ad with its window totals and posteriors: conversions per impression, per click, and clicks per impression. */
export interface JudgedAd {
  ad: AdSeries;
  totals: WindowTotals;
  perImpression: Posterior;
  perClick: Posterior;
  clickThrough: Posterior;
  /** Why it is not judged yet; null when it is. */
  learning: Learning['reason'] | null;
}

/** An active campaign with two live ads or more, its rates over the window and its live ads judged against them. */
export interface PeerGroup {
  campaign: CampaignSeries;
  perImpression: number;
  perClick: number;
  clickThrough: number;
  ads: JudgedAd[];
}

export function isLive(ad: AdSeries, today: string): boolean {
  return ad.status === 'ACTIVE' && ad.days.some((d) => d.impressions > 0 && ageOf(d.date, today) < LIVE_WITHIN_DAYS);
}

/**
 * Every active campaign's live ads with their posteriors, shrunk towards the campaign's rate by
 * the account's spread of ads around their campaigns (as pauseAd does). Conversions are judged
 * against clicks and impressions scaled by the share of conversions known so far; click-through
 * needs no such correction and counts every day of the window whose share is known.
 */
export function peerGroups(account: AccountSeries, lag: (number | null)[], params: Pick<WinnerAdParams, 'windowDays' | 'minActiveDays' | 'minExpectedConversions'>): PeerGroup[] {
  const { today } = account;
  const campaigns = account.campaigns
    .filter((c) => c.status === 'ACTIVE')
    .map((campaign) => ({ campaign, live: campaign.ads.filter((ad) => isLive(ad, today)).map((ad) => ({ ad, totals: windowTotals(ad.days, today, params.windowDays, lag) })) }))
    .filter(({ live }) => live.length >= 2);

  const rates = campaigns.map(({ campaign, live }) => {
    const sum = (pick: (t: WindowTotals) => number) => live.reduce((s, x) => s + pick(x.totals), 0);
    const ratio = (a: number, b: number) => (b > 0 ? a / b : 0);
    return {
      campaign,
      live,
      perImpression: ratio(sum((t) => t.conversions), sum((t) => t.knownImpressions)),
      perClick: ratio(sum((t) => t.conversions), sum((t) => t.knownClicks)),
      clickThrough: ratio(sum((t) => t.clicks), sum((t) => t.impressions)),
    };
  });
  const units = (events: (t: WindowTotals) => number, exposure: (t: WindowTotals) => number, rate: (g: (typeof rates)[number]) => number): PeerUnit[] =>
    rates.flatMap((g) => g.live.map((x) => ({ events: events(x.totals), exposure: exposure(x.totals), groupRate: rate(g) })));
  const impressionSpread = relativeDispersion(units((t) => t.conversions, (t) => t.knownImpressions, (g) => g.perImpression));
  const clickSpread = relativeDispersion(units((t) => t.conversions, (t) => t.knownClicks, (g) => g.perClick));
  const clickThroughSpread = relativeDispersion(units((t) => t.clicks, (t) => t.impressions, (g) => g.clickThrough));

  return rates.map((g) => ({
    campaign: g.campaign,
    perImpression: g.perImpression,
    perClick: g.perClick,
    clickThrough: g.clickThrough,
    ads: g.live.map(({ ad, totals }) => ({
      ad,
      totals,
      perImpression: updateGamma(gammaPrior(g.perImpression, impressionSpread), totals.conversions, totals.knownImpressions),
      perClick: updateBeta(betaPrior(g.perClick, clickSpread), totals.conversions, totals.knownClicks),
      clickThrough: updateBeta(betaPrior(g.clickThrough, clickThroughSpread), totals.clicks, totals.impressions),
      learning: totals.activeDays < params.minActiveDays ? 'too_new' : totals.knownImpressions * g.perImpression < params.minExpectedConversions ? 'too_little_data' : null,
    })),
  }));
}

/**
 * The k-th largest of the probabilities, k = half the campaign's live ads rounded up (the ad
 * itself counted, as pauseAd does): how surely the ad stands apart from at least that many of
 * its peers. 0 when it has fewer peers than that.
 */
export function supportOfHalf(probabilities: number[], liveAds: number): number {
  const needed = Math.ceil(liveAds / 2);
  const sorted = [...probabilities].sort((a, b) => b - a);
  return sorted.length < needed ? 0 : sorted[needed - 1];
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

/** Mean impressions a week over the days the ad delivered in the window. */
export function weeklyImpressions(j: JudgedAd): number {
  return (j.totals.impressions / Math.max(1, j.totals.activeDays)) * 7;
}

export function findWinnerAds(account: AccountSeries, lag: (number | null)[], params: WinnerAdParams = WINNER_AD_DEFAULTS): { findings: Finding[]; learning: Learning[] } {
  const findings: Finding[] = [];
  const learning: Learning[] = [];
  for (const group of peerGroups(account, lag, params)) {
    if (group.perImpression <= 0) continue;
    for (const j of group.ads) if (j.learning) learning.push({ level: 'ad', entityId: j.ad.id, reason: j.learning });
    for (const candidate of group.ads) {
      if (candidate.learning) continue;
      const peers = group.ads.filter((p) => p !== candidate);
      // Ahead of older ads it may only be fresher: only peers that have run no longer count.
      const support = supportOfHalf(
        peers
          .filter((peer) => atLeastAsOld(candidate, peer))
          .map((peer) => Math.min(probabilityLess(peer.perImpression, candidate.perImpression), probabilityLess(peer.perClick, candidate.perClick))),
        group.ads.length,
      );
      if (support < params.probability) continue;
      const finding = describe(group.campaign, candidate, peers, support, params);
      if (finding) findings.push(finding);
    }
  }
  return { findings, learning };
}

const percentAbove = (own: number, peers: number) => Math.round((own / peers - 1) * 100);

function describe(campaign: CampaignSeries, candidate: JudgedAd, peers: JudgedAd[], confidence: number, params: WinnerAdParams): Finding | null {
  const level = params.credibleLevel;
  const own = ownRange(candidate.perImpression, level);
  const others = peersRange(peers, (p) => p.perImpression, level);
  // The effect guard: the ad's own interval must be narrower than the lead it would claim.
  if ((own.high - own.low) / 2 >= own.mid - others.mid) return null;

  const clickOwn = ownRange(candidate.perClick, level);
  const clickPeers = peersRange(peers, (p) => p.perClick, level);
  const peerImpressions = peers.reduce((s, p) => s + weeklyImpressions(p), 0);
  // Impressions moved from the other ads to it, each converting at its rate instead of theirs.
  const gain = (share: number, lead: number) => share * peerImpressions * Math.max(0, lead);
  const perImpressionLead = percentAbove(own.mid, others.mid);
  const perClickLead = percentAbove(clickOwn.mid, clickPeers.mid);
  const per1000 = (r: Range): Range => ({ mid: r.mid * 1000, low: r.low * 1000, high: r.high * 1000 });
  return {
    type: 'boost_creative',
    key: `boost_creative:${candidate.ad.id}`,
    level: 'ad',
    entityId: candidate.ad.id,
    entityName: candidate.ad.name,
    campaignId: campaign.id,
    headline: `Boost “${candidate.ad.name}” in ${campaign.name}: it gets ${perImpressionLead}% more conversions per impression than the campaign’s other ads`,
    confidence,
    evidence: [
      { metric: 'conversions_per_1000_impressions', label: 'Conversions per 1,000 impressions', entity: per1000(own), peers: per1000(others), probability: confidence },
      { metric: 'cvr', label: 'Conversion rate (per click)', entity: clickOwn, peers: clickPeers, probability: confidence },
    ],
    impact: {
      conversionsPerWeek: {
        mid: gain(BOOST_SHARE.mid, own.mid - others.mid),
        low: gain(BOOST_SHARE.low, own.low - others.high),
        high: gain(BOOST_SHARE.high, own.high - others.low),
      },
      // Delivery moves between the campaign's ads: spend does not change.
      spendPerWeek: { mid: 0, low: 0, high: 0 },
    },
    change: {
      kind: 'task',
      description:
        `Scale “${candidate.ad.name}” (campaign ${campaign.name}): it gets ${perImpressionLead}% more conversions per impression and ${perClickLead}% more per click than the campaign’s other ads. ` +
        `Give it more of the campaign (pause the weaker variants or favour it in the rotation), duplicate it into your other active campaigns, and duplicate it to your campaigns on other platforms.`,
    },
  };
}
