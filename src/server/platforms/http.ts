import type { Platform } from '@shared/constants';

import {
  type ClientRuntime,
  type PlatformCallEvent,
  type PlatformCallObserver,
  PlatformError,
  type TokenProvider,
  type TokenSet,
} from './types';

/**
 * The HTTP plumbing every platform client shares: one request under a timeout, its response read
 * once, and the retry loop that honours the platform's own wait signal, refreshes an expired
 * token once, never retries what cannot succeed, and stops when the call's budget is spent.
 */

export const DEFAULT_MAX_ATTEMPTS = 4;
export const DEFAULT_MAX_WAIT_MS = 60_000;
export const DEFAULT_TIMEOUT_MS = 30_000;
/** Full timeouts one call may spend besides its longest wait, by default (see withRetry). */
const DEADLINE_TIMEOUTS = 2;
export const TIMEOUT_CODE = 'timeout';
const BACKOFF_BASE_MS = 500;
const BACKOFF_CAP_MS = 30_000;

export interface HttpRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  url: string;
  headers?: Record<string, string>;
  /** A string is sent as is; URLSearchParams as a form; any other object as JSON. */
  body?: string | URLSearchParams | object;
}

export interface HttpResponse {
  status: number;
  headers: Headers;
  /** Parsed JSON, or undefined when the body was empty or not JSON. */
  json: unknown;
  text: string;
}

/**
 * A real runtime: global fetch, real timers, the system clock; timeouts and observer from the
 * server's config. `sleep` replaces the real timer for the waits between calls (tests).
 */
export function createRuntime(
  options: {
    timeoutMs?: number;
    deadlineMs?: number;
    observe?: PlatformCallObserver;
    sleep?: ClientRuntime['sleep'];
  } = {},
): ClientRuntime {
  return {
    fetch: (input, init) => fetch(input, init),
    sleep: options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))),
    now: () => new Date(),
    timeoutMs: options.timeoutMs,
    deadlineMs: options.deadlineMs,
    observe: options.observe,
  };
}

/** The real runtime with the default timeouts and no observer. */
export const realRuntime: ClientRuntime = createRuntime();

/** How long one request of this runtime may take. */
export function requestTimeoutMs(runtime: ClientRuntime): number {
  return runtime.timeoutMs ?? DEFAULT_TIMEOUT_MS;
}

/** A request the platform did not finish answering in time: retryable, like any outage. */
export function timeoutError(platform: Platform, timeoutMs: number): PlatformError {
  return new PlatformError({
    platform,
    kind: 'unavailable',
    code: TIMEOUT_CODE,
    message: `${platform} did not answer within ${timeoutMs / 1000} s`,
  });
}

/** Tells the observer about one exchange; metrics must never fail the call they measure. */
export function observeCall(runtime: ClientRuntime, event: PlatformCallEvent): void {
  try {
    runtime.observe?.call(event);
  } catch {
    // Swallowed on purpose: see above.
  }
}

function observeRetry(runtime: ClientRuntime, error: PlatformError): void {
  try {
    runtime.observe?.retry({ platform: error.platform, kind: error.kind });
  } catch {
    // Swallowed on purpose, like observeCall.
  }
}

/**
 * Fetches and reads the body under one timeout: a platform that sends headers and then stalls
 * holds us as long as one that never answers. Network failures and timeouts become a retryable
 * 'unavailable' PlatformError and are reported to the observer; an answer is the caller's to judge.
 */
export async function fetchWithin<T>(
  runtime: ClientRuntime,
  platform: Platform,
  url: string,
  init: RequestInit,
  read: (response: Response) => Promise<T>,
): Promise<{ response: Response; body: T }> {
  const timeoutMs = requestTimeoutMs(runtime);
  const signal = AbortSignal.timeout(timeoutMs);
  const startedAt = performance.now();
  try {
    const response = await runtime.fetch(url, { ...init, signal });
    return { response, body: await read(response) };
  } catch (error) {
    const failure = signal.aborted
      ? timeoutError(platform, timeoutMs)
      : new PlatformError({
          platform,
          kind: 'unavailable',
          message: `Could not reach ${platform}: ${error instanceof Error ? error.message : String(error)}`,
        });
    observeCall(runtime, { platform, outcome: 'error', kind: failure.kind, durationMs: performance.now() - startedAt });
    throw failure;
  }
}

/**
 * Sends one request and reads its answer, whatever the status. Network failures and timeouts
 * become a retryable 'unavailable' PlatformError.
 */
export function send(runtime: ClientRuntime, platform: Platform, request: HttpRequest): Promise<HttpResponse> {
  return sendChecked(runtime, platform, request, () => undefined);
}

/** Sends the request and turns a platform failure into a PlatformError through `toError`. */
export async function sendChecked(
  runtime: ClientRuntime,
  platform: Platform,
  request: HttpRequest,
  toError: (response: HttpResponse, now: Date) => PlatformError | undefined,
): Promise<HttpResponse> {
  const startedAt = performance.now();
  const response = await exchange(runtime, platform, request);
  const error = toError(response, runtime.now());
  observeCall(runtime, {
    platform,
    outcome: error ? 'error' : 'ok',
    kind: error?.kind,
    status: response.status,
    durationMs: performance.now() - startedAt,
  });
  if (error) throw error;
  return response;
}

/** One request with its body encoded, and its answer read and parsed. */
async function exchange(runtime: ClientRuntime, platform: Platform, request: HttpRequest): Promise<HttpResponse> {
  const headers: Record<string, string> = { accept: 'application/json', ...request.headers };
  let body: string | undefined;
  if (request.body instanceof URLSearchParams) {
    body = request.body.toString();
    headers['content-type'] ??= 'application/x-www-form-urlencoded';
  } else if (typeof request.body === 'string') {
    body = request.body;
  } else if (request.body !== undefined) {
    body = JSON.stringify(request.body);
    headers['content-type'] ??= 'application/json';
  }
  const { response, body: text } = await fetchWithin(
    runtime,
    platform,
    request.url,
    { method: request.method, headers, body },
    (answer) => answer.text(),
  );
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, json, text };
}

/**
 * The wait before try or check number `n` (1, 2, …): `firstMs`, doubling up to `capMs`. Report
 * jobs' status checks wait this (Meta's report runs, X's analytics jobs): a small job is often done
 * within a second or two, so a fixed wait as long as the cap held every refresh for seconds the job
 * did not need, while a long job still costs one check per `capMs`, plus a few quick ones at the
 * start. Retries wait it jittered (backoffMs).
 */
export function doublingDelayMs(n: number, schedule: { firstMs: number; capMs: number }): number {
  return Math.min(schedule.capMs, schedule.firstMs * 2 ** (n - 1));
}

/** Exponential backoff with jitter for attempt 1, 2, 3 ... when the platform gave no wait. */
export function backoffMs(attempt: number, random: () => number = Math.random): number {
  const exponential = doublingDelayMs(attempt, { firstMs: BACKOFF_BASE_MS, capMs: BACKOFF_CAP_MS });
  return Math.round(exponential / 2 + random() * (exponential / 2));
}

/** Parses a Retry-After header (seconds or an HTTP date) into milliseconds from `now`. */
export function retryAfterHeaderMs(value: string | null, now: Date): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now.getTime());
}

/** A Google-style duration ("30s", "1.5s") in milliseconds. */
export function durationMs(value: unknown): number | undefined {
  if (typeof value !== 'string') return undefined;
  const match = /^(\d+(?:\.\d+)?)s$/.exec(value.trim());
  return match ? Math.round(Number(match[1]) * 1000) : undefined;
}

/**
 * Runs `attempt` until it succeeds or fails for good:
 * - retryable errors wait the platform's retryAfterMs, else exponential backoff, at most
 *   maxAttempts tries; a wait longer than maxWaitMs is not slept but thrown to the caller
 *   (the sync engine reschedules the work for then);
 * - 'auth_expired' asks the token provider for fresh tokens once, then tries again;
 * - everything else is thrown at once.
 *
 * The call's deadline bounds it as a whole: a retry is only started when its wait plus one full
 * request timeout still fits in what is left, else the last error is thrown, so the call ends
 * inside the deadline (an attempt being one request). Spent time is the attempts' measured time
 * plus the waits asked for, counted rather than measured because tests' sleeps return at once.
 * The default, two timeouts plus the longest wait, still lets a retry-after up to maxWaitMs be
 * slept, and against a platform that stalls allows three attempts (about 90 s with the defaults).
 */
export async function withRetry<T>(
  runtime: ClientRuntime,
  attempt: (attemptNumber: number) => Promise<T>,
  onAuthExpired?: () => Promise<void>,
): Promise<T> {
  const maxAttempts = runtime.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  const maxWaitMs = runtime.maxWaitMs ?? DEFAULT_MAX_WAIT_MS;
  const timeoutMs = requestTimeoutMs(runtime);
  const deadlineMs = runtime.deadlineMs ?? DEADLINE_TIMEOUTS * timeoutMs + maxWaitMs;
  let spentMs = 0;
  let refreshed = false;
  for (let number = 1; ; number += 1) {
    const startedAt = performance.now();
    try {
      return await attempt(number);
    } catch (error) {
      spentMs += performance.now() - startedAt;
      if (!(error instanceof PlatformError)) throw error;
      if (error.kind === 'auth_expired' && onAuthExpired && !refreshed) {
        refreshed = true;
        observeRetry(runtime, error);
        await onAuthExpired();
        continue;
      }
      if (!error.retryable || number >= maxAttempts) throw error;
      const wait = error.retryAfterMs ?? backoffMs(number);
      if (wait > maxWaitMs || spentMs + wait + timeoutMs > deadlineMs) throw error;
      observeRetry(runtime, error);
      await runtime.sleep(wait);
      spentMs += wait;
    }
  }
}

/**
 * Runs an API call with the connection's tokens: the current tokens first, refreshed ones once
 * after the platform says they expired, with withRetry's waiting rules around it.
 */
export async function callWithTokens<T>(
  runtime: ClientRuntime,
  tokens: TokenProvider,
  call: (current: TokenSet) => Promise<T>,
): Promise<T> {
  let current: TokenSet | undefined;
  return withRetry(
    runtime,
    async () => call((current ??= await tokens.current())),
    async () => {
      current = await tokens.refreshed();
    },
  );
}

/** Default status mapping for platforms that signal errors by HTTP status. */
export function kindForStatus(status: number): PlatformError['kind'] {
  if (status === 429) return 'rate_limited';
  if (status >= 500) return 'unavailable';
  if (status === 401) return 'auth_expired';
  if (status === 403) return 'permission';
  if (status === 404) return 'not_found';
  return 'invalid';
}

/** Random url-safe text for state, PKCE verifiers and sandbox ids. */
export function randomToken(bytes = 32): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(bytes))).toString('base64url');
}

/** The S256 PKCE challenge of a verifier. */
export async function pkceChallenge(verifier: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return Buffer.from(digest).toString('base64url');
}
