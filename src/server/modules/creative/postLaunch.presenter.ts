import type { AdCreative } from '@shared/api/creative';
import type {
  PostLaunchAccountView,
  PostLaunchAdImage,
  PostLaunchAdView,
  PostLaunchCampaignView,
  PostLaunchFatigueView,
  PostLaunchScoreView,
} from '@shared/api/creativePostLaunch';
import type { Platform } from '@shared/constants';

import type { ValidatedImage } from '../../analysis/creativeImage/imageInput';
import type { PostLaunchAd, PostLaunchCampaign, PostLaunchScore } from '../../analysis/creativePostLaunch';
import type { AdFatigue } from '../../analysis/fatigueTrend';
import type { connectedAdAccounts } from '../../db/schema';

/** Post-launch scores (analysis/creativePostLaunch) in the API's words (snake_case, as everywhere else on the wire). */

type AccountRow = typeof connectedAdAccounts.$inferSelect;

/** A connected account as the picker shows it. */
export const presentPostLaunchAccount = (account: AccountRow): PostLaunchAccountView => ({
  id: account.id,
  name: account.name,
  platform: account.platform as Platform,
  currency: account.currency,
});

export const presentPostLaunchScore = (score: PostLaunchScore | null): PostLaunchScoreView | null =>
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

export const presentPostLaunchFatigue = (fatigue: AdFatigue | null): PostLaunchFatigueView | null =>
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

/** One scored ad, with its creative as last synced (null when the platform gave none). */
export const presentPostLaunchAd = (ad: PostLaunchAd, creative: AdCreative | null): PostLaunchAdView => ({
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
  overall: presentPostLaunchScore(ad.overall),
  hook: presentPostLaunchScore(ad.hook),
  conversion: presentPostLaunchScore(ad.conversion),
  efficiency: presentPostLaunchScore(ad.efficiency),
  fatigue: presentPostLaunchFatigue(ad.fatigue),
  summary: ad.summary,
  creative,
});

/** A campaign's scored ads; `creativeOf` gives each ad's synced creative by ad id. */
export const presentPostLaunchCampaign = (
  campaign: PostLaunchCampaign,
  creativeOf: ReadonlyMap<string, AdCreative | null>,
): PostLaunchCampaignView => ({
  campaign_id: campaign.campaignId,
  name: campaign.name,
  ads: campaign.ads.map((ad) => presentPostLaunchAd(ad, creativeOf.get(ad.adId) ?? null)),
});

/** A live ad's checked image, named after the ad, for the analyzer. */
export const presentAdImage = (adId: string, image: ValidatedImage): PostLaunchAdImage => ({
  name: `${adId}.${image.format}`,
  content_type: `image/${image.format}`,
  base64: image.data.toString('base64'),
});
