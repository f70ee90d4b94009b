import {
  atLeastAsOld,
  historyStartOf,
  type JudgedAd,
  ownRange,
  paired,
  peerGroups,
  type PeerParams,
  peersRange,
  supportOfHalf,
  weeklyImpressions,
} from './adPeers';
import { probabilityLess } from './distributions';
import { adFindingHead, ADVICE_PROBABILITY, type Finding, type Learning } from './findings';
import type { AccountSeries, CampaignSeries, Range } from './types';

/**
 * Test new calls to action: a live ad whose click-through is credibly below most of the other
 * live ads of its campaign while the clicks it does get convert as well as theirs. Its
 * offer works; people who see it just do not click, and a new call to action or headline is
 * where the conversions it misses are. Ads are compared inside their campaign only, with the
 * same peers, empirical-Bayes priors and minimum data as pauseAd (click-through as a Beta
 * posterior of clicks per impression, conversions per click as one of conversions per click,
 * recent days counted against the share of their conversions known so far).
 *
 * An ad that also converts worse per click is a loser (pauseAd), not a call to action to test;
 * one whose click-through fell against its own past is fatigued (creativeFatigue): findAll
 * leaves both out. Wear that creativeFatigue cannot see is kept out twice: only ads launched
 * within the history read are judged (one running since before it has worn for an unknown
 * time, and two such ads may have worn unequally), and only peers that have run at least as
 * long count against it (behind newer ads it may be tired rather than badly worded). "Its clicks convert" asks
 * more than "not credibly worse": no other live ad may be more likely than not to convert
 * better per click, so the click-through it lacks would bring conversions, not just clicks.
 *
 * The advice is a task (write and run new variants), not a change the product applies.
 */

/** minExpectedConversions: its conversions per click must be judged too. */
export interface CtaTestParams extends PeerParams {
  /** Probability that a peer has the higher click-through, for that peer to count (ADVICE_PROBABILITY). */
  probability: number;
  /** The effect guard: click-through at least this share below the peers' median (a gap worth a test). */
  minShortfall: number;
  /**
   * "Its clicks convert": the largest probability allowed that any one of the other live ads
   * converts better per click (0.5: it is more likely than not at least as good as each).
   */
  maxOfferDoubt: number;
  /** Credible level of the intervals shown and of the effect guard. */
  credibleLevel: number;
}

export const CTA_TEST_DEFAULTS: CtaTestParams = {
  windowDays: 28,
  minActiveDays: 7,
  minExpectedConversions: 8,
  probability: ADVICE_PROBABILITY,
  minShortfall: 0.15,
  maxOfferDoubt: 0.5,
  credibleLevel: 0.9,
};

export function findWeakCallsToAction(
  account: AccountSeries,
  lag: (number | null)[],
  params: CtaTestParams = CTA_TEST_DEFAULTS,
): { findings: Finding[]; learning: Learning[] } {
  const findings: Finding[] = [];
  const learning: Learning[] = [];
  const historyStart = historyStartOf(account);
  for (const group of peerGroups(account, lag, params)) {
    if (group.perImpression <= 0 || group.clickThrough <= 0) continue;
    for (const j of group.ads) if (j.learning) learning.push({ level: 'ad', entityId: j.ad.id, reason: j.learning });
    for (const candidate of group.ads) {
      // An ad already running when the history read begins has worn for an unknown time: its click-through gap may be wear.
      if (
        candidate.learning ||
        candidate.totals.firstActiveDay === null ||
        candidate.totals.firstActiveDay <= historyStart!
      )
        continue;
      const peers = group.ads.filter((p) => p !== candidate);
      const live = group.ads.length;
      // Behind newer ads it may only be older (worn): only peers that have run at least as long, and are not learning, count against it.
      // Each pair over the days both delivered.
      const pairs = new Map(
        peers.map((peer) => [peer, paired(group, candidate, peer, account.today, params.windowDays, lag)]),
      );
      const confidence = supportOfHalf(
        peers
          .filter((peer) => !peer.learning && atLeastAsOld(peer, candidate))
          .map((peer) => probabilityLess(pairs.get(peer)!.a.clickThrough, pairs.get(peer)!.b.clickThrough)),
        live,
      );
      if (confidence < params.probability) continue;
      // Its clicks must convert: no other live ad more likely than not to convert better per click.
      const worseThan = peers.map((peer) => probabilityLess(pairs.get(peer)!.a.perClick, pairs.get(peer)!.b.perClick));
      if (Math.max(...worseThan) > params.maxOfferDoubt) continue;
      const finding = describe(
        group.campaign,
        candidate,
        peers,
        { confidence, worse: supportOfHalf(worseThan, live) },
        params,
      );
      if (finding) findings.push(finding);
    }
  }
  return { findings, learning };
}

const percent = (x: number) => `${(x * 100).toFixed(2)}%`;

function describe(
  campaign: CampaignSeries,
  candidate: JudgedAd,
  peers: JudgedAd[],
  j: { confidence: number; worse: number },
  params: CtaTestParams,
): Finding | null {
  const level = params.credibleLevel;
  const own = ownRange(candidate.clickThrough, level);
  const others = peersRange(peers, (p) => p.clickThrough, level);
  // The effect guard: the ad's own interval narrower than the gap, and the gap worth a test.
  if ((own.high - own.low) / 2 >= others.mid - own.mid) return null;
  const shortfall = 1 - own.mid / others.mid;
  if (shortfall < params.minShortfall) return null;

  const clickOwn = ownRange(candidate.perClick, level);
  const clickPeers = peersRange(peers, (p) => p.perClick, level);
  const impressions = weeklyImpressions(candidate);
  // Clicks a week it would get at the peers' click-through, converting at its own conversions per click.
  const gained = (ctrGap: number, perClick: number) => Math.max(0, impressions * ctrGap * perClick);
  const conversionsPerWeek: Range = {
    mid: gained(others.mid - own.mid, clickOwn.mid),
    low: gained(others.low - own.high, clickOwn.low),
    high: gained(others.high - own.low, clickOwn.high),
  };
  return {
    ...adFindingHead('test_cta', candidate.ad, campaign),
    headline: `Test new calls to action on “${candidate.ad.name}” in ${campaign.name}: its click-through is ${Math.round(shortfall * 100)}% below the campaign’s other ads, but its clicks convert`,
    confidence: j.confidence,
    evidence: [
      { metric: 'ctr', label: 'Click-through rate', entity: own, peers: others, probability: j.confidence },
      // The probability that it converts worse per click than most peers: low, which is the point.
      {
        metric: 'cvr',
        label: 'Conversion rate (per click)',
        entity: clickOwn,
        peers: clickPeers,
        probability: j.worse,
      },
    ],
    impact: { conversionsPerWeek, spendPerWeek: { mid: 0, low: 0, high: 0 } },
    change: {
      kind: 'task',
      description:
        `Test new calls to action and headlines on “${candidate.ad.name}” (campaign ${campaign.name}): its click-through is ${percent(own.mid)} against ${percent(others.mid)} for the campaign’s other ads, ` +
        `while its clicks convert at ${percent(clickOwn.mid)} (others ${percent(clickPeers.mid)}). Keep the offer and the visual; run two or three new CTA and headline variants beside it and keep the one that gets the most clicks.`,
    },
  };
}
