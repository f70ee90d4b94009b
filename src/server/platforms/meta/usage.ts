import { type ClientRuntime, PlatformError } from '../types';
import { BUC_USAGE_HEADER } from './errors';

/**
 * Meta's usage headers read on successful answers, so a connection slows down before Graph
 * throttles it rather than after. Graph reports how much of each quota is used, as percentages:
 * - X-App-Usage: {"call_count", "total_cputime", "total_time"} (the app's platform limit);
 * - X-Ad-Account-Usage: {"acc_id_util_pct", "reset_time_duration" (seconds), "ads_api_access_tier"};
 * - X-Business-Use-Case-Usage: {"<business id>": [{"type", "call_count", "total_cputime",
 *   "total_time", "estimated_time_to_regain_access" (minutes)}]}.
 * A throttled Graph answer costs a failed call and, for some use cases, a longer block, so from
 * PACE_FROM_PERCENT on each next call waits a little, more as usage grows; at 100% (or when Meta
 * already names a time to regain access) the next call is not sent before that time.
 */

export const APP_USAGE_HEADER = 'x-app-usage';
export const AD_ACCOUNT_USAGE_HEADER = 'x-ad-account-usage';
/** Usage from which calls are paced. */
export const PACE_FROM_PERCENT = 75;
/** The pause before a call at 99% usage; it grows linearly from 0 at PACE_FROM_PERCENT. */
export const PACE_MAX_MS = 10_000;
/** How long to hold off at 100% when Meta names no time (its rolling windows are an hour; a minute is a cautious step). */
export const FULL_USAGE_WAIT_MS = 60_000;

export interface UsageReading {
  /** The highest percentage any header reported, 0 when none did. */
  percent: number;
  /** Meta's own wait before the quota is usable again, in ms, when it named one. */
  regainMs?: number;
}

function parseJson(value: string | null): unknown {
  if (!value) return undefined;
  try {
    return JSON.parse(value);
  } catch {
    return undefined;
  }
}

const PERCENT_FIELDS = ['call_count', 'total_cputime', 'total_time', 'acc_id_util_pct'] as const;

function highestPercent(entry: unknown): number {
  if (!entry || typeof entry !== 'object') return 0;
  let highest = 0;
  for (const field of PERCENT_FIELDS) {
    const value = Number((entry as Record<string, unknown>)[field]);
    if (Number.isFinite(value)) highest = Math.max(highest, value);
  }
  return highest;
}

/** The combined reading of the three usage headers of one answer. */
export function readUsage(headers: Headers): UsageReading {
  let percent = 0;
  let regainMs: number | undefined;
  const longer = (ms: number) => {
    if (ms > 0) regainMs = Math.max(regainMs ?? 0, ms);
  };

  percent = Math.max(percent, highestPercent(parseJson(headers.get(APP_USAGE_HEADER))));

  const account = parseJson(headers.get(AD_ACCOUNT_USAGE_HEADER));
  const accountPercent = highestPercent(account);
  percent = Math.max(percent, accountPercent);
  // reset_time_duration is when the account's window resets; it only matters once the quota is full.
  const reset = Number((account as { reset_time_duration?: unknown } | undefined)?.reset_time_duration);
  if (accountPercent >= 100 && Number.isFinite(reset)) longer(reset * 1000);

  const business = parseJson(headers.get(BUC_USAGE_HEADER));
  if (business && typeof business === 'object') {
    for (const entries of Object.values(business as Record<string, unknown>)) {
      for (const entry of Array.isArray(entries) ? entries : []) {
        percent = Math.max(percent, highestPercent(entry));
        const minutes = Number(
          (entry as { estimated_time_to_regain_access?: unknown }).estimated_time_to_regain_access,
        );
        if (Number.isFinite(minutes)) longer(minutes * 60_000);
      }
    }
  }
  return { percent, regainMs };
}

/** The pause before the next call at this usage below 100%: 0 under PACE_FROM_PERCENT, then linear up to PACE_MAX_MS. */
export function paceDelayMs(percent: number): number {
  if (percent < PACE_FROM_PERCENT) return 0;
  const share = Math.min(1, (percent - PACE_FROM_PERCENT) / (100 - PACE_FROM_PERCENT));
  return Math.round(share * PACE_MAX_MS);
}

/**
 * The pacing state of one connection's client. `record` takes each successful answer's headers;
 * `beforeCall` runs before every request: it sleeps the pacing delay, or, when the quota is
 * spent, throws Meta's usual retryable rate-limited error with the wait as retryAfterMs, so the
 * retry loop sleeps it or hands it to the sync engine when it is longer than a client may wait.
 * The block is handed over once: after that wait the next answer's headers decide again.
 */
export class UsagePacer {
  private delayMs = 0;
  private blockedUntil: number | undefined;

  constructor(private readonly runtime: ClientRuntime) {}

  record(headers: Headers): void {
    const reading = readUsage(headers);
    const now = this.runtime.now().getTime();
    if (reading.regainMs !== undefined) {
      this.blockedUntil = now + reading.regainMs;
    } else if (reading.percent >= 100) {
      this.blockedUntil = now + FULL_USAGE_WAIT_MS;
    } else {
      this.blockedUntil = undefined;
    }
    this.delayMs = paceDelayMs(reading.percent);
  }

  async beforeCall(): Promise<void> {
    if (this.blockedUntil !== undefined) {
      const waitMs = this.blockedUntil - this.runtime.now().getTime();
      this.blockedUntil = undefined;
      this.delayMs = 0;
      if (waitMs > 0) {
        throw new PlatformError({
          platform: 'meta',
          kind: 'rate_limited',
          code: 'usage',
          message: `Meta reports this connection's quota as used up; waiting ${Math.ceil(waitMs / 1000)} s before the next call`,
          retryAfterMs: waitMs,
        });
      }
    }
    if (this.delayMs > 0) await this.runtime.sleep(this.delayMs);
  }
}
