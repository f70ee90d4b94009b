import { type Platform, PLATFORM_LABELS } from '@shared/constants';

import type { AppContext } from '../../context';
import { createSecretBox } from '../../lib/secretBox';
import { platformAdapters } from '../../platforms';
import {
  type PlatformClient,
  PlatformError,
  type PlatformOAuth,
  type TokenProvider,
  type TokenSet,
} from '../../platforms/types';
import { reconnectRecipients } from './adAccounts.queries';
import {
  activeConnections,
  connectionStatus,
  findConnection,
  markConnectionNeedsReconnect,
  saveRefreshedTokens,
  setReconnectNoticeAt,
} from './connections.queries';
import { createExpiryNotices } from './expiryNotice';

/**
 * Platform connections as the rest of the server uses them: sealed tokens in, a TokenProvider
 * out (refreshing ahead of expiry and after the platform says a token expired, one refresh at a
 * time per connection), and the "needs reconnect" bookkeeping when a platform ends a grant.
 */
export function createConnections(
  ctx: Pick<AppContext, 'db' | 'config' | 'clock' | 'mailer' | 'log' | 'platformRuntime'>,
) {
  const { db, config, clock, mailer, log, platformRuntime: runtime } = ctx;
  const box = createSecretBox(config.encryptionKey);
  const refreshing = new Map<string, Promise<TokenSet>>();
  /**
   * Expired-token answers in a row per connection (see judgeFailure). Kept in this process only:
   * no column holds such a count and the schema is not changed for it, and a count lost to a
   * restart, or split between processes, only delays the reconnect notice by a few uses.
   * `lastUse` is the newest use started when the last strike was counted.
   */
  const expiredStrikes = new Map<string, { count: number; lastUse: number }>();
  let usesStarted = 0;

  const context = (connectionId: string) => `connection:${connectionId}`;
  const oauth = (platform: Platform): PlatformOAuth =>
    platformAdapters[platform].oauth(config.platforms[platform], runtime);

  function seal(connectionId: string, tokens: TokenSet) {
    return {
      sealedTokens: box.seal(JSON.stringify(tokens), context(connectionId)),
      accessExpiresAt: tokens.accessExpiresAt ? new Date(tokens.accessExpiresAt) : null,
    };
  }

  async function load(connectionId: string) {
    const row = await findConnection(db, connectionId);
    if (!row)
      throw new PlatformError({ platform: 'google', kind: 'revoked', message: 'The connection no longer exists.' });
    const platform = row.platform as Platform;
    if (row.status !== 'active') {
      throw new PlatformError({
        platform,
        kind: 'revoked',
        message: `${PLATFORM_LABELS[platform]} needs to be reconnected.`,
      });
    }
    return { row, platform, tokens: JSON.parse(box.open(row.sealedTokens, context(connectionId))) as TokenSet };
  }

  /**
   * Marks a connection as needing a person, keeping its accounts and data, and tells the
   * workspace's owners and managers (the roles that may reconnect) once per break, by e-mail in the
   * same transaction as the mark.
   */
  async function markNeedsReconnect(connectionId: string, error: PlatformError): Promise<void> {
    const now = clock.now();
    await db.transaction(async (tx) => {
      const row = await markConnectionNeedsReconnect(
        tx,
        connectionId,
        `${error.code ?? error.kind}: ${error.message}`.slice(0, 500),
        now,
      );
      if (!row || row.noticed) return;
      await setReconnectNoticeAt(tx, connectionId, now);
      const people = await reconnectRecipients(tx, row.workspaceId);
      const label = PLATFORM_LABELS[row.platform as Platform];
      for (const person of people) {
        await mailer.send(
          {
            to: person.email,
            userId: person.userId,
            subject: `Reconnect your ${label} account to keep Adwise up to date`,
            text: `Hi ${person.fullName},\n\n${label} ended Adwise's access to an ad account in ${person.workspace} (the access expired or was withdrawn). Your data in Adwise is kept.\nReconnect it here to resume syncing: ${config.publicUrl}/connected-accounts\n`,
          },
          tx,
        );
      }
    });
    log.warn({ connectionId, kind: error.kind, code: error.code }, 'platform connection needs reconnect');
  }

  /** Whether the connection is waiting for the user to reconnect it. */
  async function isMarked(connectionId: string): Promise<boolean> {
    const status = await connectionStatus(db, connectionId);
    return status !== undefined && status !== 'active';
  }

  /** Refreshes once per connection at a time; a concurrent caller waits for the same refresh. */
  function refresh(connectionId: string): Promise<TokenSet> {
    const running = refreshing.get(connectionId);
    if (running) return running;
    const work = (async () => {
      const { row, platform, tokens } = await load(connectionId);
      let next: TokenSet;
      try {
        next = await oauth(platform).refresh(tokens);
      } catch (error) {
        if (error instanceof PlatformError && error.needsReconnect) await markNeedsReconnect(connectionId, error);
        throw error;
      }
      const saved = await saveRefreshedTokens(
        db,
        connectionId,
        row.tokenVersion,
        seal(connectionId, next),
        clock.now(),
      );
      // Another process refreshed first: its tokens are the live ones.
      return saved ? next : (await load(connectionId)).tokens;
    })().finally(() => refreshing.delete(connectionId));
    refreshing.set(connectionId, work);
    return work;
  }

  /**
   * What a failed use means for its connection. A grant the platform ended (consent withdrawn,
   * a refresh it refused) marks the connection at once. An expired token that outlived the one
   * refresh, or one on a platform without refresh, may be a glitch at the platform: it marks the
   * connection only on EXPIRED_TOKEN_STRIKES separate uses in a row. Uses already running when a
   * strike was counted (a sync's parallel calls) failed on the same token and add no strike.
   */
  async function judgeFailure(connectionId: string, error: PlatformError, useNumber: number): Promise<void> {
    if (!error.tokenExpired) {
      if (error.needsReconnect) await markNeedsReconnect(connectionId, error);
      return;
    }
    const strikes = expiredStrikes.get(connectionId);
    if (strikes && useNumber <= strikes.lastUse) return;
    const count = (strikes?.count ?? 0) + 1;
    if (count < EXPIRED_TOKEN_STRIKES) {
      expiredStrikes.set(connectionId, { count, lastUse: usesStarted });
      log.warn(
        { connectionId, kind: error.kind, code: error.code, strikes: count },
        'platform said the token expired; the connection is kept until it repeats',
      );
      return;
    }
    expiredStrikes.delete(connectionId);
    await markNeedsReconnect(connectionId, error);
  }

  function tokenProvider(connectionId: string): TokenProvider {
    return {
      current: async () => {
        const { platform, tokens } = await load(connectionId);
        return oauth(platform).needsRefresh(tokens, clock.now()) ? refresh(connectionId) : tokens;
      },
      refreshed: () => refresh(connectionId),
    };
  }

  const api = {
    oauth,
    markNeedsReconnect,
    tokenProvider,

    /** The sealed columns of a new or renewed connection. */
    seal,

    /** Opens a connection's tokens (revocation on disconnect). */
    open(connectionId: string, sealedTokens: string): TokenSet {
      return JSON.parse(box.open(sealedTokens, context(connectionId))) as TokenSet;
    },

    /** A platform client for a connection. */
    client(connectionId: string, platform: Platform): PlatformClient {
      return platformAdapters[platform].client(config.platforms[platform], tokenProvider(connectionId), runtime);
    },

    /**
     * Runs platform work on a connection; when the platform has ended the grant the connection is
     * marked 'needs reconnect' (data kept, user told; see judgeFailure) and the error is passed on.
     */
    async use<T>(connectionId: string, platform: Platform, work: (client: PlatformClient) => Promise<T>): Promise<T> {
      const useNumber = (usesStarted += 1);
      let result: T;
      try {
        result = await work(api.client(connectionId, platform));
      } catch (error) {
        if (error instanceof PlatformError) await judgeFailure(connectionId, error, useNumber);
        throw error;
      }
      expiredStrikes.delete(connectionId);
      return result;
    },

    /** Best-effort revocation at the platform after a disconnect; failures are logged, not shown. */
    async revokeQuietly(platform: Platform, tokens: TokenSet): Promise<void> {
      try {
        await oauth(platform).revoke(tokens);
      } catch (error) {
        log.warn(
          { platform, err: error instanceof Error ? { message: error.message } : undefined },
          'token revocation at the platform failed',
        );
      }
    },

    /** Active connections, for health checks. */
    async activeConnections() {
      return activeConnections(db);
    },

    /**
     * Asks each active connection's platform which accounts it still reaches, so an expired or
     * withdrawn grant is found (and the user told) even on days nothing else calls the platform.
     * Returns how many connections were found broken: marked 'needs reconnect' by this check or
     * meanwhile, by the same rules as any other use.
     */
    async checkAll(): Promise<number> {
      let broken = 0;
      for (const connection of await api.activeConnections()) {
        try {
          await api.use(connection.id, connection.platform as Platform, (client) => client.listAccounts());
        } catch (error) {
          if (await isMarked(connection.id)) broken += 1;
          else
            log.warn(
              { connectionId: connection.id, err: error instanceof Error ? { message: error.message } : undefined },
              'connection check failed; will try again next run',
            );
        }
      }
      return broken;
    },

    /** E-mails the people who may reconnect about connections that end within a week (expiryNotice.ts). */
    sendExpiryNotices: createExpiryNotices(
      ctx,
      (connectionId, sealedTokens) => JSON.parse(box.open(sealedTokens, context(connectionId))) as TokenSet,
    ),
  };
  return api;
}

/** Separate uses in a row that must end in an expired-token answer before the user is asked to reconnect. */
export const EXPIRED_TOKEN_STRIKES = 3;
/** Stable id of the daily job that checks every active connection at its platform. */
export const CONNECTION_CHECK_JOB = 'connections.health.check';
/** Daily, at a quiet hour (UTC). */
export const CONNECTION_CHECK_CRON = '23 4 * * *';
export type Connections = ReturnType<typeof createConnections>;
