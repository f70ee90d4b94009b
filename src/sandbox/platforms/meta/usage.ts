import type { SandboxAccount } from '@sandbox/world';

/**
 * Meta's business-use-case (BUC) rate limiting for one sandbox: calls per ad account and use
 * case over a rolling hour, reported on every ad-account call in the X-Business-Use-Case-Usage
 * header as percentages of the quota, and a throttle once a use case reaches 100%.
 */

export type UseCase = 'ads_management' | 'ads_insights';

export const BUC_HEADER = 'x-business-use-case-usage';
const WINDOW_MS = 60 * 60 * 1000;
/** The access tier the sandbox app has; Meta's quotas depend on it. */
export const ACCESS_TIER = 'standard_access';
/** Hourly quota per ad account at standard access: base + per active ad (research 2.5). */
const QUOTA: Record<UseCase, { base: number; perActiveAd: number }> = {
  ads_management: { base: 100_000, perActiveAd: 40 },
  ads_insights: { base: 190_000, perActiveAd: 400 },
};

/** Throttle codes per use case, as Graph sends them. */
export const THROTTLE_ERRORS: Record<UseCase, { code: number; message: string }> = {
  ads_management: {
    code: 80004,
    message: '(#80004) There have been too many calls to this ad-account. Wait a bit and try again.',
  },
  ads_insights: {
    code: 80000,
    message: '(#80000) There have been too many calls from this ad-account. Wait a bit and try again.',
  },
};
/** Subcode Graph attaches to request-limit errors. */
export const THROTTLE_SUBCODE = 2446079;

export interface UsageReport {
  /** The header value (a JSON string). */
  header: string;
  throttled: boolean;
}

/** The Business Manager id that owns an ad account; the sandbox derives one from the account id. */
export function businessIdOf(account: SandboxAccount): string {
  return `10${account.id.replace(/^act_/, '').slice(0, 13)}`;
}

/**
 * The header body for one use case. `estimated_time_to_regain_access` is in whole MINUTES, as
 * Meta documents it: shorter waits show as 0 and the client falls back to its own backoff.
 */
export function usageHeader(account: SandboxAccount, type: UseCase, percent: number, regainSeconds: number): string {
  return JSON.stringify({
    [businessIdOf(account)]: [
      {
        type,
        call_count: percent,
        total_cputime: Math.floor(percent / 2),
        total_time: Math.floor(percent / 2),
        estimated_time_to_regain_access: Math.floor(regainSeconds / 60),
        ads_api_access_tier: ACCESS_TIER,
      },
    ],
  });
}

export class BusinessUsage {
  private readonly calls = new Map<string, number[]>();

  constructor(private readonly now: () => Date) {}

  /** Counts one call of `type` on `account` and reports the usage after it. */
  record(account: SandboxAccount, type: UseCase): UsageReport {
    const now = this.now().getTime();
    const key = `${account.id}/${type}`;
    const recent = (this.calls.get(key) ?? []).filter((at) => at > now - WINDOW_MS);
    recent.push(now);
    this.calls.set(key, recent);
    const activeAds = account.campaigns.reduce((count, campaign) => count + campaign.ads.length, 0);
    const quota = QUOTA[type].base + QUOTA[type].perActiveAd * activeAds;
    const percent = Math.min(100, Math.ceil((recent.length * 100) / quota));
    const throttled = recent.length > quota;
    const regainSeconds = throttled ? Math.ceil((recent[0] + WINDOW_MS - now) / 1000) : 0;
    return { header: usageHeader(account, type, percent, regainSeconds), throttled };
  }
}
