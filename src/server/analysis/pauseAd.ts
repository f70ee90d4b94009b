import { judgeAgainstPeers, type JudgedAd, type PeerParams } from './adPeers';
import { interval, mean, probabilityLess } from './distributions';
import { adFindingHead, ADVICE_PROBABILITY, type Finding, type Learning } from './findings';
import type { AccountSeries, CampaignSeries } from './types';
import { median } from './window';

/**
 * Pause a loser ad: an ad whose conversions per impression AND per click are credibly below most
 * of the other live ads of its campaign, each pair compared over the days both delivered, with
 * the peers, priors and minimum data of adPeers.
 */

export interface PauseAdParams extends PeerParams {
  /** Probability that a peer is better, on both rates, for that peer to count (ADVICE_PROBABILITY). */
  probability: number;
  /** Credible level of the intervals shown and of the effect guard. */
  credibleLevel: number;
}

export const PAUSE_AD_DEFAULTS: PauseAdParams = {
  windowDays: 28,
  minActiveDays: 7,
  minExpectedConversions: 8,
  probability: ADVICE_PROBABILITY,
  credibleLevel: 0.9,
};

export function findLoserAds(
  account: AccountSeries,
  lag: (number | null)[],
  params: PauseAdParams = PAUSE_AD_DEFAULTS,
): { findings: Finding[]; learning: Learning[] } {
  return judgeAgainstPeers(account, lag, {
    params,
    // Behind a peer on both rates, each pair over the days both delivered.
    apart: (pair) =>
      Math.min(
        probabilityLess(pair.a.perImpression, pair.b.perImpression),
        probabilityLess(pair.a.perClick, pair.b.perClick),
      ),
    describe: (campaign, candidate, peers, support) => describe(campaign, candidate, peers, support, params),
  });
}

function describe(
  campaign: CampaignSeries,
  candidate: JudgedAd,
  peers: JudgedAd[],
  confidence: number,
  params: PauseAdParams,
): Finding | null {
  const level = params.credibleLevel;
  const own = interval(candidate.perImpression, level);
  const ownMean = mean(candidate.perImpression);
  const peerMeans = peers.map((p) => mean(p.perImpression));
  const peerMid = median(peerMeans);
  const clickOwn = interval(candidate.perClick, level);
  const clickPeers = {
    mid: median(peers.map((p) => mean(p.perClick))),
    low: median(peers.map((p) => interval(p.perClick, level).low)),
    high: median(peers.map((p) => interval(p.perClick, level).high)),
  };
  // The effect guard, on both rates: the ad's own interval must be narrower than the gap it would claim.
  if ((own.high - own.low) / 2 >= peerMid - ownMean) return null;
  if ((clickOwn.high - clickOwn.low) / 2 >= clickPeers.mid - mean(candidate.perClick)) return null;

  const peerLow = median(peers.map((p) => interval(p.perImpression, level).low));
  const peerHigh = median(peers.map((p) => interval(p.perImpression, level).high));
  const weeklyImpressions = (candidate.totals.impressions / Math.max(1, candidate.totals.activeDays)) * 7;
  const shortfall = 1 - ownMean / peerMid;
  const per1000 = (x: number) => x * 1000;
  return {
    ...adFindingHead('pause_ad', candidate.ad, campaign),
    headline: `Pause “${candidate.ad.name}” in ${campaign.name}: it gets ${Math.round(shortfall * 100)}% fewer conversions per impression than the campaign’s other ads`,
    confidence,
    evidence: [
      {
        metric: 'conversions_per_1000_impressions',
        label: 'Conversions per 1,000 impressions',
        entity: { mid: per1000(ownMean), low: per1000(own.low), high: per1000(own.high) },
        peers: { mid: per1000(peerMid), low: per1000(peerLow), high: per1000(peerHigh) },
        probability: confidence,
      },
      {
        metric: 'cvr',
        label: 'Conversion rate (per click)',
        entity: { mid: mean(candidate.perClick), ...clickOwn },
        peers: clickPeers,
        probability: confidence,
      },
    ],
    impact: {
      // Its impressions go to the other ads, which convert at the peers' rate.
      conversionsPerWeek: {
        mid: weeklyImpressions * (peerMid - ownMean),
        low: weeklyImpressions * Math.max(0, peerLow - own.high),
        high: weeklyImpressions * Math.max(0, peerHigh - own.low),
      },
      spendPerWeek: { mid: 0, low: 0, high: 0 },
    },
    change: { kind: 'ad_status', adId: candidate.ad.id, campaignId: campaign.id, from: 'ACTIVE', to: 'PAUSED' },
  };
}
