import type { AdCreative } from '@shared/api/creative';
import type { Platform } from '@shared/constants';

/**
 * The contract every ad platform folder (google, meta, linkedin, x, tiktok) implements.
 * Platform wire shapes never leave src/server/platforms/<name>/: everything after map.ts
 * sees UnifiedMetricRow, PlatformAccount, PlatformCampaign and PlatformError only.
 */

/** One day of one campaign (adId null) or one ad, in unified units. */
export interface UnifiedMetricRow {
  /** The account's own calendar day, YYYY-MM-DD. */
  date: string;
  platform: Platform;
  /** The platform's account id as the platform writes it in URLs (act_123, 1234567890, 18ce54d4x5t ...). */
  accountId: string;
  campaignId: string;
  campaignName: string | null;
  /** null on campaign-level rows. */
  adId: string | null;
  adName: string | null;
  /** ISO 4217, upper case. */
  currency: string;
  /** Integer, minor units of `currency`. */
  spendMinor: number;
  impressions: number;
  clicks: number;
  /** May be fractional (Google attributes fractions). */
  conversions: number;
  /** Integer, minor units of `currency`. */
  conversionValueMinor: number;
  /**
   * The attribution setting the platform counted this row's conversions under, where the
   * platform reports it per row (Meta Insights `attribution_setting`). Absent elsewhere: those
   * platforms give it per conversion (PlatformClient.attribution).
   */
  attribution?: AttributionWindow;
}

/**
 * A conversion window as the platform reports it: conversions are platform-reported, counted
 * within `clickDays` of a click and `viewDays` of an impression. null: that kind of interaction
 * is not counted (or the platform did not say, as with Meta's "mixed").
 */
export interface AttributionWindow {
  clickDays: number | null;
  viewDays: number | null;
  /** Human wording ("7-day click, 1-day view"), prefixed with the conversion's name where the platform sets it per conversion. */
  label: string;
  /** Where it came from: the platform's field and value (`attribution_setting=7d_click_1d_view`). */
  source: string;
}

/** An ad account the token can reach. */
export interface PlatformAccount {
  /** As used in the platform's URLs (Meta: act_<digits>; Google: 10 digits, no dashes). */
  id: string;
  name: string;
  currency: string;
  /** IANA zone the platform reports days in. */
  timeZone: string;
}

export type CampaignStatus = 'ACTIVE' | 'PAUSED';

export interface PlatformCampaign {
  id: string;
  name: string;
  status: CampaignStatus;
  /** Daily budget in minor units of the account currency; null when the campaign has none of its own. */
  dailyBudgetMinor: number | null;
  currency: string;
}

/** One ad (Google: ad group ad; Meta: ad; LinkedIn: creative; X: promoted tweet; TikTok: ad). */
export interface PlatformAd {
  id: string;
  name: string;
  campaignId: string;
  /** The ad's own status, not its campaign's: an ACTIVE ad of a paused campaign does not deliver. */
  status: CampaignStatus;
  /** What the ad says and shows, as the platform lists it; null when the platform gave none (a dynamic or catalogue ad). */
  creative: AdCreative | null;
}

export type ReportLevel = 'campaign' | 'ad';

export interface ReportRequest {
  level: ReportLevel;
  /** Inclusive, YYYY-MM-DD in the account's time zone. */
  since: string;
  /** Inclusive, YYYY-MM-DD. */
  until: string;
}

/**
 * What went wrong at a platform, in one shape.
 * - rate_limited / unavailable: retryable; retryAfterMs from the platform's own signal when it gave one.
 * - auth_expired: the access token expired; refresh (where the platform can) and try again.
 * - revoked: the user or platform withdrew consent, or the refresh token is dead; the connection
 *   needs the user to reconnect. Never retried.
 * - permission / invalid / not_found: a request the platform will never accept as sent.
 */
export type PlatformErrorKind =
  'rate_limited' | 'unavailable' | 'auth_expired' | 'revoked' | 'permission' | 'invalid' | 'not_found';

export class PlatformError extends Error {
  readonly platform: Platform;
  readonly kind: PlatformErrorKind;
  readonly retryable: boolean;
  /** How long the platform asked us to wait, when it said. */
  readonly retryAfterMs: number | undefined;
  /** HTTP status, when there was a response. */
  readonly status: number | undefined;
  /** The platform's own error code (RESOURCE_EXHAUSTED, 17, TOO_MANY_REQUESTS, 40100 ...). */
  readonly code: string | undefined;
  /** The platform's request id, for support tickets with the platform. */
  readonly requestId: string | undefined;
  /**
   * The platform said the access token expired, as opposed to the grant being withdrawn. True for
   * every 'auth_expired'; also for a 'revoked' that only means "expired" on a platform without
   * refresh (TikTok 40102). One such answer may be a glitch: the connection is only marked for
   * reconnecting when it repeats (connections.ts).
   */
  readonly tokenExpired: boolean;

  constructor(init: {
    platform: Platform;
    kind: PlatformErrorKind;
    message: string;
    retryAfterMs?: number;
    status?: number;
    code?: string | number;
    requestId?: string;
    tokenExpired?: boolean;
  }) {
    super(init.message);
    this.name = 'PlatformError';
    this.platform = init.platform;
    this.kind = init.kind;
    this.retryable = init.kind === 'rate_limited' || init.kind === 'unavailable';
    this.retryAfterMs = init.retryAfterMs;
    this.status = init.status;
    this.code = init.code === undefined ? undefined : String(init.code);
    this.requestId = init.requestId;
    this.tokenExpired = init.kind === 'auth_expired' || init.tokenExpired === true;
  }

  /** The connection cannot be used until the user connects again. */
  get needsReconnect(): boolean {
    return this.kind === 'revoked';
  }
}

/**
 * Tokens of one connection. Kept encrypted at rest by the server; never logged, never sent
 * to the browser. `extra` carries platform specifics (X OAuth 1.0a token secret, TikTok
 * advertiser ids, Google login-customer-id ...).
 */
export interface TokenSet {
  accessToken: string;
  refreshToken?: string;
  /** When the access token stops working; null or absent: long-lived until revoked. */
  accessExpiresAt?: string | null;
  /** When the refresh token stops working (LinkedIn: 365 days from consent, not extended). */
  refreshExpiresAt?: string | null;
  scope?: string;
  extra?: Record<string, string>;
}

/** Where one platform lives and who we are to it. Built by settings.ts from config. */
export interface PlatformSettings {
  platform: Platform;
  /** 'sandbox' when no credentials are configured and the local emulator answers instead. */
  mode: 'sandbox' | 'live';
  clientId: string;
  clientSecret: string;
  /** Browser-facing consent page. */
  authorizeUrl: string;
  /** Server-to-server token endpoint. */
  tokenUrl: string;
  /** Where token revocation goes, when the platform has an endpoint for it. */
  revokeUrl?: string;
  /** API root including the version segment, no trailing slash (https://googleads.googleapis.com/v26). */
  apiBaseUrl: string;
  /** Version string where the platform wants it in a header (LinkedIn-Version: 202607). */
  apiVersion: string;
  /** Platform specifics: developerToken, loginCustomerId (Google); consumerKey, consumerSecret, authMode (X). */
  extra: Record<string, string>;
}

/** Start of the consent round trip. */
export interface AuthorizeRequest {
  state: string;
  redirectUri: string;
  /** S256 challenge; passed only to platforms whose `usesPkce` is true. */
  codeChallenge?: string;
}

/** What came back on the OAuth callback query, already checked for `state` by the caller. */
export interface CallbackParams {
  /** The code (TikTok calls it auth_code; oauth.ts reads the right field). */
  code: string;
  redirectUri: string;
  codeVerifier?: string;
}

export interface PlatformOAuth {
  /** Whether the authorize URL carries a PKCE challenge and the exchange a verifier. */
  readonly usesPkce: boolean;
  authorizeUrl(request: AuthorizeRequest): string;
  /** Reads the code out of the callback query (code, auth_code ...); undefined when the user denied. */
  codeFromCallback(query: Record<string, string | undefined>): string | undefined;
  /** Exchanges the code, then does the platform's own step to stay connected (Meta: long-lived exchange). */
  exchangeCode(params: CallbackParams): Promise<TokenSet>;
  /**
   * Renews an expiring or expired access token. Throws PlatformError kind 'revoked' when it
   * cannot (refresh token dead, consent withdrawn, platform without refresh).
   */
  refresh(tokens: TokenSet): Promise<TokenSet>;
  /** Whether the access token should be renewed before use (expires within the margin). */
  needsRefresh(tokens: TokenSet, now: Date): boolean;
  /** Withdraws the grant at the platform; a token already dead is not an error. */
  revoke(tokens: TokenSet): Promise<void>;
}

/**
 * Where a client gets its tokens. The server's implementation decrypts them from the database
 * and, on refresh, stores the new ones before handing them out.
 */
export interface TokenProvider {
  current(): Promise<TokenSet>;
  /** Called after the platform said the token expired; resolves to fresh tokens or throws 'revoked'. */
  refreshed(): Promise<TokenSet>;
}

export interface PlatformClient {
  listAccounts(): Promise<PlatformAccount[]>;
  listCampaigns(account: PlatformAccount): Promise<PlatformCampaign[]>;
  /** Daily rows for every campaign (or ad) with activity in the range; paging and async jobs handled inside. */
  report(account: PlatformAccount, request: ReportRequest): Promise<UnifiedMetricRow[]>;
  setCampaignStatus(account: PlatformAccount, campaignId: string, status: CampaignStatus): Promise<void>;
  /**
   * Sets the campaign's daily budget, in minor units of the account currency, on the platform's
   * own budget object (Google: the campaign's CampaignBudget amount_micros; Meta: the campaign's
   * daily_budget; LinkedIn: the campaign's dailyBudget {amount, currencyCode}; X: the campaign's
   * daily_budget_amount_local_micro; TikTok: the campaign's budget, only in BUDGET_MODE_DAY).
   * An unknown campaign is a PlatformError 'not_found'; a budget that is not a positive whole
   * number, or that the platform refuses, is 'invalid' (the platform's message when it answered).
   */
  setCampaignDailyBudget(account: PlatformAccount, campaignId: string, amountMinor: number): Promise<void>;
  /** Every ad of the account with its own status (not the campaign's). */
  listAds(account: PlatformAccount): Promise<PlatformAd[]>;
  /**
   * Pauses or resumes one ad (Google: the ad group ad; Meta: the ad; LinkedIn: the creative;
   * X: the promoted tweet; TikTok: the ad). An unknown ad is a PlatformError 'not_found'.
   */
  setAdStatus(account: PlatformAccount, adId: string, status: CampaignStatus): Promise<void>;
  /**
   * The conversion windows the account counts its conversions under, one per conversion setting
   * the platform has (Google: conversion action; LinkedIn: conversion rule; TikTok: ad group;
   * X: web event tag), de-duplicated. Meta has none of its own: its setting comes on the
   * Insights rows (UnifiedMetricRow.attribution). Optional so test doubles need not implement it.
   */
  attribution?(account: PlatformAccount): Promise<AttributionWindow[]>;
}

/** One HTTP exchange with a platform, as told to the runtime's observer (metrics). */
export interface PlatformCallEvent {
  platform: Platform;
  /** 'error': no answer (network failure, timeout) or an answer the client turned into a PlatformError. */
  outcome: 'ok' | 'error';
  kind?: PlatformError['kind'];
  /** HTTP status, when there was an answer. */
  status?: number;
  /** From sending the request to having read the whole body (or giving up). */
  durationMs: number;
}

/** Watches platform traffic; its exceptions are swallowed, so it can never break a call. */
export type PlatformCallObserver = {
  call(event: PlatformCallEvent): void;
  /** A retry withRetry is about to make, with the kind of error that caused it. */
  retry(event: { platform: Platform; kind: PlatformError['kind'] }): void;
};

/** Injected into clients so tests decide how waiting and time work. */
export interface ClientRuntime {
  /** Must honour `init.signal`: the request timeout aborts through it. */
  fetch: typeof fetch;
  /** Waits between retries; tests record the waits instead of sleeping. */
  sleep: (ms: number) => Promise<void>;
  now: () => Date;
  /** Attempts per request, first one included (default 4). */
  maxAttempts?: number;
  /** Longest single wait a client does itself; a longer retry-after is thrown to the caller (default 60 s). */
  maxWaitMs?: number;
  /**
   * Longest one request may take, connecting, waiting for the answer and reading its body
   * included (default 30 s). A request that runs out fails as a retryable 'unavailable'.
   */
  timeoutMs?: number;
  /**
   * Budget of one call with all its retries: waits plus time spent in attempts. A retry is only
   * started when it could still finish inside it (default 2 × timeoutMs + maxWaitMs; see withRetry).
   */
  deadlineMs?: number;
  /** Told about every HTTP exchange and every retry (metrics). */
  observe?: PlatformCallObserver;
}

/** One platform's whole integration, as the server uses it. */
export interface PlatformAdapter {
  platform: Platform;
  oauth(settings: PlatformSettings, runtime: ClientRuntime): PlatformOAuth;
  client(settings: PlatformSettings, tokens: TokenProvider, runtime: ClientRuntime): PlatformClient;
}
