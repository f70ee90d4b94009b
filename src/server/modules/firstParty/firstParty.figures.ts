import type { DisplayCurrency } from '@shared/api/dashboard';
import { FIRST_PARTY_INTERVAL_LEVEL, type FirstPartyFigures } from '@shared/api/firstParty';
import type { Platform } from '@shared/constants';
import type { IsoDay } from '@shared/days';

import type { DbOrTx } from '../../db/connect';
import { dailyTotalsByAccount, withRates } from '../metrics/metrics.queries';
import { conversionFactors, factorAt } from '../metrics/rates';
import { type PlatformSums, presentFigures } from './firstParty.presenter';
import * as queries from './firstParty.queries';

/**
 * What first-party figures are read over: a range of days in a display currency, the accounts
 * whose spend counts (all of the workspace's: MER is revenue over all ad spend), and the platform
 * whose over-attribution is listed ('all': every connected one).
 */
export interface FirstPartyRange {
  workspaceId: string;
  from: IsoDay;
  to: IsoDay;
  currency: DisplayCurrency;
  accounts: { id: string; currency: string; platform: Platform }[];
  platform: Platform | 'all';
}

/**
 * The first-party figures of a range over the given accounts (reports read the whole
 * workspace's), or null for a workspace without any first-party day. Every figure reads the
 * days that have a first-party day (ad spend and claims of days the shop did not report would
 * be set against nothing).
 */
export async function firstPartyFiguresOver(db: DbOrTx, range: FirstPartyRange): Promise<FirstPartyFigures | null> {
  if (!(await queries.hasDays(db, range.workspaceId))) return null;

  const rows = await queries.daysBetween(db, range.workspaceId, range.from, range.to);
  const covered = new Set(rows.map((row) => row.day));
  const unconverted = new Set<string>();

  // First-party revenue converted per day, as the dashboard converts ad money (modules/metrics/rates).
  const factors = await conversionFactors(
    db,
    [...new Set(rows.map((row) => row.currency))],
    range.currency,
    range.from,
    range.to,
  );
  let revenue = 0;
  let conversions = 0;
  for (const row of rows) {
    conversions += row.conversions;
    const factor = factorAt(factors, row.currency, row.day);
    if (factor === undefined) unconverted.add(row.currency);
    else revenue += row.revenueMinor * factor;
  }

  // Ad spend and the platforms' own conversions, per account and day, through the metrics seam.
  const rated = await withRates(db, {
    workspaceId: range.workspaceId,
    accounts: range.accounts,
    currency: range.currency,
    window: { from: range.from, to: range.to },
  });
  for (const currency of rated.rates.missing) unconverted.add(currency);
  const byAccount = await dailyTotalsByAccount(db, rated);
  const byPlatform = new Map<Platform, PlatformSums>();
  for (const account of range.accounts) {
    const sums = byPlatform.get(account.platform) ?? { spend: 0, conversions: 0 };
    for (const point of byAccount.get(account.id) ?? []) {
      if (!covered.has(point.day)) continue;
      sums.spend += point.spend;
      sums.conversions += point.conversions;
    }
    byPlatform.set(account.platform, sums);
  }

  return presentFigures({
    currency: range.currency,
    daysCovered: covered.size,
    conversions,
    revenue,
    byPlatform,
    platformFilter: range.platform,
    level: FIRST_PARTY_INTERVAL_LEVEL,
    unconverted: [...unconverted].sort(),
  });
}
