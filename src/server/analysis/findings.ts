import type { EntityStatus, Range } from './types';

/**
 * A finding: something the analysis is confident enough to advise, with the numbers that back
 * it, what it would change, and what that is expected to do. The suggestions module stores and
 * presents findings; the analysis never reads or writes anything itself.
 */

/**
 * How sure any advice must be before it is given, per look. Every finding is recomputed after
 * each daily sync on windows that overlap the day before's, so the same evidence is looked at
 * again and again; a lucky stretch that would pass 0.95 once passes it sooner or later. About
 * four looks a month at fresh data, at 0.05 in all, is 0.0125 each: 0.99 (family-wise where a
 * finding tests several things at once, such as seven weekdays).
 */
export const ADVICE_PROBABILITY = 0.99;

export type FindingType =
  | 'pause_ad'
  | 'scale_campaign'
  | 'reduce_budget'
  | 'move_budget'
  | 'creative_fatigue'
  | 'day_of_week'
  | 'boost_creative'
  | 'test_cta';

/** One figure of the evidence: the entity's value against its peers', each with an interval. */
export interface EvidenceMetric {
  /** 'cvr', 'conversions_per_1000_impressions', 'ctr', 'cpa', 'marginal_cpa' ... */
  metric: string;
  label: string;
  entity: Range;
  peers: Range;
  /** Probability that the entity is worse than its peers on this metric (better, for a 'scale'). */
  probability: number;
}

/** One campaign's daily budget before and after a change (minor units). */
export interface BudgetStep {
  campaignId: string;
  from: number;
  to: number;
}

export type FindingChange =
  | { kind: 'ad_status'; adId: string; campaignId: string; from: EntityStatus; to: EntityStatus }
  | { kind: 'campaign_budget'; campaignId: string; from: number; to: number }
  | { kind: 'move_budget'; amount: number; source: BudgetStep; target: BudgetStep }
  | { kind: 'task'; description: string };

export interface Finding {
  type: FindingType;
  /** Stable across runs for the same advice on the same entity: type and entity ids. */
  key: string;
  level: 'ad' | 'campaign' | 'account';
  entityId: string;
  entityName: string;
  campaignId: string | null;
  headline: string;
  /** Posterior probability that the advice is right, 0..1. */
  confidence: number;
  evidence: EvidenceMetric[];
  /** Expected effect per week, in conversions and in spend (minor units), with a range. */
  impact: { conversionsPerWeek: Range; spendPerWeek: Range };
  change: FindingChange;
}

/** The fields every ad-level finding opens with: its type, stable key, and the ad and campaign it is about. */
export function adFindingHead(
  type: FindingType,
  ad: { id: string; name: string },
  campaign: { id: string },
): Pick<Finding, 'type' | 'key' | 'level' | 'entityId' | 'entityName' | 'campaignId'> {
  return { type, key: `${type}:${ad.id}`, level: 'ad', entityId: ad.id, entityName: ad.name, campaignId: campaign.id };
}

/** Entities the analysis looked at but will not judge yet, and why: shown as "learning". */
export interface Learning {
  level: 'ad' | 'campaign';
  entityId: string;
  /** spend_changed: a campaign whose spend moved since its window began, judged again once it has run at the new level. */
  reason: 'too_new' | 'too_little_data' | 'spend_changed';
}
