import {
  atLeastAsOld,
  judgeAgainstPeers,
  type JudgedAd,
  ownRange,
  type PeerParams,
  peersRange,
  weeklyImpressions,
} from './adPeers';
import { probabilityLess } from './distributions';
import { adFindingHead, ADVICE_PROBABILITY, type Finding, type Learning } from './findings';
import type { AccountSeries, CampaignSeries, Range } from './types';

/**
 * Boost a winner ad: the mirror of pausing a loser. A live ad whose conversions per impression
 * AND per click are credibly above most of the other live ads of its campaign is a proven
 * creative: giving it more of its campaign's delivery, and running it in the account's other
 * campaigns and on the advertiser's other platforms, is the cheapest way to more conversions.
 * The same peers, priors, pairing, minimum data and effect guard as pauseAd (adPeers), with
 * the inequality turned round. One difference: only peers that
 * have run no longer than the ad count for it. Click-through wears down as a creative runs, so
 * an ad ahead of older ones on conversions per impression may only be fresher, and its lead
 * would melt as it ages; ahead of ads as new as itself or newer, the lead is the creative's.
 *
 * The advice is a task (scale the creative by hand), not a change the product applies.
 */

export interface WinnerAdParams extends PeerParams {
  /** Probability that the ad beats a peer, on both rates, for that peer to count (ADVICE_PROBABILITY). */
  probability: number;
  /** Credible level of the intervals shown and of the effect guard. */
  credibleLevel: number;
}

export const WINNER_AD_DEFAULTS: WinnerAdParams = {
  windowDays: 28,
  minActiveDays: 7,
  minExpectedConversions: 8,
  probability: ADVICE_PROBABILITY,
  credibleLevel: 0.9,
};

/**
 * The impact's assumption: boosting the ad (pausing weaker variants, raising its share of the
 * rotation) moves this share of its campaign's other live ads' impressions to it, at the same
 * spend. A quarter is what pausing the weakest of three or four variants, or a rotation that
 * favours the winner, typically moves in a week; a tenth is a timid rotation change, half is
 * pausing every weaker variant of a two- or three-ad campaign. What the creative wins in other
 * campaigns and on other platforms is not counted: it has not been measured there.
 */
export const BOOST_SHARE: Range = { mid: 0.25, low: 0.1, high: 0.5 };

export function findWinnerAds(
  account: AccountSeries,
  lag: (number | null)[],
  params: WinnerAdParams = WINNER_AD_DEFAULTS,
): { findings: Finding[]; learning: Learning[] } {
  return judgeAgainstPeers(account, lag, {
    params,
    // Ahead of older ads it may only be fresher: only peers that have run no longer count.
    comparesWith: atLeastAsOld,
    // Ahead of a peer on both rates, each pair over the days both delivered.
    apart: (pair) =>
      Math.min(
        probabilityLess(pair.b.perImpression, pair.a.perImpression),
        probabilityLess(pair.b.perClick, pair.a.perClick),
      ),
    describe: (campaign, candidate, peers, support) => describe(campaign, candidate, peers, support, params),
  });
}

const percentAbove = (own: number, peers: number) => Math.round((own / peers - 1) * 100);

function describe(
  campaign: CampaignSeries,
  candidate: JudgedAd,
  peers: JudgedAd[],
  confidence: number,
  params: WinnerAdParams,
): Finding | null {
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
    ...adFindingHead('boost_creative', candidate.ad, campaign),
    headline: `Boost “${candidate.ad.name}” in ${campaign.name}: it gets ${perImpressionLead}% more conversions per impression than the campaign’s other ads`,
    confidence,
    evidence: [
      {
        metric: 'conversions_per_1000_impressions',
        label: 'Conversions per 1,000 impressions',
        entity: per1000(own),
        peers: per1000(others),
        probability: confidence,
      },
      {
        metric: 'cvr',
        label: 'Conversion rate (per click)',
        entity: clickOwn,
        peers: clickPeers,
        probability: confidence,
      },
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
