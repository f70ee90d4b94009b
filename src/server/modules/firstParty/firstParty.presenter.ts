import type { FirstPartyDay, FirstPartyFigures, FirstPartyKey, PlatformAttribution } from '@shared/api/firstParty';
import { type Platform, PLATFORMS } from '@shared/constants';
import { roundTo } from '@shared/metrics';
import { minorDigits, minorToDecimal } from '@shared/money';

import { blendedFigures, overAttribution } from '../../analysis/firstParty';
import type { FirstPartyDayRow, FirstPartyKeyRow } from './firstParty.queries';

/** A platform's ad spend (converted) and its own conversion count over the covered days. */
export interface PlatformSums {
  spend: number;
  conversions: number;
}

export const presentKey = (row: FirstPartyKeyRow): FirstPartyKey => ({
  id: row.id,
  created_at: row.createdAt.toISOString(),
  last_used_at: row.lastUsedAt?.toISOString() ?? null,
});

export const presentDay = (row: FirstPartyDayRow): FirstPartyDay => ({
  day: row.day,
  conversions: row.conversions,
  revenue: Number(minorToDecimal(row.revenueMinor, row.currency)),
  currency: row.currency,
  source: row.source,
  updated_at: row.updatedAt.toISOString(),
});

/**
 * The figures of a range from its sums (money already in major units of the display currency):
 * the blended figures and each platform's over-attribution by analysis/firstParty, money
 * rounded to the currency's digits, ratios to 2 decimals, shares to 4.
 */
export function presentFigures(input: {
  currency: string;
  daysCovered: number;
  conversions: number;
  revenue: number;
  byPlatform: Map<Platform, PlatformSums>;
  platformFilter: Platform | 'all';
  level: number;
  unconverted: string[];
}): FirstPartyFigures {
  const digits = minorDigits(input.currency);
  const spend = [...input.byPlatform.values()].reduce((total, sums) => total + sums.spend, 0);
  const blended = blendedFigures({ spend, conversions: input.conversions, revenue: input.revenue });
  const ratio = (value: number | null) => (value === null ? null : roundTo(value, 2));

  const platforms: PlatformAttribution[] = PLATFORMS.filter(
    (platform) =>
      input.byPlatform.has(platform) && (input.platformFilter === 'all' || input.platformFilter === platform),
  ).map((platform) => {
    const sums = input.byPlatform.get(platform)!;
    const spendShare = spend > 0 ? sums.spend / spend : 0;
    const attribution = overAttribution(
      { claimed: sums.conversions, spendShare, firstPartyConversions: input.conversions },
      input.level,
    );
    return {
      platform,
      spend: roundTo(sums.spend, digits),
      spend_share: roundTo(spendShare, 4),
      claimed_conversions: roundTo(sums.conversions, 2),
      expected_conversions: roundTo(attribution.expected, 2),
      over_attribution: attribution.ratio && {
        mid: roundTo(attribution.ratio.mid, 2),
        low: roundTo(attribution.ratio.low, 2),
        high: ratio(attribution.ratio.high),
      },
    };
  });

  return {
    days_covered: input.daysCovered,
    conversions: input.conversions,
    revenue: roundTo(input.revenue, digits),
    spend: roundTo(spend, digits),
    blended_cpa: blended.cpa === null ? null : roundTo(blended.cpa, digits),
    blended_roas: ratio(blended.roas),
    mer: ratio(blended.mer),
    interval_level: input.level,
    platforms,
    unconverted_currencies: input.unconverted,
  };
}
