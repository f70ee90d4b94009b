import type { Platform } from '@shared/constants';
import { PlatformError, type ClientRuntime, type TokenProvider, type TokenSet } from './types';

/**
 * The HTTP plumbing every platform client shares: one request, its response read once, and
 * the retry loop that honours the platform's own wait signal, refreshes an expired token once,
 * and never retries what cannot succeed.
 */

export const DEFAULT_MAX_ATTEMPTS = 4;
export const DEFAULT_MAX_WAIT_MS = 60_000;
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

/** The real runtime: global fetch, real timers, the system clock. */
export const realRuntime: ClientRuntime = {
  fetch: (input, init) => fetch(input, init),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  now: () => new Date(),
};

/** Sends one request. Network failures become a retryable 'unavailable' PlatformError. */
export async function send(runtime: ClientRuntime, platform: Platform, request: HttpRequest): Promise<HttpResponse> {
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
  let response: Response;
  try {
    response = await runtime.fetch(request.url, { method: request.method, headers, body });
  } catch (error) {
    throw new PlatformError({
      platform,
      kind: 'unavailable',
      message: `Could not reach ${platform}: ${error instanceof Error ? error.message : String(error)}`,
    });
  }
  const text = await response.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, json, text };
}

/** Exponential backoff with jitter for attempt 1, 2, 3 ... when the platform gave no wait. */
export function backoffMs(attempt: number, random: () => number = Math.random): number {
  const exponential = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** (attempt - 1));
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
 */
export async function withRetry<T>(
  runtime: ClientRuntime,
  attempt: (attemptNumber: number) => Promise<T>,
  onAuthExpired?: () => Promise<void>,
): Promise<T> {
  const maxAttempts = runtime.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  const maxWaitMs = runtime.maxWaitMs ?? DEFAULT_MAX_WAIT_MS;
  let refreshed = false;
  for (let number = 1; ; number += 1) {
    try {
      return await attempt(number);
    } catch (error) {
      if (!(error instanceof PlatformError)) throw error;
      if (error.kind === 'auth_expired' && onAuthExpired && !refreshed) {
        refreshed = true;
        await onAuthExpired();
        continue;
      }
      if (!error.retryable || number >= maxAttempts) throw error;
      const wait = error.retryAfterMs ?? backoffMs(number);
      if (wait > maxWaitMs) throw error;
      await runtime.sleep(wait);
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

/** Sends the request and turns a platform failure into a PlatformError through `toError`. */
export async function sendChecked(
  runtime: ClientRuntime,
  platform: Platform,
  request: HttpRequest,
  toError: (response: HttpResponse, now: Date) => PlatformError | undefined,
): Promise<HttpResponse> {
  const response = await send(runtime, platform, request);
  const error = toError(response, runtime.now());
  if (error) throw error;
  return response;
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
