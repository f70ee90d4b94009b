import { type RunningSandbox, type SandboxOptions, startSandbox } from '@sandbox/sandbox';
import { type DayMetrics, sum } from '@sandbox/world';
import type { Platform } from '@shared/constants';
import sharp from 'sharp';

import { walkSandboxConsent } from '../dev/sandboxConsent';
import { pkceChallenge, randomToken } from '../platforms/http';
import { sandboxSettings } from '../platforms/settings';
import {
  type ClientRuntime,
  type PlatformAd,
  type PlatformAdapter,
  PlatformError,
  type PlatformSettings,
  type TokenProvider,
  type TokenSet,
  type UnifiedMetricRow,
} from '../platforms/types';

/**
 * Test harness shared by the five platform clients: a sandbox on its own port, a runtime that
 * records waits instead of sleeping, and a programmatic walk through the consent page.
 */

export const REDIRECT_URI = 'http://localhost:3000/api/oauth/callback';

export interface RecordingRuntime extends ClientRuntime {
  /** Every wait the client asked for, in milliseconds. */
  sleeps: number[];
}

export function recordingRuntime(overrides: Partial<ClientRuntime> = {}): RecordingRuntime {
  const sleeps: number[] = [];
  return {
    fetch: (input, init) => fetch(input, init),
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    now: () => new Date(),
    sleeps,
    ...overrides,
  };
}

export interface SandboxHarness {
  sandbox: RunningSandbox;
  settings: Record<Platform, PlatformSettings>;
  close(): Promise<void>;
}

export async function startHarness(options: SandboxOptions = {}): Promise<SandboxHarness> {
  const sandbox = await startSandbox({ seed: 7, sleep: async () => {}, ...options });
  return { sandbox, settings: sandboxSettings(sandbox.url), close: () => sandbox.close() };
}

/**
 * Walks the consent page like a browser: opens the authorize URL, ticks `accountIds` (default:
 * the pre-ticked first account) or denies, and returns the callback query the app would get.
 */
export async function consent(
  authorizeUrl: string,
  choice: { accountIds?: string[]; deny?: boolean } = {},
): Promise<Record<string, string>> {
  return walkSandboxConsent(
    async (url, init) => {
      const response = await fetch(url, init ? { ...init, redirect: 'manual' } : undefined);
      return {
        status: response.status,
        text: await response.text(),
        location: response.headers.get('location') ?? undefined,
      };
    },
    authorizeUrl,
    choice,
  );
}

/** Connects through the sandbox end to end: authorize URL, consent, callback, code exchange. */
export async function connect(
  adapter: PlatformAdapter,
  settings: PlatformSettings,
  runtime: ClientRuntime,
  choice: { accountIds?: string[] } = {},
): Promise<TokenSet> {
  const oauth = adapter.oauth(settings, runtime);
  const state = randomToken(16);
  const codeVerifier = oauth.usesPkce ? randomToken(48) : undefined;
  const url = oauth.authorizeUrl({
    state,
    redirectUri: REDIRECT_URI,
    codeChallenge: codeVerifier ? await pkceChallenge(codeVerifier) : undefined,
  });
  const query = await consent(url, choice);
  if (query.state !== state) throw new Error('state did not come back');
  const code = oauth.codeFromCallback(query);
  if (!code) throw new Error(`no code on the callback: ${JSON.stringify(query)}`);
  return oauth.exchangeCode({ code, redirectUri: REDIRECT_URI, codeVerifier });
}

/** A token provider over a variable, refreshing through the adapter's oauth like the server does. */
export function memoryTokens(
  adapter: PlatformAdapter,
  settings: PlatformSettings,
  runtime: ClientRuntime,
  initial: TokenSet,
): TokenProvider & { tokens: TokenSet; refreshes: number } {
  const provider = {
    tokens: initial,
    refreshes: 0,
    current: async () => provider.tokens,
    refreshed: async () => {
      provider.refreshes += 1;
      provider.tokens = await adapter.oauth(settings, runtime).refresh(provider.tokens);
      return provider.tokens;
    },
  };
  return provider;
}

/** What a client's rows add up to, in the shape of the sandbox's own totals. */
export function totalsOf(rows: UnifiedMetricRow[]): DayMetrics {
  return sum(rows);
}

/** The PlatformError a promise rejects with; fails the test when it resolves or throws something else. */
export async function platformError(promise: Promise<unknown>): Promise<PlatformError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof PlatformError) return error;
    throw error;
  }
  throw new Error('expected a PlatformError');
}

/**
 * Fetches a listed ad's image from the sandbox, where its platform serves it, and checks it is a
 * PNG of the platform's size (served 200 as image/png).
 */
export async function expectAdImage(
  ads: PlatformAd[],
  adId: string,
  size: { width: number; height: number },
): Promise<void> {
  const image = await fetch(ads.find((a) => a.id === adId)!.creative!.imageUrl!);
  expect(image.status).toBe(200);
  expect(image.headers.get('content-type')).toBe('image/png');
  expect(await sharp(Buffer.from(await image.arrayBuffer())).metadata()).toMatchObject({ format: 'png', ...size });
}
