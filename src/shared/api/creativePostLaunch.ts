import type { Platform } from '../constants';
import type { AdCreative, CreativePlacement } from './creative';

/**
 * creative/post-launch/: every delivering ad of one connected account scored against the other
 * ads of its campaign (hook, conversion, efficiency and overall, 1–100 with an interval), with
 * its fatigue trend and its creative as the platform lists it. Money in minor units of the
 * account's currency.
 */

export const POST_LAUNCH_OBJECTIVES = ['cpa', 'roas'] as const;
export type PostLaunchObjectiveName = (typeof POST_LAUNCH_OBJECTIVES)[number];

export interface PostLaunchQuery {
  /** The connected account; left out, the workspace's first. */
  account?: string;
  objective?: PostLaunchObjectiveName;
}

export interface PostLaunchScoreView {
  metric: 'ctr' | 'cvr' | 'cpa' | 'roas';
  /** 1–100 against the campaign's ads; 50 is on par. */
  score: number;
  low: number;
  high: number;
  /** As reported; null for a cost per conversion with no conversion yet. */
  observed: number | null;
  /** Shrunk (what the score is made of) and the campaign's over the ad's days, in the metric's units (a fraction, minor units, or a ratio). */
  estimate: number;
  campaign: number;
  probability_better: number;
  explanation: string;
}

export interface PostLaunchRangeView {
  mid: number;
  low: number;
  high: number;
}

export interface PostLaunchFatigueView {
  state: 'fresh' | 'watch' | 'fatigued';
  age_days: number;
  early_ctr: number;
  recent_ctr: number;
  /** Relative change per week of age (−0.05: 5% lower each week). */
  ctr_per_week: PostLaunchRangeView;
  cpc_per_week: PostLaunchRangeView;
  /** Relative change of click-through each time the ad's impressions double (the frequency proxy). */
  ctr_per_impression_doubling: PostLaunchRangeView;
  days_to_fatigue: number | null;
  explanation: string;
}

export interface PostLaunchAdView {
  ad_id: string;
  name: string;
  status: 'ACTIVE' | 'PAUSED';
  live: boolean;
  first_day: string;
  age_days: number;
  spend: number;
  impressions: number;
  clicks: number;
  conversions: number;
  value: number;
  enough_data: boolean;
  /** Why the scores are withheld: spend below the floor, or no other ad delivered on its days. */
  withheld: 'below_spend_floor' | 'no_other_ads' | null;
  overall: PostLaunchScoreView | null;
  hook: PostLaunchScoreView | null;
  conversion: PostLaunchScoreView | null;
  efficiency: PostLaunchScoreView | null;
  fatigue: PostLaunchFatigueView | null;
  summary: string;
  /** What the ad says and shows, as last synced; null when the platform gave none. */
  creative: AdCreative | null;
}

export interface PostLaunchCampaignView {
  campaign_id: string;
  name: string;
  ads: PostLaunchAdView[];
}

export interface PostLaunchAccountView {
  id: string;
  name: string;
  platform: Platform;
  currency: string;
}

export interface PostLaunchView {
  /** The workspace's connected accounts, for the picker. */
  accounts: PostLaunchAccountView[];
  /** The account scored; null when the workspace has none connected. */
  account: PostLaunchAccountView | null;
  objective: PostLaunchObjectiveName;
  /** The placement the account's ads are analysed for when picked ("Analyse this ad"); null without an account. */
  placement: CreativePlacement | null;
  /** The spend below which an ad's scores are withheld, in the account's minor units, and how it was set. */
  spend_floor: number;
  spend_floor_note: string;
  campaigns: PostLaunchCampaignView[];
}

/** An ad's image fetched from where its platform serves it, for the analyzer. */
export interface PostLaunchAdImage {
  name: string;
  content_type: string;
  base64: string;
}

export const POST_LAUNCH_MESSAGES = {
  accountNotFound: 'Ad account not found.',
  adNotFound: 'Ad not found.',
  noImage: 'This ad has no image to analyse.',
  imageUnavailable: 'The platform did not serve this ad’s image. Try again later, or upload the image.',
} as const;
