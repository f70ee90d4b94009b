import { type Platform, PLATFORM_LABELS, PLATFORMS } from './constants';

/**
 * What Adwise does with each ad platform, in words for the public pages (Integrations, Home,
 * Features). Every statement here describes the real integration in src/server/platforms and
 * src/server/modules (sync, dashboard, adAccounts); platformInfo.test.ts holds them to it.
 */

/** A new connection first reads this many days of history, today included (the sync's backfill). */
export const SYNC_BACKFILL_DAYS = 90;
/** After the backfill, every connection is synced again once an hour, unless its workspace chose another cadence. */
export const SYNC_INTERVAL_HOURS = 1;
/** The cadences a workspace may choose, in minutes: from every 15 minutes to once a day. */
export const SYNC_INTERVAL_MINUTES = { min: 15, default: SYNC_INTERVAL_HOURS * 60, max: 24 * 60 } as const;
/** Each hourly sync re-reads this many recent days, because platforms restate them (late conversions arrive for up to a week). */
export const SYNC_RESTATEMENT_DAYS = 8;

/** A Connect round trip must come back from the platform within this many minutes, or it is refused. */
export const OAUTH_STATE_TTL_MINUTES = 10;

/** The daily figures read from every platform, for each campaign and each ad. */
export const SYNCED_METRICS = ['Spend', 'Impressions', 'Clicks', 'Conversions', 'Conversion value'] as const;
/** Figures Adwise works out from the synced ones rather than reading them. */
export const DERIVED_METRICS = ['CTR (clicks ÷ impressions)', 'CPC (spend ÷ clicks)'] as const;
/** What is read about each campaign besides its metrics. */
export const CAMPAIGN_DETAILS = ['Name', 'Status (active or paused)', 'Daily budget'] as const;

/** How the sync runs, in the order a connection meets it. */
export const SYNC_STEPS = [
  `On connecting, the last ${SYNC_BACKFILL_DAYS} days are read (the backfill).`,
  `Then every hour, the last ${SYNC_RESTATEMENT_DAYS} days are read again, because platforms correct recent figures.`,
  'The Refresh button on the dashboard asks for a sync straight away.',
] as const;

/** What the server keeps of a connection. */
export const STORED_DATA = [
  'The access and refresh tokens the platform issues, encrypted at rest and never sent to your browser.',
  "The ad accounts you granted: the platform's account id, name, currency and time zone.",
  'Campaign and ad names, status and daily budget, and the daily metrics listed for each platform.',
] as const;

/** Ways to end a connection. */
export const REVOKE_STEPS = [
  'In Connected Ad Accounts, press Disconnect and confirm with the one-time code we e-mail you. The account and its synced data are removed, and when it was the last account of that sign-in Adwise also withdraws its access at the platform.',
  "Or withdraw Adwise's access at the platform itself; Adwise then marks the connection as needing a reconnect and stops syncing it.",
] as const;

/** One platform, as the public pages describe it. */
export interface PlatformInfo {
  platform: Platform;
  /** Display name (PLATFORM_LABELS). */
  label: string;
  /** One line on what the platform is, for cards and lists. */
  summary: string;
  /** What the platform calls the accounts Adwise reads. */
  accounts: string;
  /** The report levels synced, in the platform's own words. */
  levels: readonly [campaign: string, ad: string];
  /** How conversions and their value are counted. */
  conversions: string;
  /** What can be changed at the platform from Adwise. */
  changes: readonly string[];
  /** Where you say yes: the platform's own consent page. */
  consent: string;
  /** The permissions (OAuth scopes) asked for; empty when the platform sets them on the app, not in the request. */
  scopes: readonly string[];
  /** Whether the OAuth round trip uses PKCE (an S256 code challenge) besides the single-use state. */
  pkce: boolean;
  /** How long the access lasts, and what renews it. */
  tokenLife: string;
  /** Where at the platform the access can be withdrawn. */
  revokeAt: string;
  /** Anything particular about connecting this platform. */
  note?: string;
}

/** Every change Adwise makes at a platform goes through the dashboard's campaign table. */
const PAUSE_RESUME =
  "Pause and resume campaigns from the dashboard's Campaign Overview; the change is made at the platform.";

/** The five platforms, keyed by platform. */
export const PLATFORM_INFO: Record<Platform, PlatformInfo> = {
  meta: {
    platform: 'meta',
    label: PLATFORM_LABELS.meta,
    summary: 'Facebook and Instagram ads through the Meta Marketing API.',
    accounts: 'Meta ad accounts',
    levels: ['Campaigns', 'Ads'],
    conversions: 'Purchases as Meta reports them, counted once across web, app and offline, with their value.',
    changes: [PAUSE_RESUME],
    consent: 'Facebook Login, where you grant Adwise access to your ad accounts.',
    scopes: ['ads_read', 'ads_management', 'business_management'],
    pkce: false,
    tokenLife:
      'Meta has no refresh tokens: Adwise exchanges the short-lived token for a 60-day one and renews it while it still works. Once it lapses, you connect again.',
    revokeAt: 'Facebook settings, under Business Integrations.',
  },
  google: {
    platform: 'google',
    label: PLATFORM_LABELS.google,
    summary: 'Google Ads campaigns through the Google Ads API.',
    accounts: 'Google Ads customer accounts (manager accounts are skipped: they have no metrics of their own)',
    levels: ['Campaigns', 'Ads'],
    conversions: 'Conversions and conversion value as Google Ads counts them, fractions included.',
    changes: [PAUSE_RESUME],
    consent: "Google's sign-in page, where you allow access to Google Ads.",
    scopes: ['https://www.googleapis.com/auth/adwords'],
    pkce: true,
    tokenLife: 'One-hour access tokens, renewed with a refresh token that lasts until you revoke it.',
    revokeAt: 'Your Google Account, under third-party apps and services.',
    note: 'If your Google login reaches no ad account yet, an invitation is usually waiting: accept it in Google Ads under Admin > Access and Security, then connect again.',
  },
  linkedin: {
    platform: 'linkedin',
    label: PLATFORM_LABELS.linkedin,
    summary: 'Campaign Manager campaigns through the LinkedIn Marketing API.',
    accounts: 'LinkedIn Campaign Manager ad accounts',
    levels: ['Campaigns', 'Creatives'],
    conversions: "External website conversions and their value in the account's currency.",
    changes: [PAUSE_RESUME],
    consent: "LinkedIn's sign-in page, where you allow access to your ad accounts.",
    scopes: ['r_ads', 'rw_ads', 'r_ads_reporting'],
    pkce: false,
    tokenLife:
      '60-day access tokens. Where LinkedIn grants a refresh token it ends 365 days after you consent; after that you connect again.',
    revokeAt: 'LinkedIn settings, under Data privacy (permitted services).',
  },
  x: {
    platform: 'x',
    label: PLATFORM_LABELS.x,
    summary: 'Promoted posts on X (Twitter) through the X Ads API.',
    accounts: 'X Ads accounts',
    levels: ['Campaigns', 'Promoted posts'],
    conversions: 'Purchases attributed to post views and engagements, with their sale amount.',
    changes: [PAUSE_RESUME],
    consent: "X's authorization page, where you allow Adwise to read and manage your ads.",
    scopes: ['ads.read', 'ads.write', 'offline.access'],
    pkce: true,
    tokenLife: 'Short-lived access tokens (about two hours) with a refresh token that is replaced on every use.',
    revokeAt: 'X settings, under connected apps.',
  },
  tiktok: {
    platform: 'tiktok',
    label: PLATFORM_LABELS.tiktok,
    summary: 'TikTok ad campaigns through the TikTok API for Business.',
    accounts: 'TikTok advertiser accounts',
    levels: ['Campaigns', 'Ads'],
    conversions: "Conversions of each ad group's optimisation event, with the value of completed payments.",
    changes: [PAUSE_RESUME],
    consent: "TikTok for Business's authorization page, where you pick the advertiser accounts to share.",
    scopes: [],
    pkce: false,
    tokenLife: 'A long-term advertiser token with no expiry and no refresh: it works until you revoke it.',
    revokeAt: "TikTok for Business, where the advertiser account's authorised apps are managed.",
  },
};

/** The five platforms' entries, in the product's order. */
export const PLATFORM_INFO_LIST: readonly PlatformInfo[] = PLATFORMS.map((platform) => PLATFORM_INFO[platform]);

/** How the OAuth round trip is protected on `info`'s platform, in one sentence. */
export function connectionSecurity(info: PlatformInfo): string {
  return info.pkce
    ? 'OAuth 2.0 with a single-use state and PKCE, so the code is useless to anyone who intercepts it.'
    : "OAuth 2.0 with a single-use state; the code is exchanged server-side with Adwise's app secret.";
}
