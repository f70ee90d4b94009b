import { type Platform, PLATFORMS } from '@shared/constants';

import { createRuntime } from '../http';
import { platformAdapters } from '../index';
import { replaySettings } from '../settings';
import {
  type ClientRuntime,
  type PlatformAccount,
  type PlatformClient,
  type ReportLevel,
  type TokenProvider,
  type UnifiedMetricRow,
} from '../types';
import type { Har } from './har';
import { type ReplayServer, startReplayServer } from './server';

/**
 * Runs one platform's real client against a HAR recording served on localhost: the account
 * (from the recorded account call when there is one), then the daily report. Shared by the
 * `platforms:replay` CLI and the contract tests.
 */

export interface ReplayOptions {
  platform: Platform;
  har: Har;
  accountId: string;
  since: string;
  until: string;
  level: ReportLevel;
  /** Used when the recording holds no account call. */
  currency?: string;
  timeZone?: string;
}

/** A request the recording does not hold. */
export class NotRecordedError extends Error {
  constructor(readonly requests: string[]) {
    super(`replay: the HAR holds no response for ${requests.join(', ')}`);
    this.name = 'NotRecordedError';
  }
}

/** The fixed fake token every replayed call carries (auth is ignored when matching). */
export const REPLAY_TOKEN = 'replay-access-token';

export const fixedTokens: TokenProvider = {
  current: () => Promise.resolve({ accessToken: REPLAY_TOKEN, extra: { tokenSecret: 'replay-token-secret' } }),
  /** The same fake token again: a recorded "expired" answer then reaches the caller as the platform gave it. */
  refreshed: () => fixedTokens.current(),
};

/** A runtime that never waits: retries against a recording answer at once. */
export function replayRuntime(): ClientRuntime {
  return { ...createRuntime({ timeoutMs: 10_000 }), sleep: () => Promise.resolve(), maxWaitMs: 0 };
}

export interface ReplaySession {
  server: ReplayServer;
  client: PlatformClient;
  /** Throws NotRecordedError when a request so far missed the recording. */
  checkMisses(): void;
  close(): Promise<void>;
}

/** Starts the replay server and the real client of `platform` pointed at it. */
export async function openReplay(
  platform: Platform,
  har: Har,
  runtime: ClientRuntime = replayRuntime(),
): Promise<ReplaySession> {
  if (!PLATFORMS.includes(platform)) throw new Error(`Unknown platform ${platform} (one of ${PLATFORMS.join(', ')})`);
  const server = await startReplayServer(har);
  const client = platformAdapters[platform].client(replaySettings(platform, server.origin), fixedTokens, runtime);
  return {
    server,
    client,
    checkMisses() {
      if (server.misses.length > 0) throw new NotRecordedError([...server.misses]);
    },
    close: () => server.close(),
  };
}

/** Ids as the user may type them: Meta with or without act_, Google with or without dashes. */
function sameAccount(platform: Platform, listed: string, wanted: string): boolean {
  const plain = (id: string) =>
    platform === 'meta' ? id.replace(/^act_/, '') : platform === 'google' ? id.replace(/-/g, '') : id;
  return plain(listed) === plain(wanted);
}

/** The account in the platform's URL form when it is not listed (Meta wants act_). */
function accountUrlId(platform: Platform, id: string): string {
  if (platform === 'meta') return id.startsWith('act_') ? id : `act_${id}`;
  if (platform === 'google') return id.replace(/-/g, '');
  return id;
}

/**
 * The account: from the client's own account listing when the recording answers it, else built
 * from the options. Returns where it came from.
 */
export async function resolveAccount(
  session: ReplaySession,
  options: ReplayOptions,
): Promise<{ account: PlatformAccount; from: 'recording' | 'options' }> {
  const before = session.server.misses.length;
  let listed: PlatformAccount[] | undefined;
  try {
    listed = await session.client.listAccounts();
  } catch (error) {
    // Only "not recorded" falls back to the options; a recorded error is the recording's answer.
    if (session.server.misses.length === before) throw error;
    session.server.misses.splice(before);
  }
  if (listed) {
    const found = listed.find((account) => sameAccount(options.platform, account.id, options.accountId));
    if (found) return { account: found, from: 'recording' };
  }
  if (!options.currency || !options.timeZone) {
    const why = listed
      ? `the recorded account list does not hold ${options.accountId}`
      : 'the HAR holds no account call';
    throw new Error(`replay: ${why}; pass --currency and --time-zone`);
  }
  const id = accountUrlId(options.platform, options.accountId);
  return {
    account: { id, name: id, currency: options.currency.toUpperCase(), timeZone: options.timeZone },
    from: 'options',
  };
}

export interface ReplayResult {
  account: PlatformAccount;
  accountFrom: 'recording' | 'options';
  rows: UnifiedMetricRow[];
}

/** The whole replay: account, then the report; fails with NotRecordedError on any unrecorded request. */
export async function runReplay(options: ReplayOptions, runtime?: ClientRuntime): Promise<ReplayResult> {
  const session = await openReplay(options.platform, options.har, runtime);
  try {
    const { account, from } = await resolveAccount(session, options);
    let rows: UnifiedMetricRow[];
    try {
      rows = await session.client.report(account, { level: options.level, since: options.since, until: options.until });
    } catch (error) {
      session.checkMisses();
      throw error;
    }
    session.checkMisses();
    return { account, accountFrom: from, rows };
  } finally {
    await session.close();
  }
}

export interface ReplayTotals {
  rows: number;
  spendMinor: number;
  impressions: number;
  clicks: number;
  conversions: number;
}

export function totals(rows: UnifiedMetricRow[]): ReplayTotals {
  return rows.reduce(
    (sum, row) => ({
      rows: sum.rows + 1,
      spendMinor: sum.spendMinor + row.spendMinor,
      impressions: sum.impressions + row.impressions,
      clicks: sum.clicks + row.clicks,
      conversions: sum.conversions + row.conversions,
    }),
    { rows: 0, spendMinor: 0, impressions: 0, clicks: 0, conversions: 0 },
  );
}

/** `replay: platform=P rows=N spend_minor=… impressions=… clicks=… conversions=…` */
export function summaryLine(platform: Platform, rows: UnifiedMetricRow[]): string {
  const sum = totals(rows);
  // Google's fractional conversions: summed in floating point, printed without float noise.
  const conversions = Number(sum.conversions.toFixed(6));
  return `replay: platform=${platform} rows=${sum.rows} spend_minor=${sum.spendMinor} impressions=${sum.impressions} clicks=${sum.clicks} conversions=${conversions}`;
}
