import { and, asc, eq } from 'drizzle-orm';
import type { AdCreative, CreativePlacement } from '@shared/api/creative';
import { POST_LAUNCH_MESSAGES, type PostLaunchAccountView, type PostLaunchAdImage, type PostLaunchAdView, type PostLaunchScoreView, type PostLaunchView } from '@shared/api/creativePostLaunch';
import { addDays } from '@shared/api/dashboard';
import { ErrorCode } from '@shared/api/errors';
import type { Platform } from '@shared/constants';
import { minorDigits, minorToDecimal } from '@shared/money';
import type { PostLaunchQueryValidated } from '@shared/validation/creativePostLaunch';
import { POST_LAUNCH_SPEND_FLOOR_INR, POST_LAUNCH_SPEND_FLOOR_USD, scoreAccountAds, type PostLaunchScore } from '../../analysis/creativePostLaunch';
import type { AdFatigue } from '../../analysis/fatigueTrend';
import { readImage } from '../../analysis/creativeImage/imageInput';
import type { AppContext } from '../../context';
import { ads, connectedAdAccounts } from '../../db/schema';
import { HttpError, badRequest, notFound } from '../../lib/httpError';
import type { Principal } from '../access/principal';
import { workspaceAccount } from '../access/workspaceAccount';
import { localDay } from '../gamification/localDay';
import { loadAccountSeries } from '../metrics/accountSeries.queries';
import { conversionFactors, factorAt } from '../metrics/rates';
import { assertCreativePro } from './creativeAccess';

type AccountRow = typeof connectedAdAccounts.$inferSelect;

/** The placement an account's ads are analysed for when a user picks one: the platform's main feed placement. */
export const PLACEMENT_OF_PLATFORM: Record<Platform, CreativePlacement> = {
  google: 'google_rsa',
  meta: 'meta_feed',
  linkedin: 'linkedin_single_image',
  x: 'x_promoted_post',
  tiktok: 'tiktok_in_feed',
};

/** Longest wait for a platform's image server, and the most read from it (the analyzer's own upload limit). */
const IMAGE_TIMEOUT_MS = 10_000;
const IMAGE_MAX_BYTES = 10 * 1024 * 1024;

const accountView = (account: AccountRow): PostLaunchAccountView => ({ id: account.id, name: account.name, platform: account.platform as Platform, currency: account.currency });

const scoreView = (score: PostLaunchScore | null): PostLaunchScoreView | null =>
  score && {
    metric: score.metric,
    score: score.score,
    low: score.low,
    high: score.high,
    observed: score.observed,
    estimate: score.estimate,
    campaign: score.campaign,
    probability_better: score.probabilityBetter,
    explanation: score.explanation,
  };

const fatigueView = (fatigue: AdFatigue | null): PostLaunchAdView['fatigue'] =>
  fatigue && {
    state: fatigue.state,
    age_days: fatigue.ageDays,
    early_ctr: fatigue.earlyCtr,
    recent_ctr: fatigue.recentCtr,
    ctr_per_week: fatigue.ctrPerWeek,
    cpc_per_week: fatigue.cpcPerWeek,
    ctr_per_impression_doubling: fatigue.ctrPerImpressionDoubling,
    days_to_fatigue: fatigue.daysToFatigue,
    explanation: fatigue.explanation,
  };

/**
 * Post-launch scores (analysis/creativePostLaunch) of one connected account's delivering ads,
 * each against its own campaign, with the ad's creative as last synced; and an ad's image fetched
 * from where its platform serves it, so a live ad can be analysed like an upload. Pro only.
 */
export function createPostLaunchService(ctx: Pick<AppContext, 'db' | 'clock' | 'log' | 'config' | 'platformRuntime'>) {
  const { db, clock, log, config, platformRuntime } = ctx;

  const accountOf = (workspaceId: string, id: string) => workspaceAccount(db, workspaceId, id, notFound(POST_LAUNCH_MESSAGES.accountNotFound));

  /**
   * ₹4,000 in the account's currency (minor units) at today's rate. Without a rate for either
   * currency the floor falls back to the same amount in US dollars (about $48), in the account's
   * currency as if it were dollars, and says so.
   */
  async function spendFloorOf(account: AccountRow, today: string): Promise<{ floor: number; note: string }> {
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
      return { floor, note: `Scores appear once an ad has spent ${label(floor)} (₹4,000 at today’s rate, about Motion’s $50).` };
    }
    const floor = Math.round(POST_LAUNCH_SPEND_FLOOR_USD * scale);
    return { floor, note: `Scores appear once an ad has spent ${label(floor)}: no exchange rate for ${account.currency} is known, so the floor is $48 (₹4,000) taken as ${account.currency}.` };
  }

  /** Whether an image address may be fetched: https anywhere, or the platform's own configured host (the sandbox serves plain http on loopback). */
  function fetchable(url: string, platform: Platform): boolean {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return false;
    }
    if (parsed.protocol === 'https:') return true;
    return parsed.protocol === 'http:' && parsed.origin === new URL(config.platforms[platform].apiBaseUrl).origin;
  }

  return {
    /** GET creative/post-launch/. */
    async scores(principal: Principal, query: PostLaunchQueryValidated): Promise<PostLaunchView> {
      await assertCreativePro(db, principal.workspaceId, clock.now());
      const connected = await db
        .select()
        .from(connectedAdAccounts)
        .where(eq(connectedAdAccounts.workspaceId, principal.workspaceId))
        .orderBy(asc(connectedAdAccounts.platform), asc(connectedAdAccounts.name), asc(connectedAdAccounts.id));
      const accounts = connected.map(accountView);
      const objective = query.objective ?? 'cpa';
      if (!query.account && !connected.length) return { accounts, account: null, objective, placement: null, spend_floor: 0, spend_floor_note: '', campaigns: [] };
      const account = query.account ? await accountOf(principal.workspaceId, query.account) : connected[0];
      const now = clock.now();
      const [{ series, lag }, creatives] = await Promise.all([
        loadAccountSeries(db, account, now),
        db.select({ adId: ads.adId, creative: ads.creative }).from(ads).where(eq(ads.accountRef, account.id)),
      ]);
      const creativeOf = new Map(creatives.map((row) => [row.adId, row.creative ?? null]));
      const { floor, note } = await spendFloorOf(account, localDay(now, account.timeZone));
      const campaigns = scoreAccountAds(series, { spendFloor: floor, lag, objective });
      return {
        accounts,
        account: accountView(account),
        objective,
        placement: PLACEMENT_OF_PLATFORM[account.platform as Platform],
        spend_floor: floor,
        spend_floor_note: note,
        campaigns: campaigns.map((campaign) => ({
          campaign_id: campaign.campaignId,
          name: campaign.name,
          ads: campaign.ads.map(
            (ad): PostLaunchAdView => ({
              ad_id: ad.adId,
              name: ad.name,
              status: ad.status,
              live: ad.live,
              first_day: ad.firstDay,
              age_days: ad.ageDays,
              spend: ad.spend,
              impressions: ad.impressions,
              clicks: ad.clicks,
              conversions: ad.conversions,
              value: ad.value,
              enough_data: ad.enoughData,
              withheld: ad.withheld,
              overall: scoreView(ad.overall),
              hook: scoreView(ad.hook),
              conversion: scoreView(ad.conversion),
              efficiency: scoreView(ad.efficiency),
              fatigue: fatigueView(ad.fatigue),
              summary: ad.summary,
              creative: creativeOf.get(ad.adId) ?? null,
            }),
          ),
        })),
      };
    },

    /**
     * GET creative/post-launch/image/: a synced ad's image, read from the address its platform
     * gave and checked like an upload (by content, size and pixels) before it is handed over.
     */
    async image(principal: Principal, query: { account: string; ad: string }): Promise<PostLaunchAdImage> {
      await assertCreativePro(db, principal.workspaceId, clock.now());
      const account = await accountOf(principal.workspaceId, query.account);
      const [row] = await db
        .select({ creative: ads.creative })
        .from(ads)
        .where(and(eq(ads.accountRef, account.id), eq(ads.adId, query.ad)));
      if (!row) throw notFound(POST_LAUNCH_MESSAGES.adNotFound);
      const url = (row.creative as AdCreative | null)?.imageUrl;
      if (!url) throw badRequest(POST_LAUNCH_MESSAGES.noImage, 'ad');
      const platform = account.platform as Platform;
      if (!fetchable(url, platform)) throw badRequest(POST_LAUNCH_MESSAGES.noImage, 'ad');
      let bytes: Buffer;
      try {
        const response = await platformRuntime.fetch(url, { redirect: 'error', signal: AbortSignal.timeout(IMAGE_TIMEOUT_MS) });
        if (!response.ok) throw new Error(`status ${response.status}`);
        const declared = Number(response.headers.get('content-length') ?? 0);
        if (declared > IMAGE_MAX_BYTES) throw new Error('too large');
        bytes = Buffer.from(await response.arrayBuffer());
        if (bytes.length > IMAGE_MAX_BYTES) throw new Error('too large');
      } catch (error) {
        log.warn({ accountRef: account.id, platform, error: error instanceof Error ? error.message : String(error) }, 'an ad image could not be fetched');
        throw new HttpError(502, POST_LAUNCH_MESSAGES.imageUnavailable, ErrorCode.PlatformFailed);
      }
      const read = await readImage(bytes);
      if (!read.ok) throw new HttpError(502, POST_LAUNCH_MESSAGES.imageUnavailable, ErrorCode.PlatformFailed);
      return { name: `${query.ad}.${read.image.format}`, content_type: `image/${read.image.format}`, base64: read.image.data.toString('base64') };
    },
  };
}
export type PostLaunchService = ReturnType<typeof createPostLaunchService>;
