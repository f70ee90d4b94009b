import { interval, mean, probabilityLess, type Posterior } from './distributions';
import { betaPrior, gammaPrior, relativeDispersion, updateBeta, updateGamma, type PeerUnit } from './empiricalBayes';
import type { Finding, Learning } from './findings';
import { ageOf, median, windowTotals, type WindowTotals } from './window';
import type { AccountSeries, AdSeries, CampaignSeries } from './types';

/**
 * Pause a loser ad: an ad whose conversions per impression AND per click are credibly below most
 * of the other live ads of its campaign. Ads are compared inside their campaign only (same
 * audience, bidding and budget: the media-setup bias cancels), with empirical-Bayes priors whose
 * spread comes from the whole account's ads, recent days judged against the share of their
 * conversions known so far.
 */

export interface PauseAdParams {
  /** Days of history judged. */
  windowDays: number;
  /** An ad with fewer days of delivery is learning, not judged. */
  minActiveDays: number;
  /** Or with fewer expected conversions at its campaign's rate. */
  minExpectedConversions: number;
  /** Probability that a peer is better, on both rates, for that peer to count. */
  probability: number;
  /** Credible level of the intervals shown and of the effect guard. */
  credibleLevel: number;
}

export const PAUSE_AD_DEFAULTS: PauseAdParams = { windowDays: 28, minActiveDays: 7, minExpectedConversions: 8, probability: 0.95, credibleLevel: 0.9 };

/** An ad delivered on one of the last days this many days (today included). */
const LIVE_WITHIN_DAYS = 3;

interface Judged {
  ad: AdSeries;
  totals: WindowTotals;
  perImpression: Posterior;
  perClick: Posterior;
}

function isLive(ad: AdSeries, today: string): boolean {
  return ad.status === 'ACTIVE' && ad.days.some((d) => d.impressions > 0 && ageOf(d.date, today) < LIVE_WITHIN_DAYS);
}

export function findLoserAds(account: AccountSeries, lag: (number | null)[], params: PauseAdParams = PAUSE_AD_DEFAULTS): { findings: Finding[]; learning: Learning[] } {
  const { today } = account;
  const campaigns = account.campaigns
    .filter((c) => c.status === 'ACTIVE')
    .map((campaign) => ({ campaign, live: campaign.ads.filter((ad) => isLive(ad, today)).map((ad) => ({ ad, totals: windowTotals(ad.days, today, params.windowDays, lag) })) }))
    .filter(({ live }) => live.length >= 2);

  // Group rates per campaign, and the account's spread of ads around them.
  const groups = campaigns.map(({ campaign, live }) => {
    const conversions = live.reduce((s, x) => s + x.totals.conversions, 0);
    const impressions = live.reduce((s, x) => s + x.totals.knownImpressions, 0);
    const clicks = live.reduce((s, x) => s + x.totals.knownClicks, 0);
    return { campaign, live, perImpression: impressions > 0 ? conversions / impressions : 0, perClick: clicks > 0 ? conversions / clicks : 0 };
  });
  const units = (pick: (t: WindowTotals) => number, rate: (g: (typeof groups)[number]) => number): PeerUnit[] =>
    groups.flatMap((g) => g.live.map((x) => ({ events: x.totals.conversions, exposure: pick(x.totals), groupRate: rate(g) })));
  const impressionSpread = relativeDispersion(units((t) => t.knownImpressions, (g) => g.perImpression));
  const clickSpread = relativeDispersion(units((t) => t.knownClicks, (g) => g.perClick));

  const findings: Finding[] = [];
  const learning: Learning[] = [];
  for (const group of groups) {
    if (group.perImpression <= 0) continue;
    const judged: Judged[] = [];
    for (const { ad, totals } of group.live) {
      if (totals.activeDays < params.minActiveDays) learning.push({ level: 'ad', entityId: ad.id, reason: 'too_new' });
      else if (totals.knownImpressions * group.perImpression < params.minExpectedConversions) learning.push({ level: 'ad', entityId: ad.id, reason: 'too_little_data' });
      judged.push({
        ad,
        totals,
        perImpression: updateGamma(gammaPrior(group.perImpression, impressionSpread), totals.conversions, totals.knownImpressions),
        perClick: updateBeta(betaPrior(group.perClick, clickSpread), totals.conversions, totals.knownClicks),
      });
    }
    const learningIds = new Set(learning.map((l) => l.entityId));
    const needed = Math.ceil(group.live.length / 2);
    for (const candidate of judged) {
      if (learningIds.has(candidate.ad.id)) continue;
      const peers = judged.filter((p) => p !== candidate);
      const support = peers
        .map((peer) => Math.min(probabilityLess(candidate.perImpression, peer.perImpression), probabilityLess(candidate.perClick, peer.perClick)))
        .sort((a, b) => b - a);
      if (support.length < needed || support[needed - 1] < params.probability) continue;
      const finding = describe(group.campaign, candidate, peers, support[needed - 1], params);
      if (finding) findings.push(finding);
    }
  }
  return { findings, learning };
}

function describe(campaign: CampaignSeries, candidate: Judged, peers: Judged[], confidence: number, params: PauseAdParams): Finding | null {
  const level = params.credibleLevel;
  const own = interval(candidate.perImpression, level);
  const ownMean = mean(candidate.perImpression);
  const peerMeans = peers.map((p) => mean(p.perImpression));
  const peerMid = median(peerMeans);
  // The effect guard: the ad's own interval must be narrower than the gap it would claim.
  if ((own.high - own.low) / 2 >= peerMid - ownMean) return null;

  const peerLow = median(peers.map((p) => interval(p.perImpression, level).low));
  const peerHigh = median(peers.map((p) => interval(p.perImpression, level).high));
  const clickOwn = interval(candidate.perClick, level);
  const clickPeers = { mid: median(peers.map((p) => mean(p.perClick))), low: median(peers.map((p) => interval(p.perClick, level).low)), high: median(peers.map((p) => interval(p.perClick, level).high)) };
  const weeklyImpressions = (candidate.totals.impressions / Math.max(1, candidate.totals.activeDays)) * 7;
  const shortfall = 1 - ownMean / peerMid;
  const per1000 = (x: number) => x * 1000;
  return {
    type: 'pause_ad',
    key: `pause_ad:${candidate.ad.id}`,
    level: 'ad',
    entityId: candidate.ad.id,
    entityName: candidate.ad.name,
    campaignId: campaign.id,
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
