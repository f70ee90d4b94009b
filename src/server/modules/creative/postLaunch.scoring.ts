import type { AdCreative, CreativePlacement } from '@shared/api/creative';
import type { PostLaunchObjectiveName } from '@shared/api/creativePostLaunch';
import type { Platform } from '@shared/constants';
import { addDays, isoDay, localDay } from '@shared/days';
import { minorDigits, minorToDecimal } from '@shared/money';

import {
  POST_LAUNCH_SPEND_FLOOR_INR,
  POST_LAUNCH_SPEND_FLOOR_USD,
  type PostLaunchCampaign,
  scoreAccountAds,
} from '../../analysis/creativePostLaunch';
import { type AccountFatigue, fitWorkspaceFatigue } from '../../analysis/fatigueCurve';
import type { DbOrTx } from '../../db/connect';
import type { connectedAdAccounts } from '../../db/schema';
import { loadAccountSeries } from '../metrics/accountSeries.queries';
import { conversionFactors, factorAt } from '../metrics/rates';
import { accountAdCreatives } from './postLaunch.queries';

type AccountRow = typeof connectedAdAccounts.$inferSelect;

/** The placement an account's ads are analysed for: the platform's main feed placement. */
export const PLACEMENT_OF_PLATFORM: Record<Platform, CreativePlacement> = {
  google: 'google_rsa',
  meta: 'meta_feed',
  linkedin: 'linkedin_single_image',
  x: 'x_promoted_post',
  tiktok: 'tiktok_in_feed',
};

/**
 * ₹4,000 in the account's currency (minor units) at today's rate. Without a rate for either
 * currency the floor falls back to the same amount in US dollars (about $48), in the account's
 * currency as if it were dollars, and says so.
 */
export async function spendFloorOf(
  db: DbOrTx,
  account: AccountRow,
  today: string,
): Promise<{ floor: number; note: string }> {
  const scale = 10 ** minorDigits(account.currency);
  const label = (floor: number) => `${minorToDecimal(floor, account.currency)} ${account.currency}`;
  if (account.currency === 'INR') {
    const floor = POST_LAUNCH_SPEND_FLOOR_INR * scale;
    return { floor, note: `Scores appear once an ad has spent ${label(floor)} (about Motion’s $50).` };
  }
  const factors = await conversionFactors(db, ['INR'], account.currency, addDays(today, -7), today);
  const factor = factorAt(factors, 'INR', today);
  if (factor !== undefined) {
    const floor = Math.round(POST_LAUNCH_SPEND_FLOOR_INR * 100 * factor * scale);
    return {
      floor,
      note: `Scores appear once an ad has spent ${label(floor)} (₹4,000 at today’s rate, about Motion’s $50).`,
    };
  }
  const floor = Math.round(POST_LAUNCH_SPEND_FLOOR_USD * scale);
  return {
    floor,
    note: `Scores appear once an ad has spent ${label(floor)}: no exchange rate for ${account.currency} is known, so the floor is $48 (₹4,000) taken as ${account.currency}.`,
  };
}

export interface ScoredAccount {
  campaigns: PostLaunchCampaign[];
  floor: number;
  note: string;
  /** Each ad's creative as last synced, by the platform's ad id. */
  creativeOf: Map<string, AdCreative | null>;
}

/**
 * How the workspace's ads wear with the days they have run (analysis/fatigueCurve), from every
 * connected account's synced series, each read with its own lag profile. One curve for the
 * workspace rather than one per account: an account's few ads rarely show wear credibly, and
 * per-account curves shifted accounts that wear alike by different amounts (the creative bench
 * measured both; creativePostLaunch.postLaunchAccountPriors gives the figures).
 */
export async function workspaceWear(db: DbOrTx, accounts: AccountRow[], now: Date): Promise<AccountFatigue> {
  // Fitting reads every account's series: an agency's Live ads tab would pay that on each visit.
  // Ninety days of wear move little in an hour, so the last curve of a workspace is kept that long
  // (a new day or a changed set of accounts refits at once).
  const key = `${isoDay(now)} ${accounts.map((account) => account.id).join(',')}`;
  const workspaceId = accounts[0]?.workspaceId ?? '';
  const kept = lastWear.get(workspaceId);
  if (kept?.key === key && now.getTime() - kept.fittedAt < WEAR_KEPT_MS) return kept.wear;
  const wear = wearOf(await Promise.all(accounts.map((account) => loadAccountSeries(db, account, now))));
  lastWear.delete(workspaceId);
  lastWear.set(workspaceId, { key, wear, fittedAt: now.getTime() });
  // A Map iterates oldest first: the workspace fitted longest ago leaves first.
  if (lastWear.size > WORKSPACES_KEPT) lastWear.delete(lastWear.keys().next().value!);
  return wear;
}

/** An account's synced series with its lag profile, as loadAccountSeries reads it. */
export type LoadedSeries = Awaited<ReturnType<typeof loadAccountSeries>>;

/** The wear curve of series already loaded (workspaceWear fits it from every account's). */
export const wearOf = (loaded: LoadedSeries[]): AccountFatigue =>
  fitWorkspaceFatigue(loaded.map(({ series, lag }) => ({ account: series, lag })));

/** How long a workspace's wear curve is reused, and for how many workspaces (a curve is a few dozen numbers). */
const WEAR_KEPT_MS = 60 * 60 * 1000;
const WORKSPACES_KEPT = 1000;
const lastWear = new Map<string, { key: string; wear: AccountFatigue; fittedAt: number }>();

/**
 * One connected account's ads scored against their campaigns (analysis/creativePostLaunch) from
 * its synced series, with their creatives: what the Live ads tab shows and what the workspace
 * refit learns from. `wear` is the workspace's (workspaceWear); without it every ad starts level
 * with its campaign. `loaded` is the account's series when the caller has read it already.
 */
export async function scoreAccount(
  db: DbOrTx,
  account: AccountRow,
  now: Date,
  objective: PostLaunchObjectiveName,
  wear?: AccountFatigue,
  loaded?: LoadedSeries,
): Promise<ScoredAccount> {
  const [{ series, lag }, creatives] = await Promise.all([
    loaded ?? loadAccountSeries(db, account, now),
    accountAdCreatives(db, account.id),
  ]);
  const creativeOf = new Map(creatives.map((row) => [row.adId, (row.creative as AdCreative | null) ?? null]));
  const { floor, note } = await spendFloorOf(db, account, localDay(now, account.timeZone));
  return {
    campaigns: scoreAccountAds(series, { spendFloor: floor, lag, objective, fatigueCurve: wear }),
    floor,
    note,
    creativeOf,
  };
}
