import { createHash, randomUUID } from 'node:crypto';

import {
  type ConnectedAdAccount,
  type ConnectFailureReason,
  type ConnectRedirectQuery,
  type DeleteConnectedAccountResult,
  type Plan,
  PLAN_TITLES,
  type StartConnectionResult,
} from '@shared/api/adAccounts';
import { ErrorCode } from '@shared/api/errors';
import { type Platform, PLATFORM_LABELS } from '@shared/constants';

import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/connect';
import { HttpError, notFound } from '../../lib/httpError';
import { createSecretBox } from '../../lib/secretBox';
import { platformAdapters } from '../../platforms';
import { pkceChallenge, randomToken } from '../../platforms/http';
import { type PlatformAccount, PlatformError, type TokenSet } from '../../platforms/types';
import { workspaceEntitlements } from '../access/entitlements';
import { can, membership, type Principal } from '../access/principal';
import { awardPoints } from '../gamification/gamification.service';
import type { OtpService } from '../otp/otp.service';
import { presentAdAccount } from './adAccounts.presenter';
import {
  connectionExists,
  countConnectedAccounts,
  deleteConnectedAccount,
  deleteConnectionIfEmpty,
  deleteEmptyConnections,
  deleteOAuthStatesBefore,
  insertConnection,
  insertOAuthState,
  lockWorkspaceAccount,
  lockWorkspaceForConnect,
  spendState,
  takeBrowserState,
  upsertConnectedAccount,
  workspaceAccountsWithConnections,
  workspacePlatformAccounts,
} from './adAccounts.queries';
import { browserHash } from './browserBinding';
import type { Connections } from './connections';
import { type ConnectionExpiry, connectionExpiry } from './expiry';

/** An OAuth round trip must come back within this time. */
export const OAUTH_STATE_TTL_MS = 10 * 60 * 1000;

export const AD_ACCOUNT_MESSAGES = {
  unknownPlatform: (name: string) => `Unknown ad platform "${name}".`,
  notConfigured: (label: string) => `${label} is not set up on this server yet. Please try again later.`,
  planLimit: (plan: Plan, limit: number) =>
    `Your ${PLAN_TITLES[plan]} plan allows ${limit} connected ad account${limit === 1 ? '' : 's'}. Disconnect one or upgrade to connect more.`,
  pickAccount: 'Please choose an ad account to disconnect.',
  notConnected: 'That ad account is not connected.',
} as const;

const hashState = (state: string) => createHash('sha256').update(state).digest('base64url');

/** The OAuth callback's query, every value a single string (see callbackQuery). */
export type CallbackQuery = Partial<Record<string, string>>;

/**
 * Reads a callback query as strings only. A repeated parameter (`state=a&state=b` parses to an
 * array), a non-string or a NUL character makes the whole query unusable: undefined, which the
 * callback answers like a missing state (FAILED, expired_state), never with an error page.
 */
export function callbackQuery(raw: unknown): CallbackQuery | undefined {
  if (raw === undefined || raw === null) return {};
  if (typeof raw !== 'object' || Array.isArray(raw)) return undefined;
  const query: CallbackQuery = {};
  for (const [name, value] of Object.entries(raw)) {
    if (typeof value !== 'string' || value.includes('\u0000') || name.includes('\u0000')) return undefined;
    query[name] = value;
  }
  return query;
}

/** What the callback was given: its query (undefined when malformed) and the browser cookie's nonce. */
export interface CallbackInput {
  query: CallbackQuery | undefined;
  /** The nonce of this platform's browser cookie, when it came back signed. */
  browserNonce: string | undefined;
}

/**
 * Connected ad accounts: starting and finishing the OAuth round trip, the plan limit, the
 * list, and disconnecting (OTP-verified) with revocation at the platform.
 */
export function createAdAccountsService(
  ctx: Pick<AppContext, 'db' | 'config' | 'clock' | 'log' | 'platformRuntime'>,
  connections: Connections,
  otp: OtpService,
  /** Called after a grant is saved (queues its 90-day backfill). */
  onConnected: (connectionId: string, workspaceId: string) => Promise<void> = async () => undefined,
) {
  const { db, config, clock, log } = ctx;
  const box = createSecretBox(config.encryptionKey);
  const redirectUri = (platform: Platform) => `${config.publicUrl}${config.apiBase}/oauth/${platform}/callback`;

  /** Room left under the workspace's plan (its owners' best; a running trial counts as Pro); null limit: no fixed cap. */
  async function room(
    dbOrTx: DbOrTx,
    workspaceId: string,
  ): Promise<{ plan: Plan; limit: number | null; left: number }> {
    const { plan, accountLimit: limit } = await workspaceEntitlements(dbOrTx, workspaceId, clock.now());
    return {
      plan,
      limit,
      left: limit === null ? Number.POSITIVE_INFINITY : limit - (await countConnectedAccounts(dbOrTx, workspaceId)),
    };
  }

  function assertAvailable(platform: Platform): void {
    if (config.platforms[platform].mode === 'sandbox' && config.sandbox.mode === 'off') {
      throw new HttpError(
        503,
        AD_ACCOUNT_MESSAGES.notConfigured(PLATFORM_LABELS[platform]),
        ErrorCode.ServiceUnavailable,
      );
    }
  }

  /**
   * Consumes the state once, and only from the browser that started the flow: the row is taken
   * only when the cookie's nonce hashes to its browser_hash. A callback from another browser (or
   * one without the cookie) is refused and spends the state all the same: the code in that URL
   * came from someone's consent, and whoever started the flow must not be able to finish it later
   * with the URL in hand (the consent-link attack of audit §1). 'expired_state' when the state is
   * unknown, expired, used or for another platform; 'wrong_browser' when it was live but the
   * browser is not the one it was issued to (a state from before the binding: refused too).
   */
  async function takeState(platform: Platform, state: string | undefined, browserNonce: string | undefined) {
    if (!state) return { ok: false as const, reason: 'expired_state' as const };
    const now = clock.now();
    const stateHash = hashState(state);
    if (browserNonce) {
      const row = await takeBrowserState(db, stateHash, platform, browserHash(browserNonce), now);
      if (row) {
        const verifier = row.sealedVerifier ? box.open(row.sealedVerifier, `oauth-state:${row.stateHash}`) : undefined;
        return { ok: true as const, userId: row.userId, workspaceId: row.workspaceId, verifier };
      }
    }
    const spent = await spendState(db, stateHash, platform, now);
    return { ok: false as const, reason: spent ? ('wrong_browser' as const) : ('expired_state' as const) };
  }

  /** Saves the grant and its accounts in the workspace; accounts connected there before move to the new grant. */
  async function saveConnection(
    workspaceId: string,
    userId: string,
    platform: Platform,
    tokens: TokenSet,
    accounts: PlatformAccount[],
  ) {
    const now = clock.now();
    const connectionId = randomUUID();
    return db.transaction(async (tx) => {
      // One save per workspace at a time. NO KEY UPDATE, not UPDATE: rows that merely point at the
      // workspace (a sync_state insert for a connection saved a moment ago) take KEY SHARE on this
      // row, and UPDATE would make them wait for this transaction while it waits to delete their
      // connection: a deadlock on PostgreSQL when callbacks for the same accounts race.
      if (!(await lockWorkspaceForConnect(tx, workspaceId))) return { ok: false as const, gone: true as const };
      const existing = await workspacePlatformAccounts(tx, workspaceId, platform);
      const known = new Set(existing.map((row) => row.accountId));
      const fresh = accounts.filter((account) => !known.has(account.id));
      const { plan, limit, left } = await room(tx, workspaceId);
      if (fresh.length > left) return { ok: false as const, gone: false as const, plan, limit: limit ?? 0 };

      await insertConnection(tx, {
        id: connectionId,
        workspaceId,
        platform,
        ...connections.seal(connectionId, tokens),
        createdAt: now,
        updatedAt: now,
      });
      for (const account of accounts)
        await upsertConnectedAccount(tx, { workspaceId, connectionId, platform }, account);
      // Grants left without accounts (replaced by this one) are deleted here and revoked after commit.
      const previous = [...new Set(existing.map((row) => row.connectionId))];
      const orphans = previous.length ? await deleteEmptyConnections(tx, previous) : [];
      await awardPoints(tx, userId, 'firstConnection', 'once', now);
      return { ok: true as const, orphans, connectionId };
    });
  }

  return {
    /** The workspace's connected accounts. */
    async list(principal: Principal): Promise<ConnectedAdAccount[]> {
      const rows = await workspaceAccountsWithConnections(db, principal.workspaceId);
      // Whether a connection can refresh itself is only in its sealed tokens: open each once.
      const now = clock.now();
      const expiries = new Map<string, ConnectionExpiry>();
      const expiryOf = (row: (typeof rows)[number]) => {
        const id = row.account.connectionId;
        let expiry = expiries.get(id);
        if (!expiry) {
          expiry = connectionExpiry(
            { accessExpiresAt: row.accessExpiresAt, tokens: connections.open(id, row.sealedTokens) },
            now,
          );
          expiries.set(id, expiry);
        }
        return expiry;
      };
      return rows.map((row) => presentAdAccount(row.account, row.status, expiryOf(row)));
    },

    /**
     * auth/<platform>/: a consent URL bound to this user and workspace by a single-use state, and
     * to this browser by `browserNonce` (the route puts it in a cookie; the state keeps its hash).
     */
    async startConnection(
      principal: Principal,
      platform: Platform,
      browserNonce: string,
    ): Promise<StartConnectionResult> {
      const { userId, workspaceId } = principal;
      assertAvailable(platform);
      // At the limit, only a platform the workspace already has accounts on may be (re)connected:
      // granting those same accounts again adds nothing. The callback checks the exact count.
      const { plan, limit, left } = await room(db, workspaceId);
      if (left <= 0 && (await countConnectedAccounts(db, workspaceId, platform)) === 0) {
        throw new HttpError(403, AD_ACCOUNT_MESSAGES.planLimit(plan, limit ?? 0), ErrorCode.Forbidden);
      }

      const now = clock.now();
      const oauth = connections.oauth(platform);
      const state = randomToken(32);
      const stateHash = hashState(state);
      // X's spec flow hands the verifier to the browser too; the server keeps its own sealed copy
      // and only ever uses that one (nothing the callback brings is taken as a verifier).
      const verifier = oauth.usesPkce || platform === 'x' ? randomToken(48) : undefined;
      await deleteOAuthStatesBefore(db, new Date(now.getTime() - OAUTH_STATE_TTL_MS));
      await insertOAuthState(db, {
        stateHash,
        userId,
        workspaceId,
        platform,
        sealedVerifier: verifier ? box.seal(verifier, `oauth-state:${stateHash}`) : null,
        browserHash: browserHash(browserNonce),
        createdAt: now,
        expiresAt: new Date(now.getTime() + OAUTH_STATE_TTL_MS),
      });
      const authUrl = oauth.authorizeUrl({
        state,
        redirectUri: redirectUri(platform),
        codeChallenge: oauth.usesPkce && verifier ? await pkceChallenge(verifier) : undefined,
      });
      return { auth_url: authUrl, ...(platform === 'x' && verifier ? { code_verifier: verifier } : {}) };
    },

    /**
     * The OAuth callback: checks the state and the browser, exchanges the code, lists the granted
     * accounts, applies the plan limit and saves. Returns the query for the redirect to the
     * accounts page. A grant obtained here and then not kept is revoked at the platform.
     */
    async completeConnection(
      platform: Platform,
      { query, browserNonce }: CallbackInput,
    ): Promise<ConnectRedirectQuery> {
      const failed = (
        reason: ConnectFailureReason,
        extra: Partial<ConnectRedirectQuery> = {},
      ): ConnectRedirectQuery => ({
        invite_status: 'FAILED',
        platform,
        reason,
        ...extra,
      });
      if (!query) return failed('expired_state');
      const taken = await takeState(platform, query.state, browserNonce);
      if (!taken.ok) {
        if (taken.reason === 'wrong_browser')
          log.warn(
            { platform, cookie: browserNonce !== undefined },
            'oauth callback from a browser that did not start the flow',
          );
        return failed(taken.reason);
      }
      // The starter may have lost the right to connect here (removed, or made a viewer) since the flow began.
      const role = await membership(db, taken.userId, taken.workspaceId);
      if (!role || !can({ role }, 'accounts:write')) return failed('expired_state');
      const oauth = connections.oauth(platform);
      const code = oauth.codeFromCallback(query);
      if (!code) return failed('denied');

      let tokens: TokenSet | undefined;
      let accounts: PlatformAccount[];
      try {
        let current = await oauth.exchangeCode({
          code,
          redirectUri: redirectUri(platform),
          codeVerifier: taken.verifier,
        });
        tokens = current;
        // `tokens` follows a refresh during the listing, so a failure revokes the newest tokens.
        const provider = {
          current: async () => current,
          refreshed: async () => (tokens = current = await oauth.refresh(current)),
        };
        accounts = await platformAdapters[platform]
          .client(config.platforms[platform], provider, ctx.platformRuntime)
          .listAccounts();
      } catch (error) {
        // A grant that was issued but cannot be used is withdrawn, not left alive at the platform.
        if (tokens) await connections.revokeQuietly(platform, tokens);
        if (!(error instanceof PlatformError)) throw error;
        log.warn(
          { platform, kind: error.kind, code: error.code, requestId: error.requestId },
          'platform connection failed',
        );
        return failed('platform_error');
      }
      const granted = tokens;
      if (accounts.length === 0) {
        await connections.revokeQuietly(platform, granted);
        // Google: a login that reaches no account yet usually has an invitation waiting.
        return platform === 'google' ? { invite_status: 'PENDING', platform } : failed('no_accounts');
      }
      let saved: Awaited<ReturnType<typeof saveConnection>>;
      try {
        saved = await saveConnection(taken.workspaceId, taken.userId, platform, granted, accounts);
      } catch (error) {
        await connections.revokeQuietly(platform, granted);
        throw error;
      }
      if (!saved.ok) {
        await connections.revokeQuietly(platform, granted);
        return saved.gone
          ? failed('expired_state')
          : failed('plan_limit', { plan: saved.plan, limit: String(saved.limit) });
      }
      for (const orphan of saved.orphans)
        await connections.revokeQuietly(platform, connections.open(orphan.id, orphan.sealedTokens));
      try {
        await onConnected(saved.connectionId, taken.workspaceId);
      } catch (error) {
        // Between the commit above and here, a concurrent callback for the same accounts (a second
        // tab or device) may have moved them to its own new grant and deleted this connection as an
        // orphan; queueing its backfill then fails on the foreign key. Nothing is lost: the accounts
        // are connected, and that callback queues the backfill of the connection that holds them.
        if (await connectionExists(db, saved.connectionId)) throw error;
        log.info(
          { platform, connectionId: saved.connectionId },
          'connection replaced by a concurrent callback before its backfill was queued',
        );
      }
      return { invite_status: 'ALREADY_LINKED', platform, connected: String(accounts.length) };
    },

    /** delete-connected-account/: needs a fresh verified OTP; revokes the grant when its last account goes. */
    async disconnect(principal: Principal, accid: string): Promise<DeleteConnectedAccountResult> {
      const { userId, workspaceId } = principal;
      const released = await db.transaction(async (tx) => {
        const account = await lockWorkspaceAccount(tx, workspaceId, accid);
        if (!account) throw notFound(AD_ACCOUNT_MESSAGES.notConnected);
        await otp.consumeVerification(tx, userId);
        await deleteConnectedAccount(tx, account.id);
        const emptied = await deleteConnectionIfEmpty(tx, account.connectionId);
        return emptied ? { platform: account.platform as Platform, ...emptied } : undefined;
      });
      if (released && released.status === 'active') {
        await connections.revokeQuietly(released.platform, connections.open(released.id, released.sealedTokens));
      }
      return { deleted: true, id: accid };
    },
  };
}
export type AdAccountsService = ReturnType<typeof createAdAccountsService>;
