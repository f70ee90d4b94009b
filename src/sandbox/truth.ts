import type { Platform } from '@shared/constants';
import { addDays, eachDay } from '@shared/days';

import {
  type AdKind,
  type AnomalyKind,
  CONVERSION_LAG,
  type SandboxAccount,
  type SandboxCampaign,
  type SandboxStatus,
  UTILISATION,
  WEEKDAY_FACTOR,
  type World,
} from './world';

/**
 * The world's hidden truth about one account, as of today: what each campaign's next unit of
 * spend buys, the allocation of the same spend that would buy the most, each ad's true rates,
 * the platform's conversion lag and the planted anomalies. Benches and tests judge the product's
 * advice against it; the product never reads it (the admin route serves it only in development
 * and tests).
 */

/** Average share of the daily budget spent, over the week. */
export const SPEND_PER_BUDGET =
  (UTILISATION.low + UTILISATION.width / 2) * (WEEKDAY_FACTOR.reduce((a, b) => a + b, 0) / 7);

export interface AdTruth {
  id: string;
  name: string;
  status: SandboxStatus;
  /** Delivering today: launched, not paused, in an active campaign. */
  live: boolean;
  launchDate: string;
  kind: AdKind;
  /** True click-through multiplier against the campaign's base rate. */
  ctrMultiplier: number;
  /** True conversions per click when fresh. */
  conversionRate: number;
  /** Click-through freshness today (1 new, 0.55 worn out). */
  freshness: number;
  /** True conversions per impression today, relative units (multiplier × freshness × rate). */
  conversionsPerImpression: number;
}

export interface CampaignTruth {
  id: string;
  name: string;
  status: SandboxStatus;
  dailyBudgetMinor: number;
  maxConversionsPerDay: number;
  halfSaturationSpendMinor: number;
  orderValueMinor: number;
  weekdayEfficiency: number[];
  /** How well today's live ads convert against the campaign's original mix. */
  mixQuality: number;
  /** Expected spend a day at today's budget. */
  expectedSpendMinor: number;
  expectedConversionsPerDay: number;
  /** Cost of one more conversion at today's spend (minor units); null when the campaign does not deliver. */
  marginalCpaMinor: number | null;
  /** The daily budget of the allocation that buys the most conversions for the account's same total spend. */
  optimumDailyBudgetMinor: number;
  ads: AdTruth[];
}

export interface AccountTruth {
  platform: Platform;
  id: string;
  currency: string;
  today: string;
  /** Share of a day's conversions reported by the end of day 0, 1, 2 ... after it. */
  conversionLag: number[];
  campaigns: CampaignTruth[];
  /** Expected conversions a day now and with the best allocation of the same spend across active campaigns. */
  allocation: { currentConversionsPerDay: number; optimumConversionsPerDay: number; gainPct: number };
  /** Planted anomalies in the asked range (days the campaign delivered). */
  anomalies: { campaignId: string; date: string; kind: AnomalyKind }[];
}

interface Curve {
  /** Conversions a day at saturation, times the mix quality. */
  scale: number;
  half: number;
}

const conversionsAt = ({ scale, half }: Curve, spend: number) => (scale * spend) / (half + spend);

/**
 * Spends that maximise Σ scale·s/(half+s) for a fixed total (water-filling on the marginal
 * returns scale·half/(half+s)²): each campaign gets sqrt(scale·half/λ) − half, λ by bisection.
 */
export function optimumSpends(curves: Curve[], total: number): number[] {
  if (curves.length === 0 || total <= 0) return curves.map(() => 0);
  const at = (lambda: number) =>
    curves.map(({ scale, half }) => Math.max(0, Math.sqrt((scale * half) / lambda) - half));
  let low = 1e-12;
  let high = Math.max(...curves.map(({ scale, half }) => scale / half)) + 1;
  for (let i = 0; i < 200; i += 1) {
    const mid = Math.sqrt(low * high);
    const spent = at(mid).reduce((a, b) => a + b, 0);
    if (spent > total) low = mid;
    else high = mid;
  }
  return at(high);
}

function campaignCurve(
  world: World,
  account: SandboxAccount,
  campaign: SandboxCampaign,
  today: string,
): { curve: Curve; mix: number; live: boolean[] } {
  const platform = account.platform;
  const live = world.liveAds(platform, campaign, today);
  const weights = campaign.ads.map((ad, i) => (live[i] ? ad.weight : 0));
  const weightSum = weights.reduce((a, b) => a + b, 0);
  const shares = weights.map((w) => (weightSum > 0 ? w / weightSum : 0));
  const repetition = world.repetition(campaign, today, shares);
  const freshness = campaign.ads.map((ad, i) => world.fatigue(campaign, ad, today) * repetition[i]);
  const mix = weightSum > 0 ? world.mixQuality(campaign, shares, freshness) : 0;
  return {
    curve: { scale: campaign.truth.maxConversionsPerDay * mix, half: campaign.truth.halfSaturationSpendMinor },
    mix,
    live,
  };
}

export function accountTruth(
  world: World,
  platform: Platform,
  accountId: string,
  range?: { since: string; until: string },
): AccountTruth | undefined {
  const account = world.account(platform, accountId);
  if (!account) return undefined;
  const today = world.today(account);
  const parts = account.campaigns.map((campaign) => {
    const status = world.status(platform, campaign.id);
    const budget = world.dailyBudgetMinor(platform, campaign.id);
    const { curve, mix, live } = campaignCurve(world, account, campaign, today);
    const delivering = status === 'ACTIVE' && today >= campaign.startDate && live.some(Boolean);
    return {
      campaign,
      status,
      budget,
      curve,
      mix,
      live,
      delivering,
      spend: delivering ? budget * SPEND_PER_BUDGET : 0,
    };
  });
  const active = parts.filter((p) => p.delivering);
  const total = active.reduce((s, p) => s + p.spend, 0);
  const best = optimumSpends(
    active.map((p) => p.curve),
    total,
  );
  const optimum = new Map(active.map((p, i) => [p.campaign.id, best[i]]));
  const current = active.reduce((s, p) => s + conversionsAt(p.curve, p.spend), 0);
  const optimal = active.reduce((s, p, i) => s + conversionsAt(p.curve, best[i]), 0);

  const campaigns: CampaignTruth[] = parts.map(({ campaign, status, budget, curve, mix, live, delivering, spend }) => {
    const marginal = delivering && curve.scale > 0 ? (curve.scale * curve.half) / (curve.half + spend) ** 2 : 0;
    return {
      id: campaign.id,
      name: campaign.name,
      status,
      dailyBudgetMinor: budget,
      ...campaign.truth,
      weekdayEfficiency: campaign.weekdayEfficiency,
      mixQuality: mix,
      expectedSpendMinor: Math.round(spend),
      expectedConversionsPerDay: delivering ? conversionsAt(curve, spend) : 0,
      marginalCpaMinor: marginal > 0 ? 1 / marginal : null,
      optimumDailyBudgetMinor: Math.round((optimum.get(campaign.id) ?? 0) / SPEND_PER_BUDGET),
      ads: campaign.ads.map((ad, i) => {
        const freshness = world.fatigue(campaign, ad, today);
        return {
          id: ad.id,
          name: ad.name,
          status: world.adStatus(platform, ad.id),
          live: delivering && live[i],
          launchDate: addDays(campaign.startDate, ad.launchOffsetDays),
          kind: ad.kind,
          ctrMultiplier: ad.quality,
          conversionRate: ad.conversionRate,
          freshness,
          conversionsPerImpression: ad.quality * freshness * ad.conversionRate,
        };
      }),
    };
  });

  const anomalies: AccountTruth['anomalies'] = [];
  if (range) {
    for (const date of eachDay(range.since, range.until)) {
      for (const campaign of account.campaigns) {
        const kind = world.anomaly(platform, campaign.id, date);
        if (kind && world.campaignDay(platform, campaign.id, date).spendMinor > 0)
          anomalies.push({ campaignId: campaign.id, date, kind });
      }
    }
  }

  return {
    platform,
    id: account.id,
    currency: account.currency,
    today,
    conversionLag: CONVERSION_LAG[platform],
    campaigns,
    allocation: {
      currentConversionsPerDay: current,
      optimumConversionsPerDay: optimal,
      gainPct: current > 0 ? (optimal / current - 1) * 100 : 0,
    },
    anomalies,
  };
}
