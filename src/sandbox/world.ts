import { type Platform, PLATFORMS } from '@shared/constants';
import { addDays, daysBetween, eachDay, localDay, weekdayOf } from '@shared/days';
import { minorDigits } from '@shared/money';

import { drawVertical, rewriteCreative, type SandboxCreative, type SandboxImage, writeCreative } from './creatives';
import { poisson, splitInteger, unit } from './randomness';
import { benignDay, NO_BENIGN_CHANGE, type NoiseMode } from './realisticNoise';

export { unit } from './randomness';

/**
 * The sandbox's synthetic advertising world, deterministic from a seed: accounts per platform,
 * campaigns and ads, and a daily series per ad. It holds the truths the product's advice is
 * judged against (only tests and benches read them, through `truth.ts` and the admin routes):
 *
 * - Each campaign has a hidden response curve: expected conversions a day =
 *   max × spend / (half + spend) (diminishing returns), times its own day-of-week efficiency
 *   profile (B2B campaigns convert best midweek, consumer ones at the weekend, some are flat),
 *   times the mix of ads delivering. Delivery itself follows one platform-wide weekly shape.
 * - Each ad has a true click-through multiplier (`quality`) AND a true conversion rate per click
 *   (`conversionRate`). Some ads are clickbait (many clicks, few conversions), some are quiet
 *   winners (few clicks, many conversions). The campaign's conversions are shared out in
 *   proportion to clicks × conversion rate, and the curve is scaled by how good the delivering
 *   mix is against the campaign's original mix, so pausing a weak ad truly raises conversions.
 *   Clicks and conversions are Poisson counts around their expectation.
 * - Creatives fatigue: an ad's click-through decays towards 55% of fresh, with its own half-life,
 *   and falls further while it is shown more often than its share of the rotation (other ads
 *   paused: REPETITION_WEAR).
 * - Conversions arrive late: a day's conversions are reported in part on the day and filled in
 *   over the next days by a platform-specific lag profile (CONVERSION_LAG), each conversion with
 *   its own delay, so past days are restated as they fill in, as real platforms do. Reports show
 *   what is known as of today.
 * - Budgets moved in the past (a few steps per campaign, BUDGET_STEPS), so a response curve can
 *   be fitted from the history; the current allocation is, in most accounts, measurably off the
 *   allocation that would get the most conversions for the same spend.
 * - Anomalies, kept as ground truth, of the two kinds ad accounts really see: about 1% of
 *   account-days lose conversion tracking (a broken tag or pixel: no campaign of the account
 *   records a conversion that day), and about 1.5% of campaign-days get a burst of invalid clicks
 *   (bots, an accidental placement: three times the clicks, none of the extra ones converting).
 * - Some ads launch in the coming weeks, so advice on new creatives has something to find.
 * - Advertisers can launch ads (launchAd) and refresh a worn creative (refreshCreative: a new
 *   execution of the same concept as a new ad, the worn one paused), as they would in the
 *   platform's own tools; benches play the advertiser following a "refresh it" task this way.
 *
 * Everything is kept in unified units (integer minor units of the account currency, integer
 * counts); each platform module renders them in its own wire format. Status and budget changes
 * made through a platform's API (campaigns and ads) take effect from the account's current day:
 * a daily budget set today (setDailyBudget) is what today's and later days spend against, the
 * days before keep the budget they had (seeded BUDGET_STEPS first, then the changes in the order
 * made; the last change of a day wins), so the same changes give the same history.
 */

export type SandboxStatus = 'ACTIVE' | 'PAUSED';

/** The hidden truth behind a campaign: conversions/day = max × s / (half + s), s = spend that day. */
export interface ResponseCurve {
  maxConversionsPerDay: number;
  /** Spend (minor units of the account currency) at which the campaign gets half its max. */
  halfSaturationSpendMinor: number;
  /** Average order value, minor units. */
  orderValueMinor: number;
}

export type AdKind = 'clickbait' | 'quiet_winner' | 'ordinary';

export interface SandboxAd {
  id: string;
  name: string;
  /** Days after the campaign start the ad went (or goes) live. */
  launchOffsetDays: number;
  /** True click-through multiplier of this creative against its campaign's base rate. */
  quality: number;
  /** True conversions per click of this creative when fresh, 0..1. */
  conversionRate: number;
  kind: AdKind;
  /** Days for the creative's click-through to lose half of what it will lose to fatigue. */
  fatigueHalfLifeDays: number;
  /** Share of the campaign's delivery this ad gets when all ads are live. */
  weight: number;
  /** The worn ad this one is a fresh execution of (refreshCreative): it takes that ad's place in the rotation. */
  replaces?: string;
  /** What the ad says and shows (creatives.ts); the emulators render it in their wire shapes. */
  copy: SandboxCreative;
}

export interface BudgetStep {
  fromDate: string;
  dailyBudgetMinor: number;
}

export interface SandboxCampaign {
  id: string;
  name: string;
  objective: string;
  /** First day with delivery, YYYY-MM-DD. */
  startDate: string;
  initialStatus: SandboxStatus;
  /** The daily budget on the start date; `budgetHistory` moves it later. */
  initialDailyBudgetMinor: number;
  /** Budget changes the advertiser made before today, oldest first. */
  budgetHistory: BudgetStep[];
  /** Cost per 1000 impressions, minor units. */
  cpmMinor: number;
  /** Base click-through rate, 0..1. */
  ctr: number;
  truth: ResponseCurve;
  /** Conversion efficiency by weekday, Sunday .. Saturday, averaging 1. */
  weekdayEfficiency: number[];
  /**
   * How well the campaign's original mix of ads turns delivery into conversions (every ad fresh,
   * at its weight): the mix the response curve is stated for, fixed when the world is made so
   * that ads launched later do not rewrite the past.
   */
  referenceMix: number;
  /** The product line the campaign advertises (creatives.ts): what its ads' copy is about. */
  vertical: string;
  ads: SandboxAd[];
}

export interface SandboxAccount {
  platform: Platform;
  id: string;
  name: string;
  currency: string;
  timeZone: string;
  campaigns: SandboxCampaign[];
}

export interface DayMetrics {
  spendMinor: number;
  impressions: number;
  clicks: number;
  conversions: number;
  conversionValueMinor: number;
}

export interface ReportRow {
  date: string;
  account: SandboxAccount;
  campaign: SandboxCampaign;
  /** null for campaign-level rows. */
  ad: SandboxAd | null;
  metrics: DayMetrics;
}

export interface WorldOptions {
  seed?: number;
  /** Where the sandbox reads the time (tests pass a fixed clock). */
  now?: () => Date;
  accountsPerPlatform?: number;
  /** 'realistic' adds heavy-tailed demand, promotions, holidays and reporting catch-ups (realisticNoise.ts); default 'clean'. */
  noise?: NoiseMode;
}

export type AnomalyKind = 'tracking_outage' | 'click_spike';

const EMPTY: DayMetrics = { spendMinor: 0, impressions: 0, clicks: 0, conversions: 0, conversionValueMinor: 0 };
/** Delivery by weekday, Sunday .. Saturday: auctions are busier on weekdays. */
export const WEEKDAY_FACTOR = [0.82, 1.06, 1.1, 1.08, 1.04, 0.96, 0.8];
/** Share of the day's budget a campaign spends, before the weekday: uniform in [low, low + width]. */
export const UTILISATION = { low: 0.72, width: 0.2 };
/**
 * Repetition wear: an ad that takes a larger share of its campaign's delivery than the rotation
 * gives it (because other ads were paused) reaches the same people more often, and each extra
 * impression is clicked less. Its click-through is multiplied by (share ÷ rotation share) to the
 * minus this power: twice its share costs 10%, three times 15%. Advertising research has long
 * found repeated exposure to one execution wears out faster than varied executions do.
 */
export const REPETITION_WEAR = 0.15;
/** Chance that an account-day loses its conversion tracking. */
const OUTAGE_RATE = 0.01;
/** Chance that a campaign-day gets a burst of invalid clicks. */
const CLICK_SPIKE_RATE = 0.015;
/** What an anomaly multiplies: conversions recorded during an outage, clicks during a spike. */
export const ANOMALY_EFFECT: Record<AnomalyKind, number> = { tracking_outage: 0, click_spike: 3 };
/** How far back history goes. */
const HISTORY_DAYS = 420;
/** Past budget changes per campaign: up to this many, inside the last BUDGET_STEP_WINDOW days. */
const BUDGET_STEPS = 3;
const BUDGET_STEP_WINDOW = 150;
/**
 * Share of a day's final conversions reported by the end of day 0, 1, 2 ... after it (the last
 * entry holds from then on). Click-to-conversion delays differ by platform: short on X, long on
 * LinkedIn's B2B funnels.
 */
export const CONVERSION_LAG: Record<Platform, number[]> = {
  google: [0.55, 0.74, 0.85, 0.91, 0.95, 0.97, 0.99, 1],
  meta: [0.6, 0.8, 0.89, 0.94, 0.97, 0.985, 0.995, 1],
  linkedin: [0.45, 0.66, 0.79, 0.87, 0.92, 0.96, 0.98, 1],
  x: [0.65, 0.84, 0.93, 0.97, 0.99, 1],
  tiktok: [0.58, 0.78, 0.88, 0.94, 0.97, 0.99, 1],
};

/** Account currencies and zones, by account index; units of one USD in each currency. */
const ACCOUNT_PROFILES = [
  { currency: 'USD', timeZone: 'America/New_York', perUsd: 1 },
  { currency: 'INR', timeZone: 'Asia/Kolkata', perUsd: 83 },
  { currency: 'EUR', timeZone: 'Europe/Berlin', perUsd: 0.92 },
  { currency: 'JPY', timeZone: 'Asia/Tokyo', perUsd: 150 },
];

/** Minor units of an account currency per US dollar in the world (benches compare accounts in dollars). */
export function minorUnitsPerUsd(currency: string): number {
  const profile = ACCOUNT_PROFILES.find((p) => p.currency === currency);
  if (!profile) throw new Error(`No sandbox account uses ${currency}`);
  return profile.perUsd * 10 ** minorDigits(currency);
}

const CAMPAIGN_THEMES = [
  'Brand Search',
  'Prospecting',
  'Retargeting',
  'Lookalike 1%',
  'Spring Sale',
  'Lead Gen',
  'App Installs',
  'Webinar Signups',
];
const OBJECTIVES = ['CONVERSIONS', 'TRAFFIC', 'LEAD_GENERATION', 'AWARENESS'];
const AD_THEMES = ['Hero video', 'Carousel', 'Testimonial', 'Product shot', 'UGC clip', 'Offer banner'];
const ACCOUNT_NAMES: Record<Platform, string[]> = {
  google: ['Acme Store (Search)', 'Acme India', 'Acme EU', 'Acme Japan'],
  meta: ['Acme Shop', 'Acme Shop IN', 'Acme Shop EU', 'Acme Shop JP'],
  linkedin: ['Acme B2B', 'Acme Talent IN', 'Acme Enterprise EU', 'Acme APAC'],
  x: ['Acme Launches', 'Acme IN Promos', 'Acme EU Promos', 'Acme JP Promos'],
  tiktok: ['Acme Creators', 'Acme IN Shorts', 'Acme EU Spark', 'Acme JP Spark'],
};

/** Weekly conversion-efficiency shapes, Sunday .. Saturday, before scaling by the campaign's amplitude. */
const WEEKDAY_SHAPES = {
  b2b: [-1, 0.5, 0.8, 0.8, 0.5, -0.1, -1.5],
  consumer: [1, -0.4, -0.6, -0.5, -0.2, 0.3, 0.4],
  flat: [0, 0, 0, 0, 0, 0, 0],
};

/** A weekday profile averaging 1: a shape by the campaign's draw, with an amplitude of 0.08 to 0.3. */
function weekdayProfile(r: (salt: string) => number): number[] {
  const pick = r('dowShape');
  const shape = pick < 0.4 ? WEEKDAY_SHAPES.b2b : pick < 0.75 ? WEEKDAY_SHAPES.consumer : WEEKDAY_SHAPES.flat;
  const amplitude = 0.08 + r('dowAmplitude') * 0.22;
  const raw = shape.map((v) => 1 + v * amplitude);
  const mean = raw.reduce((a, b) => a + b, 0) / 7;
  return raw.map((v) => v / mean);
}

/** A creative: its kind decides how its click-through and conversion rate relate. */
function makeCreative(
  ra: (salt: string) => number,
  campaignRate: number,
): Pick<SandboxAd, 'quality' | 'conversionRate' | 'kind'> {
  const pick = ra('kind');
  const q = ra('quality');
  const c = ra('cvr');
  if (pick < 0.2) return { kind: 'clickbait', quality: 1.2 + q * 0.4, conversionRate: campaignRate * (0.25 + c * 0.3) };
  if (pick < 0.35)
    return { kind: 'quiet_winner', quality: 0.6 + q * 0.25, conversionRate: campaignRate * (1.5 + c * 0.6) };
  return { kind: 'ordinary', quality: 0.75 + q * 0.5, conversionRate: campaignRate * (0.7 + c * 0.6) };
}

/** Platform-shaped ids, so clients see what the real API would give them. */
function makeId(platform: Platform, kind: 'account' | 'campaign' | 'ad', seed: number, key: string): string {
  const r = (salt: string) => unit(seed, `${key}:${salt}`);
  const digits = (n: number, salt: string) => {
    let out = String(1 + Math.floor(r(`${salt}0`) * 9));
    for (let i = 1; i < n; i += 1) out += String(Math.floor(r(`${salt}${i}`) * 10));
    return out;
  };
  const base36 = (n: number, salt: string) => {
    let out = '';
    for (let i = 0; i < n; i += 1) out += Math.floor(r(`${salt}${i}`) * 36).toString(36);
    return out;
  };
  switch (platform) {
    case 'google':
      return digits(kind === 'account' ? 10 : 11, kind);
    case 'meta':
      return kind === 'account' ? `act_${digits(15, kind)}` : `1202${digits(14, kind)}`;
    case 'linkedin':
      return digits(9, kind);
    case 'x':
      return kind === 'account' ? `18${base36(9, kind)}` : base36(5, kind);
    case 'tiktok':
      return kind === 'account' ? `7${digits(18, kind)}` : `17${digits(14, kind)}`;
  }
}

interface Change {
  fromDate: string;
  status?: SandboxStatus;
  dailyBudgetMinor?: number;
}

/** One ad's share of a campaign-day before the counts are drawn. */
interface AdExpectation {
  spendMinor: number;
  impressions: number;
  clicks: number;
  conversions: number;
}

export class World {
  readonly seed: number;
  readonly now: () => Date;
  readonly noise: NoiseMode;
  private readonly byPlatform = new Map<Platform, SandboxAccount[]>();
  private readonly changes = new Map<string, Change[]>();
  private readonly adChanges = new Map<string, Change[]>();
  /** Final (fully reported) ad days; reports apply the lag on top when they are read. */
  private readonly dayCache = new Map<string, DayMetrics[]>();

  constructor(options: WorldOptions = {}) {
    this.seed = options.seed ?? 42;
    this.now = options.now ?? (() => new Date());
    this.noise = options.noise ?? 'clean';
    const count = options.accountsPerPlatform ?? 3;
    const today = localDay(this.now(), 'UTC');
    for (const platform of PLATFORMS) {
      const accounts: SandboxAccount[] = [];
      for (let index = 0; index < count; index += 1) accounts.push(this.makeAccount(platform, index, today));
      this.byPlatform.set(platform, accounts);
    }
  }

  private makeAccount(platform: Platform, index: number, today: string): SandboxAccount {
    const seed = this.seed;
    const key = `${platform}/${index}`;
    const profile = ACCOUNT_PROFILES[platform === 'google' && index === 2 ? 3 : index % 3];
    const minorPerUsd = profile.perUsd * 10 ** minorDigits(profile.currency);
    const id = makeId(platform, 'account', seed, key);
    const campaignCount = 3 + Math.floor(unit(seed, `${key}:campaigns`) * 3);
    const campaigns: SandboxCampaign[] = [];
    for (let c = 0; c < campaignCount; c += 1) {
      const ck = `${key}/c${c}`;
      const r = (salt: string) => unit(seed, `${ck}:${salt}`);
      const halfUsd = 30 + r('half') * 150;
      // Budgets are set the way people set them (round numbers, by feel), not from the curve: from
      // a fifth of the half-saturation spend to about two and a half times it, so some campaigns
      // starve while others spend deep into diminishing returns.
      const budgetUsd = Math.max(10, 5 * Math.round((halfUsd * 0.2 * 12 ** r('budget')) / 5));
      const startDate = addDays(today, -(90 + Math.floor(r('start') * (HISTORY_DAYS - 90))));
      const age = daysBetween(startDate, today);
      const campaignRate = 0.03 + r('cvr') * 0.09;
      const adCount = 2 + Math.floor(r('ads') * 3);
      const campaignName = `${CAMPAIGN_THEMES[(c + index) % CAMPAIGN_THEMES.length]}${c >= CAMPAIGN_THEMES.length ? ` ${c}` : ''}`;
      const vertical = drawVertical(platform, r);
      const ads: SandboxAd[] = [];
      for (let a = 0; a < adCount; a += 1) {
        const ak = `${ck}/a${a}`;
        const ra = (salt: string) => unit(seed, `${ak}:${salt}`);
        // The first ad runs from the start; a quarter of the others are scheduled to launch in
        // the next five weeks (new creatives to judge), the rest launched in the first 150 days.
        const upcoming = a > 0 && ra('upcoming') < 0.25;
        const launchOffsetDays =
          a === 0 ? 0 : upcoming ? age + 1 + Math.floor(ra('launch') * 35) : Math.floor(ra('launch') * 150);
        const creative = makeCreative(ra, campaignRate);
        ads.push({
          id: makeId(platform, 'ad', seed, ak),
          name: `${AD_THEMES[Math.floor(ra('theme') * AD_THEMES.length)]} ${a + 1}`,
          launchOffsetDays,
          ...creative,
          fatigueHalfLifeDays: 14 + Math.floor(ra('fatigue') * 50),
          weight: 0.5 + ra('weight'),
          copy: writeCreative(platform, vertical, creative.kind, campaignName, ra),
        });
      }
      const initialDailyBudgetMinor = Math.round(budgetUsd * minorPerUsd);
      const budgetHistory: BudgetStep[] = [];
      const steps = Math.floor(r('steps') * (BUDGET_STEPS + 1));
      for (let step = 0; step < steps; step += 1) {
        const daysAgo = 7 + Math.floor(r(`step${step}:when`) * (BUDGET_STEP_WINDOW - 7));
        const fromDate = addDays(today, -daysAgo);
        if (fromDate <= startDate) continue;
        budgetHistory.push({
          fromDate,
          dailyBudgetMinor: Math.max(1, Math.round(initialDailyBudgetMinor * (0.55 + r(`step${step}:size`) * 1.0))),
        });
      }
      budgetHistory.sort((x, y) => x.fromDate.localeCompare(y.fromDate));
      campaigns.push({
        id: makeId(platform, 'campaign', seed, ck),
        name: campaignName,
        objective: OBJECTIVES[Math.floor(r('objective') * OBJECTIVES.length)],
        startDate,
        initialStatus: c === campaignCount - 1 && r('paused') < 0.5 ? 'PAUSED' : 'ACTIVE',
        initialDailyBudgetMinor,
        budgetHistory,
        cpmMinor: Math.max(1, Math.round((4 + r('cpm') * 14) * minorPerUsd)),
        ctr: 0.006 + r('ctr') * 0.02,
        truth: {
          maxConversionsPerDay: 4 + Math.round(r('max') * 40),
          halfSaturationSpendMinor: Math.round(halfUsd * minorPerUsd),
          orderValueMinor: Math.round((25 + r('aov') * 120) * minorPerUsd),
        },
        weekdayEfficiency: weekdayProfile(r),
        referenceMix:
          ads.reduce((sum, ad) => sum + ad.weight * ad.quality * ad.conversionRate, 0) /
          ads.reduce((sum, ad) => sum + ad.weight, 0),
        vertical,
        ads,
      });
    }
    return {
      platform,
      id,
      name: ACCOUNT_NAMES[platform][index % 4],
      currency: profile.currency,
      timeZone: profile.timeZone,
      campaigns,
    };
  }

  accounts(platform: Platform): SandboxAccount[] {
    return this.byPlatform.get(platform) ?? [];
  }

  account(platform: Platform, accountId: string): SandboxAccount | undefined {
    return this.accounts(platform).find((a) => a.id === accountId);
  }

  /** Finds a campaign on a platform by id, with its account. */
  campaign(platform: Platform, campaignId: string): { account: SandboxAccount; campaign: SandboxCampaign } | undefined {
    for (const account of this.accounts(platform)) {
      const campaign = account.campaigns.find((c) => c.id === campaignId);
      if (campaign) return { account, campaign };
    }
    return undefined;
  }

  /** Finds an ad on a platform by id, with its campaign and account. */
  ad(
    platform: Platform,
    adId: string,
  ): { account: SandboxAccount; campaign: SandboxCampaign; ad: SandboxAd } | undefined {
    for (const account of this.accounts(platform)) {
      for (const campaign of account.campaigns) {
        const ad = campaign.ads.find((a) => a.id === adId);
        if (ad) return { account, campaign, ad };
      }
    }
    return undefined;
  }

  /** The account's current calendar day. */
  today(account: SandboxAccount): string {
    return localDay(this.now(), account.timeZone);
  }

  private key(platform: Platform, id: string): string {
    return `${platform}/${id}`;
  }

  private setting(
    platform: Platform,
    campaign: SandboxCampaign,
    date: string,
  ): { status: SandboxStatus; dailyBudgetMinor: number } {
    let status = campaign.initialStatus;
    let dailyBudgetMinor = campaign.initialDailyBudgetMinor;
    for (const step of campaign.budgetHistory) {
      if (step.fromDate > date) break;
      dailyBudgetMinor = step.dailyBudgetMinor;
    }
    for (const change of this.changes.get(this.key(platform, campaign.id)) ?? []) {
      if (change.fromDate > date) break;
      if (change.status) status = change.status;
      if (change.dailyBudgetMinor !== undefined) dailyBudgetMinor = change.dailyBudgetMinor;
    }
    return { status, dailyBudgetMinor };
  }

  private adSetting(platform: Platform, ad: SandboxAd, date: string): SandboxStatus {
    let status: SandboxStatus = 'ACTIVE';
    for (const change of this.adChanges.get(this.key(platform, ad.id)) ?? []) {
      if (change.fromDate > date) break;
      if (change.status) status = change.status;
    }
    return status;
  }

  /** Status as of the account's day (today by default). */
  status(platform: Platform, campaignId: string, date?: string): SandboxStatus {
    const found = this.campaign(platform, campaignId);
    if (!found) throw new Error(`No campaign ${campaignId} on ${platform}`);
    return this.setting(platform, found.campaign, date ?? this.today(found.account)).status;
  }

  /** Daily budget (minor units) as of the account's day (today by default). */
  dailyBudgetMinor(platform: Platform, campaignId: string, date?: string): number {
    const found = this.campaign(platform, campaignId);
    if (!found) throw new Error(`No campaign ${campaignId} on ${platform}`);
    return this.setting(platform, found.campaign, date ?? this.today(found.account)).dailyBudgetMinor;
  }

  /** An ad's own status (not its campaign's) as of the account's day (today by default). */
  adStatus(platform: Platform, adId: string, date?: string): SandboxStatus {
    const found = this.ad(platform, adId);
    if (!found) throw new Error(`No ad ${adId} on ${platform}`);
    return this.adSetting(platform, found.ad, date ?? this.today(found.account));
  }

  private record(
    list: Map<string, Change[]>,
    platform: Platform,
    id: string,
    account: SandboxAccount,
    change: Omit<Change, 'fromDate'>,
  ): void {
    const key = this.key(platform, id);
    const changes = list.get(key) ?? [];
    changes.push({ fromDate: this.today(account), ...change });
    changes.sort((a, b) => a.fromDate.localeCompare(b.fromDate));
    list.set(key, changes);
    this.dayCache.clear();
  }

  private recordCampaign(platform: Platform, campaignId: string, change: Omit<Change, 'fromDate'>): void {
    const found = this.campaign(platform, campaignId);
    if (!found) throw new Error(`No campaign ${campaignId} on ${platform}`);
    this.record(this.changes, platform, campaignId, found.account, change);
  }

  /** Pauses or resumes from the account's current day on. */
  setStatus(platform: Platform, campaignId: string, status: SandboxStatus): void {
    this.recordCampaign(platform, campaignId, { status });
  }

  /** Changes the daily budget from the account's current day on. */
  setDailyBudget(platform: Platform, campaignId: string, dailyBudgetMinor: number): void {
    if (!Number.isInteger(dailyBudgetMinor) || dailyBudgetMinor <= 0)
      throw new Error('Budget must be a positive whole number of minor units');
    this.recordCampaign(platform, campaignId, { dailyBudgetMinor });
  }

  /** Pauses or resumes one ad from the account's current day on; its campaign's other ads take its delivery. */
  setAdStatus(platform: Platform, adId: string, status: SandboxStatus): void {
    const found = this.ad(platform, adId);
    if (!found) throw new Error(`No ad ${adId} on ${platform}`);
    this.record(this.adChanges, platform, adId, found.account, { status });
  }

  /**
   * A new ad in a campaign, live from the account's current day: what an advertiser does when
   * they upload a creative. Its creative is `creative`; its id is platform-shaped and fixed by
   * the seed and `key`, so the same launches give the same world. Its copy and image are
   * `creative.copy`, or written for it from the seed and `key` when not given.
   */
  launchAd(
    platform: Platform,
    campaignId: string,
    key: string,
    name: string,
    creative: Pick<SandboxAd, 'quality' | 'conversionRate' | 'kind' | 'fatigueHalfLifeDays' | 'weight' | 'replaces'> & {
      copy?: SandboxCreative;
    },
  ): SandboxAd {
    const found = this.campaign(platform, campaignId);
    if (!found) throw new Error(`No campaign ${campaignId} on ${platform}`);
    const { account, campaign } = found;
    const id = makeId(platform, 'ad', this.seed, `${campaignId}/${key}`);
    if (campaign.ads.some((ad) => ad.id === id)) throw new Error(`Ad ${id} exists already`);
    const copy =
      creative.copy ??
      writeCreative(platform, campaign.vertical, creative.kind, campaign.name, (salt) =>
        unit(this.seed, `${campaignId}/${key}:${salt}`),
      );
    const ad: SandboxAd = {
      id,
      name,
      launchOffsetDays: daysBetween(campaign.startDate, this.today(account)),
      ...creative,
      copy,
    };
    campaign.ads.push(ad);
    this.dayCache.clear();
    return ad;
  }

  /**
   * Refreshes a worn creative the way advertisers do: a new execution of the same concept (new
   * visuals, same offer and landing page) launched as a new ad today, and the worn one paused.
   * The new execution converts its clicks as the old one did; its click-through multiplier is the
   * concept's within ±15%, drawn from the seed; its wear starts from fresh.
   */
  refreshCreative(platform: Platform, adId: string): SandboxAd {
    const found = this.ad(platform, adId);
    if (!found) throw new Error(`No ad ${adId} on ${platform}`);
    const { account, campaign, ad } = found;
    const today = this.today(account);
    const r = (salt: string) => unit(this.seed, `${platform}/${adId}/refresh/${today}:${salt}`);
    const generation = campaign.ads.filter((a) => a.name.startsWith(`${baseName(ad.name)} (refresh`)).length + 2;
    const fresh = this.launchAd(
      platform,
      campaign.id,
      `${adId}/refresh/${today}`,
      `${baseName(ad.name)} (refresh ${generation})`,
      {
        quality: ad.quality * (0.85 + r('quality') * 0.3),
        conversionRate: ad.conversionRate,
        kind: ad.kind,
        fatigueHalfLifeDays: 14 + Math.floor(r('fatigue') * 50),
        weight: ad.weight,
        replaces: adId,
        copy: rewriteCreative(platform, campaign.vertical, ad.kind, campaign.name, ad.copy, r),
      },
    );
    this.setAdStatus(platform, adId, 'PAUSED');
    return fresh;
  }

  /** An ad image of a platform by its key (creatives.ts), for the emulators' image routes. */
  image(platform: Platform, key: string): SandboxImage | undefined {
    for (const account of this.accounts(platform)) {
      for (const campaign of account.campaigns) {
        for (const ad of campaign.ads) if (ad.copy.image?.key === key) return ad.copy.image;
      }
    }
    return undefined;
  }

  /** The planted anomaly of a campaign-day, if any (it only shows when the campaign delivers). */
  anomaly(platform: Platform, campaignId: string, date: string): AnomalyKind | null {
    const found = this.campaign(platform, campaignId);
    if (!found) throw new Error(`No campaign ${campaignId} on ${platform}`);
    return this.anomalyOf(platform, found.account, campaignId, date);
  }

  /** An outage takes the whole account (its tag is shared); a click spike one campaign. */
  private anomalyOf(platform: Platform, account: SandboxAccount, campaignId: string, date: string): AnomalyKind | null {
    if (unit(this.seed, `${platform}/${account.id}/${date}:outage`) < OUTAGE_RATE) return 'tracking_outage';
    if (unit(this.seed, `${platform}/${campaignId}/${date}:anomaly`) < CLICK_SPIKE_RATE) return 'click_spike';
    return null;
  }

  /** An ad's click-through freshness on a day: 1 when new, decaying towards 0.55. */
  fatigue(campaign: SandboxCampaign, ad: SandboxAd, date: string): number {
    const running = Math.max(0, daysBetween(campaign.startDate, date) - ad.launchOffsetDays);
    return 0.55 + 0.45 * 0.5 ** (running / ad.fatigueHalfLifeDays);
  }

  /**
   * How well a delivery mix turns spend into conversions, against the campaign's original mix
   * (every ad live and fresh, at its weight): Σ share × quality × freshness × conversion rate.
   */
  mixQuality(campaign: SandboxCampaign, shares: number[], freshness: number[]): number {
    const current = campaign.ads.reduce((s, ad, i) => s + shares[i] * ad.quality * freshness[i] * ad.conversionRate, 0);
    return current / campaign.referenceMix;
  }

  /**
   * Each ad's click-through multiplier from repetition on a day (REPETITION_WEAR), given the
   * shares of the campaign's delivery the live ads get: 1 when every ad of the rotation runs. The
   * rotation is every ad launched by that day, but for one a later refresh took the place of.
   */
  repetition(campaign: SandboxCampaign, date: string, shares: number[]): number[] {
    const age = daysBetween(campaign.startDate, date);
    const launched = (ad: SandboxAd) => age >= ad.launchOffsetDays;
    const replaced = new Set(campaign.ads.filter((ad) => ad.replaces && launched(ad)).map((ad) => ad.replaces));
    const rotation = campaign.ads.map((ad) => (launched(ad) && !replaced.has(ad.id) ? ad.weight : 0));
    const total = rotation.reduce((a, b) => a + b, 0);
    return campaign.ads.map((_, i) =>
      shares[i] > 0 && rotation[i] > 0 ? (shares[i] / (rotation[i] / total)) ** -REPETITION_WEAR : 1,
    );
  }

  /** Which ads deliver on a day: launched, and not paused themselves. */
  liveAds(platform: Platform, campaign: SandboxCampaign, date: string): boolean[] {
    const age = daysBetween(campaign.startDate, date);
    return campaign.ads.map((ad) => age >= ad.launchOffsetDays && this.adSetting(platform, ad, date) === 'ACTIVE');
  }

  /** Final per-ad metrics of one campaign-day (every late conversion in), in the order of campaign.ads. */
  private adDays(platform: Platform, account: SandboxAccount, campaign: SandboxCampaign, date: string): DayMetrics[] {
    const cacheKey = `${platform}/${campaign.id}/${date}`;
    const cached = this.dayCache.get(cacheKey);
    if (cached) return cached;
    const result = this.computeAdDays(platform, account, campaign, date);
    this.dayCache.set(cacheKey, result);
    return result;
  }

  /** What each ad is expected to get on a day (before counting noise); null when the campaign does not deliver. */
  expectedAdDays(
    platform: Platform,
    account: SandboxAccount,
    campaign: SandboxCampaign,
    date: string,
    withAnomaly = true,
  ): AdExpectation[] | null {
    if (date < campaign.startDate || date > this.today(account)) return null;
    const { status, dailyBudgetMinor } = this.setting(platform, campaign, date);
    if (status !== 'ACTIVE') return null;
    const live = this.liveAds(platform, campaign, date);
    if (!live.some(Boolean)) return null;

    const r = (salt: string) => unit(this.seed, `${platform}/${campaign.id}/${date}:${salt}`);
    const weekdayIndex = weekdayOf(date);
    // Delivery: most of the budget, shaped by the week; never above 125% of the day's budget.
    const utilisation = Math.min(
      1.25,
      (UTILISATION.low + r('util') * UTILISATION.width) * WEEKDAY_FACTOR[weekdayIndex],
    );
    const spend = Math.round(dailyBudgetMinor * utilisation);
    const spends = splitInteger(
      spend,
      campaign.ads.map((ad, i) => (live[i] ? ad.weight : 0)),
    );
    const shares = spends.map((s) => s / Math.max(1, spend));
    // Click-through against fresh: wear from the days it has run, and from being shown more often than its rotation share.
    const repetition = this.repetition(campaign, date, shares);
    const freshness = campaign.ads.map((ad, i) => this.fatigue(campaign, ad, date) * repetition[i]);
    const anomaly = withAnomaly ? this.anomalyOf(platform, account, campaign.id, date) : null;
    const { maxConversionsPerDay, halfSaturationSpendMinor } = campaign.truth;
    const conversions =
      ((maxConversionsPerDay * spend) / (halfSaturationSpendMinor + spend)) *
      campaign.weekdayEfficiency[weekdayIndex] *
      this.mixQuality(campaign, shares, freshness) *
      (anomaly === 'tracking_outage' ? ANOMALY_EFFECT.tracking_outage : 1);
    // Invalid clicks come on top of the real ones and never convert.
    const invalidClicks = anomaly === 'click_spike' ? ANOMALY_EFFECT.click_spike : 1;
    // A real day's ordinary ups and downs (none of them an anomaly), when the world has them.
    const benign =
      this.noise === 'realistic'
        ? benignDay(this.seed, `${platform}/${account.id}`, `${platform}/${campaign.id}`, date)
        : NO_BENIGN_CHANGE;
    // Conversions go to the ads in proportion to the clicks they bring times how well those convert.
    const pull = campaign.ads.map((ad, i) => shares[i] * ad.quality * freshness[i] * ad.conversionRate);
    const pullSum = pull.reduce((a, b) => a + b, 0) || 1;
    return campaign.ads.map((ad, i) => {
      const impressions =
        (spends[i] * 1000) / (campaign.cpmMinor * (0.92 + unit(this.seed, `${ad.id}/${date}:cpm`) * 0.16));
      return {
        spendMinor: spends[i],
        impressions,
        clicks: impressions * campaign.ctr * ad.quality * freshness[i] * invalidClicks * benign.clicks,
        conversions: ((conversions * pull[i]) / pullSum) * benign.conversions,
      };
    });
  }

  private computeAdDays(
    platform: Platform,
    account: SandboxAccount,
    campaign: SandboxCampaign,
    date: string,
  ): DayMetrics[] {
    const expected = this.expectedAdDays(platform, account, campaign, date);
    if (!expected) return campaign.ads.map(() => ({ ...EMPTY }));
    const { orderValueMinor } = campaign.truth;
    return campaign.ads.map((ad, i) => {
      const e = expected[i];
      if (e.spendMinor === 0) return { ...EMPTY };
      const impressions = Math.round(e.impressions);
      const conversions = poisson(this.seed, `${ad.id}/${date}:conv`, e.conversions);
      return {
        spendMinor: e.spendMinor,
        impressions,
        clicks: Math.min(impressions, poisson(this.seed, `${ad.id}/${date}:clicks`, e.clicks)),
        conversions,
        conversionValueMinor: Math.round(
          conversions * orderValueMinor * (0.8 + unit(this.seed, `${ad.id}/${date}:aov`) * 0.4),
        ),
      };
    });
  }

  /** Share of a day's conversions known `age` days after it. */
  lagShare(platform: Platform, age: number): number {
    const profile = CONVERSION_LAG[platform];
    return age < 0 ? 0 : profile[Math.min(age, profile.length - 1)];
  }

  /** A day's metrics as the platform reports them today: conversions not yet in are missing. */
  /**
   * An ad's day as the platform reports it today: each of its conversions has its own delay, drawn
   * from the seed (conversion j is in once the day's share known reaches its draw), so a day's
   * count fills in as a binomial of its final count, never goes down, and is whole at any age.
   */
  private reported(
    platform: Platform,
    account: SandboxAccount,
    ad: SandboxAd,
    date: string,
    final: DayMetrics,
  ): DayMetrics {
    if (final.conversions === 0) return final;
    const share = this.lagShare(platform, daysBetween(date, this.today(account)));
    if (share >= 1) return final;
    let conversions = 0;
    for (let j = 0; j < final.conversions; j += 1)
      if (unit(this.seed, `${ad.id}/${date}:lag${j}`) < share) conversions += 1;
    return {
      ...final,
      conversions,
      conversionValueMinor: Math.round((final.conversionValueMinor * conversions) / final.conversions),
    };
  }

  private reportedAdDays(
    platform: Platform,
    account: SandboxAccount,
    campaign: SandboxCampaign,
    date: string,
  ): DayMetrics[] {
    return this.adDays(platform, account, campaign, date).map((final, i) =>
      this.reported(platform, account, campaign.ads[i], date, final),
    );
  }

  /** One ad's day as reported today. */
  adDay(platform: Platform, adId: string, date: string): DayMetrics {
    const found = this.ad(platform, adId);
    if (!found) throw new Error(`No ad ${adId} on ${platform}`);
    const index = found.campaign.ads.indexOf(found.ad);
    return this.reportedAdDays(platform, found.account, found.campaign, date)[index];
  }

  /** One ad's day with every late conversion in: ground truth, for tests and benches. */
  finalAdDay(platform: Platform, adId: string, date: string): DayMetrics {
    const found = this.ad(platform, adId);
    if (!found) throw new Error(`No ad ${adId} on ${platform}`);
    const index = found.campaign.ads.indexOf(found.ad);
    return this.adDays(platform, found.account, found.campaign, date)[index];
  }

  /** One campaign's day as reported today: the exact sum of its ads. */
  campaignDay(platform: Platform, campaignId: string, date: string): DayMetrics {
    const found = this.campaign(platform, campaignId);
    if (!found) throw new Error(`No campaign ${campaignId} on ${platform}`);
    return sum(this.reportedAdDays(platform, found.account, found.campaign, date));
  }

  /**
   * Daily rows of an account for a range (inclusive), by campaign or by ad, only for days with
   * delivery, ordered by date then campaign then ad; as reported today.
   */
  rows(platform: Platform, accountId: string, since: string, until: string, level: 'campaign' | 'ad'): ReportRow[] {
    const account = this.account(platform, accountId);
    if (!account) return [];
    const rows: ReportRow[] = [];
    for (const date of eachDay(since, until)) {
      for (const campaign of account.campaigns) {
        const ads = this.reportedAdDays(platform, account, campaign, date);
        if (level === 'campaign') {
          const metrics = sum(ads);
          if (metrics.impressions > 0 || metrics.spendMinor > 0)
            rows.push({ date, account, campaign, ad: null, metrics });
        } else {
          ads.forEach((metrics, i) => {
            if (metrics.impressions > 0 || metrics.spendMinor > 0)
              rows.push({ date, account, campaign, ad: campaign.ads[i], metrics });
          });
        }
      }
    }
    return rows;
  }

  /** The account's totals for a range as reported today: what a correct client's rows must add up to. */
  totals(platform: Platform, accountId: string, since: string, until: string): DayMetrics {
    return sum(this.rows(platform, accountId, since, until, 'campaign').map((row) => row.metrics));
  }
}

/** An ad's name without its refresh suffix: "Carousel 2 (refresh 3)" → "Carousel 2". */
const baseName = (name: string) => name.replace(/ \(refresh \d+\)$/, '');

export function sum(days: DayMetrics[]): DayMetrics {
  return days.reduce(
    (total, d) => ({
      spendMinor: total.spendMinor + d.spendMinor,
      impressions: total.impressions + d.impressions,
      clicks: total.clicks + d.clicks,
      conversions: total.conversions + d.conversions,
      conversionValueMinor: total.conversionValueMinor + d.conversionValueMinor,
    }),
    { ...EMPTY },
  );
}
