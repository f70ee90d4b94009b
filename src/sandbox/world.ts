import { PLATFORMS, type Platform } from '@shared/constants';
import { minorDigits } from '@shared/money';

/**
 * The sandbox's synthetic advertising world, deterministic from a seed: accounts per platform,
 * campaigns and ads, and a daily series per ad with weekly seasonality, diminishing returns on
 * spend (a hidden response curve per campaign), creative fatigue and occasional anomalies.
 *
 * Everything is kept in unified units (integer minor units of the account currency, integer
 * counts); each platform module renders them in its own wire format. Status and budget changes
 * made through a platform's API take effect from the account's current day, so later reports
 * show them.
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

export interface SandboxAd {
  id: string;
  name: string;
  /** Days after the campaign start the ad went live. */
  launchOffsetDays: number;
  /** Click-through multiplier of this creative (0.6 - 1.4). */
  quality: number;
  /** Days for the creative's click-through to lose half of what it will lose to fatigue. */
  fatigueHalfLifeDays: number;
  /** Share of the campaign's delivery this ad gets when all ads are live. */
  weight: number;
}

export interface SandboxCampaign {
  id: string;
  name: string;
  objective: string;
  /** First day with delivery, YYYY-MM-DD. */
  startDate: string;
  initialStatus: SandboxStatus;
  initialDailyBudgetMinor: number;
  /** Cost per 1000 impressions, minor units. */
  cpmMinor: number;
  /** Base click-through rate, 0..1. */
  ctr: number;
  truth: ResponseCurve;
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
}

const EMPTY: DayMetrics = { spendMinor: 0, impressions: 0, clicks: 0, conversions: 0, conversionValueMinor: 0 };
/** Sunday .. Saturday. B2B-ish: weekdays strong, weekends soft. */
const WEEKDAY_FACTOR = [0.82, 1.06, 1.1, 1.08, 1.04, 0.96, 0.8];
/** Chance that a campaign-day is an anomaly (tracking outage or a spike). */
const ANOMALY_RATE = 0.02;
/** How far back history goes. */
const HISTORY_DAYS = 420;

/** Account currencies and zones, by account index; units of one USD in each currency. */
const ACCOUNT_PROFILES = [
  { currency: 'USD', timeZone: 'America/New_York', perUsd: 1 },
  { currency: 'INR', timeZone: 'Asia/Kolkata', perUsd: 83 },
  { currency: 'EUR', timeZone: 'Europe/Berlin', perUsd: 0.92 },
  { currency: 'JPY', timeZone: 'Asia/Tokyo', perUsd: 150 },
];

const CAMPAIGN_THEMES = ['Brand Search', 'Prospecting', 'Retargeting', 'Lookalike 1%', 'Spring Sale', 'Lead Gen', 'App Installs', 'Webinar Signups'];
const OBJECTIVES = ['CONVERSIONS', 'TRAFFIC', 'LEAD_GENERATION', 'AWARENESS'];
const AD_THEMES = ['Hero video', 'Carousel', 'Testimonial', 'Product shot', 'UGC clip', 'Offer banner'];
const ACCOUNT_NAMES: Record<Platform, string[]> = {
  google: ['Acme Store (Search)', 'Acme India', 'Acme EU', 'Acme Japan'],
  meta: ['Acme Shop', 'Acme Shop IN', 'Acme Shop EU', 'Acme Shop JP'],
  linkedin: ['Acme B2B', 'Acme Talent IN', 'Acme Enterprise EU', 'Acme APAC'],
  x: ['Acme Launches', 'Acme IN Promos', 'Acme EU Promos', 'Acme JP Promos'],
  tiktok: ['Acme Creators', 'Acme IN Shorts', 'Acme EU Spark', 'Acme JP Spark'],
};

/** A string hash (FNV-1a, 32 bit). */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A uniform number in [0, 1) fixed by the seed and the key. */
export function unit(seed: number, key: string): number {
  let t = (hash(key) ^ Math.imul(seed, 0x9e3779b1)) >>> 0;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

/** Calendar day (YYYY-MM-DD) of an instant in a time zone. */
export function dayIn(timeZone: string, at: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** Every day from `since` to `until`, both included. */
export function eachDay(since: string, until: string): string[] {
  const days: string[] = [];
  for (let day = since; day <= until; day = addDays(day, 1)) days.push(day);
  return days;
}

/** Splits an integer total over weights so the parts sum to the total exactly (largest remainder). */
function splitInteger(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum <= 0 || total === 0) return weights.map(() => 0);
  const raw = weights.map((w) => (total * w) / sum);
  const parts = raw.map(Math.floor);
  let left = total - parts.reduce((a, b) => a + b, 0);
  const order = raw.map((r, i) => [r - Math.floor(r), i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (const [, i] of order) {
    if (left <= 0) break;
    parts[i] += 1;
    left -= 1;
  }
  return parts;
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

export class World {
  readonly seed: number;
  readonly now: () => Date;
  private readonly byPlatform = new Map<Platform, SandboxAccount[]>();
  private readonly changes = new Map<string, Change[]>();
  private readonly dayCache = new Map<string, DayMetrics[]>();

  constructor(options: WorldOptions = {}) {
    this.seed = options.seed ?? 42;
    this.now = options.now ?? (() => new Date());
    const count = options.accountsPerPlatform ?? 3;
    const today = dayIn('UTC', this.now());
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
      const budgetUsd = 20 + Math.round(r('budget') * 180);
      const adCount = 2 + Math.floor(r('ads') * 3);
      const ads: SandboxAd[] = [];
      for (let a = 0; a < adCount; a += 1) {
        const ak = `${ck}/a${a}`;
        const ra = (salt: string) => unit(seed, `${ak}:${salt}`);
        ads.push({
          id: makeId(platform, 'ad', seed, ak),
          name: `${AD_THEMES[Math.floor(ra('theme') * AD_THEMES.length)]} ${a + 1}`,
          launchOffsetDays: a === 0 ? 0 : Math.floor(ra('launch') * 150),
          quality: 0.6 + ra('quality') * 0.8,
          fatigueHalfLifeDays: 14 + Math.floor(ra('fatigue') * 50),
          weight: 0.5 + ra('weight'),
        });
      }
      campaigns.push({
        id: makeId(platform, 'campaign', seed, ck),
        name: `${CAMPAIGN_THEMES[(c + index) % CAMPAIGN_THEMES.length]}${c >= CAMPAIGN_THEMES.length ? ` ${c}` : ''}`,
        objective: OBJECTIVES[Math.floor(r('objective') * OBJECTIVES.length)],
        startDate: addDays(today, -(90 + Math.floor(r('start') * (HISTORY_DAYS - 90)))),
        initialStatus: c === campaignCount - 1 && r('paused') < 0.5 ? 'PAUSED' : 'ACTIVE',
        initialDailyBudgetMinor: Math.round(budgetUsd * minorPerUsd),
        cpmMinor: Math.max(1, Math.round((4 + r('cpm') * 14) * minorPerUsd)),
        ctr: 0.006 + r('ctr') * 0.02,
        truth: {
          maxConversionsPerDay: 4 + Math.round(r('max') * 40),
          halfSaturationSpendMinor: Math.round((30 + r('half') * 150) * minorPerUsd),
          orderValueMinor: Math.round((25 + r('aov') * 120) * minorPerUsd),
        },
        ads,
      });
    }
    return { platform, id, name: ACCOUNT_NAMES[platform][index % 4], currency: profile.currency, timeZone: profile.timeZone, campaigns };
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
  ad(platform: Platform, adId: string): { account: SandboxAccount; campaign: SandboxCampaign; ad: SandboxAd } | undefined {
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
    return dayIn(account.timeZone, this.now());
  }

  private key(platform: Platform, campaignId: string): string {
    return `${platform}/${campaignId}`;
  }

  private setting(platform: Platform, campaign: SandboxCampaign, date: string): { status: SandboxStatus; dailyBudgetMinor: number } {
    let status = campaign.initialStatus;
    let dailyBudgetMinor = campaign.initialDailyBudgetMinor;
    for (const change of this.changes.get(this.key(platform, campaign.id)) ?? []) {
      if (change.fromDate > date) break;
      if (change.status) status = change.status;
      if (change.dailyBudgetMinor !== undefined) dailyBudgetMinor = change.dailyBudgetMinor;
    }
    return { status, dailyBudgetMinor };
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

  private record(platform: Platform, campaignId: string, change: Omit<Change, 'fromDate'>): void {
    const found = this.campaign(platform, campaignId);
    if (!found) throw new Error(`No campaign ${campaignId} on ${platform}`);
    const key = this.key(platform, campaignId);
    const list = this.changes.get(key) ?? [];
    list.push({ fromDate: this.today(found.account), ...change });
    list.sort((a, b) => a.fromDate.localeCompare(b.fromDate));
    this.changes.set(key, list);
    this.dayCache.clear();
  }

  /** Pauses or resumes from the account's current day on. */
  setStatus(platform: Platform, campaignId: string, status: SandboxStatus): void {
    this.record(platform, campaignId, { status });
  }

  /** Changes the daily budget from the account's current day on. */
  setDailyBudget(platform: Platform, campaignId: string, dailyBudgetMinor: number): void {
    if (!Number.isInteger(dailyBudgetMinor) || dailyBudgetMinor <= 0) throw new Error('Budget must be a positive whole number of minor units');
    this.record(platform, campaignId, { dailyBudgetMinor });
  }

  /** Per-ad metrics of one campaign-day, in the order of campaign.ads. */
  private adDays(platform: Platform, account: SandboxAccount, campaign: SandboxCampaign, date: string): DayMetrics[] {
    const cacheKey = `${platform}/${campaign.id}/${date}`;
    const cached = this.dayCache.get(cacheKey);
    if (cached) return cached;
    const result = this.computeAdDays(platform, account, campaign, date);
    this.dayCache.set(cacheKey, result);
    return result;
  }

  private computeAdDays(platform: Platform, account: SandboxAccount, campaign: SandboxCampaign, date: string): DayMetrics[] {
    const none = campaign.ads.map(() => ({ ...EMPTY }));
    if (date < campaign.startDate || date > this.today(account)) return none;
    const { status, dailyBudgetMinor } = this.setting(platform, campaign, date);
    if (status !== 'ACTIVE') return none;
    const age = daysBetween(campaign.startDate, date);
    const live = campaign.ads.map((ad) => age >= ad.launchOffsetDays);
    if (!live.some(Boolean)) return none;

    const r = (salt: string) => unit(this.seed, `${platform}/${campaign.id}/${date}:${salt}`);
    const weekday = WEEKDAY_FACTOR[new Date(`${date}T00:00:00Z`).getUTCDay()];
    // Delivery: most of the budget, shaped by the week; never above 125% of the day's budget.
    const utilisation = Math.min(1.25, (0.72 + r('util') * 0.2) * weekday);
    const anomaly = r('anomaly') < ANOMALY_RATE ? (r('anomalyKind') < 0.5 ? 0.15 : 2.4) : 1;
    const spend = Math.round(dailyBudgetMinor * utilisation);

    const fatigue = campaign.ads.map((ad) => {
      const running = Math.max(0, age - ad.launchOffsetDays);
      // Click-through decays towards 55% of fresh as the creative ages.
      return 0.55 + 0.45 * 0.5 ** (running / ad.fatigueHalfLifeDays);
    });
    const spends = splitInteger(
      spend,
      campaign.ads.map((ad, i) => (live[i] ? ad.weight : 0)),
    );
    const impressions = spends.map((s, i) => Math.round((s * 1000) / (campaign.cpmMinor * (0.92 + unit(this.seed, `${campaign.ads[i].id}/${date}:cpm`) * 0.16))));
    const clicks = impressions.map((imp, i) =>
      Math.round(imp * campaign.ctr * campaign.ads[i].quality * fatigue[i] * (0.9 + unit(this.seed, `${campaign.ads[i].id}/${date}:ctr`) * 0.2)),
    );

    // Conversions follow the hidden response curve of spend (diminishing returns), the week,
    // and the average freshness of what was shown; anomalies break the pattern.
    const { maxConversionsPerDay, halfSaturationSpendMinor, orderValueMinor } = campaign.truth;
    const liveFatigue = spends.reduce((sum, s, i) => sum + s * fatigue[i], 0) / Math.max(1, spend);
    const expected = ((maxConversionsPerDay * spend) / (halfSaturationSpendMinor + spend)) * weekday * liveFatigue * anomaly;
    const conversions = Math.max(0, Math.round(expected * (0.85 + r('conv') * 0.3)));
    const adConversions = splitInteger(conversions, clicks.map((c, i) => (live[i] ? c + 0.01 : 0)));
    return campaign.ads.map((ad, i) => ({
      spendMinor: spends[i],
      impressions: impressions[i],
      clicks: clicks[i],
      conversions: adConversions[i],
      conversionValueMinor: Math.round(adConversions[i] * orderValueMinor * (0.8 + unit(this.seed, `${ad.id}/${date}:aov`) * 0.4)),
    }));
  }

  /** One ad's day. */
  adDay(platform: Platform, adId: string, date: string): DayMetrics {
    const found = this.ad(platform, adId);
    if (!found) throw new Error(`No ad ${adId} on ${platform}`);
    const index = found.campaign.ads.indexOf(found.ad);
    return this.adDays(platform, found.account, found.campaign, date)[index];
  }

  /** One campaign's day: the exact sum of its ads. */
  campaignDay(platform: Platform, campaignId: string, date: string): DayMetrics {
    const found = this.campaign(platform, campaignId);
    if (!found) throw new Error(`No campaign ${campaignId} on ${platform}`);
    return sum(this.adDays(platform, found.account, found.campaign, date));
  }

  /**
   * Daily rows of an account for a range (inclusive), by campaign or by ad, only for days with
   * delivery, ordered by date then campaign then ad.
   */
  rows(platform: Platform, accountId: string, since: string, until: string, level: 'campaign' | 'ad'): ReportRow[] {
    const account = this.account(platform, accountId);
    if (!account) return [];
    const rows: ReportRow[] = [];
    for (const date of eachDay(since, until)) {
      for (const campaign of account.campaigns) {
        const ads = this.adDays(platform, account, campaign, date);
        if (level === 'campaign') {
          const metrics = sum(ads);
          if (metrics.impressions > 0 || metrics.spendMinor > 0) rows.push({ date, account, campaign, ad: null, metrics });
        } else {
          ads.forEach((metrics, i) => {
            if (metrics.impressions > 0 || metrics.spendMinor > 0) rows.push({ date, account, campaign, ad: campaign.ads[i], metrics });
          });
        }
      }
    }
    return rows;
  }

  /** The account's totals for a range: what a correct client's rows must add up to. */
  totals(platform: Platform, accountId: string, since: string, until: string): DayMetrics {
    return sum(this.rows(platform, accountId, since, until, 'campaign').map((row) => row.metrics));
  }
}

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
