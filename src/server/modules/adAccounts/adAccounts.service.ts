import { createHash, randomUUID } from 'node:crypto';
import { and, asc, count, eq, inArray, lt, sql } from 'drizzle-orm';
import { object, string } from 'yup';
import {
  PLAN_ACCOUNT_LIMITS,
  PLAN_TITLES,
  type ConnectRedirectQuery,
  type ConnectedAdAccount,
  type DeleteConnectedAccountResult,
  type Plan,
  type StartConnectionResult,
} from '@shared/api/adAccounts';
import { ErrorCode } from '@shared/api/errors';
import { PLATFORM_LABELS, PLATFORMS, type Platform } from '@shared/constants';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/connect';
import { connectedAdAccounts, oauthStates, platformConnections, users } from '../../db/schema';
import { HttpError, notFound } from '../../lib/httpError';
import { createSecretBox } from '../../lib/secretBox';
import { validate } from '../../lib/validate';
import { platformAdapters } from '../../platforms';
import { pkceChallenge, randomToken } from '../../platforms/http';
import { PlatformError, type PlatformAccount, type TokenSet } from '../../platforms/types';
import { sessionGone } from '../auth/auth.guard';
import { awardPoints } from '../gamification/gamification.service';
import type { OtpService } from '../otp/otp.service';
import type { Connections } from './connections';
import { presentAdAccount } from './adAccounts.presenter';

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

const disconnectSchema = object({
  accid: string().trim().required(AD_ACCOUNT_MESSAGES.pickAccount).uuid(AD_ACCOUNT_MESSAGES.pickAccount),
});

export function isPlatform(name: string): name is Platform {
  return (PLATFORMS as readonly string[]).includes(name);
}

const hashState = (state: string) => createHash('sha256').update(state).digest('base64url');

/**
 * Connected ad accounts: starting and finishing the OAuth round trip, the plan limit, the
 * list, and disconnecting (OTP-verified) with revocation at the platform.
 */
export function createAdAccountsService(
  ctx: Pick<AppContext, 'db' | 'config' | 'clock' | 'log' | 'platformRuntime'>,
  connections: Connections,
  otp: OtpService,
  /** Called after a grant is saved (queues its 90-day backfill). */
  onConnected: (connectionId: string, userId: string) => Promise<void> = async () => undefined,
) {
  const { db, config, clock, log } = ctx;
  const box = createSecretBox(config.encryptionKey);
  const redirectUri = (platform: Platform) => `${config.publicUrl}${config.apiBase}/oauth/${platform}/callback`;

  /** The plan that counts right now: a running trial counts as Pro. */
  async function effectivePlan(dbOrTx: DbOrTx, userId: string): Promise<Plan> {
    const [user] = await dbOrTx.select({ plan: users.plan, trialEndsAt: users.trialEndsAt }).from(users).where(eq(users.id, userId));
    if (!user) throw sessionGone();
    const onTrial = user.trialEndsAt !== null && user.trialEndsAt > clock.now();
    return user.plan === 'starter' && onTrial ? 'pro' : user.plan;
  }

  /** The user's connected accounts, on one platform or on all. */
  async function connectedCount(dbOrTx: DbOrTx, userId: string, platform?: Platform): Promise<number> {
    const [row] = await dbOrTx
      .select({ n: count() })
      .from(connectedAdAccounts)
      .where(and(eq(connectedAdAccounts.userId, userId), platform ? eq(connectedAdAccounts.platform, platform) : undefined));
    return Number(row?.n ?? 0);
  }

  /** Room left under the plan; null means no fixed cap. */
  async function room(dbOrTx: DbOrTx, userId: string): Promise<{ plan: Plan; limit: number | null; left: number }> {
    const plan = await effectivePlan(dbOrTx, userId);
    const limit = PLAN_ACCOUNT_LIMITS[plan];
    return { plan, limit, left: limit === null ? Number.POSITIVE_INFINITY : limit - (await connectedCount(dbOrTx, userId)) };
  }

  function assertAvailable(platform: Platform): void {
    if (config.platforms[platform].mode === 'sandbox' && config.sandbox.mode === 'off') {
      throw new HttpError(503, AD_ACCOUNT_MESSAGES.notConfigured(PLATFORM_LABELS[platform]), ErrorCode.ServiceUnavailable);
    }
  }

  /** Consumes the state once; undefined when unknown, expired, used or for another platform. */
  async function takeState(platform: Platform, state: string | undefined) {
    if (!state) return undefined;
    const now = clock.now();
    const [row] = await db
      .update(oauthStates)
      .set({ usedAt: now })
      .where(
        and(
          eq(oauthStates.stateHash, hashState(state)),
          eq(oauthStates.platform, platform),
          sql`${oauthStates.usedAt} is null`,
          sql`${oauthStates.expiresAt} > ${now}`,
        ),
      )
      .returning();
    if (!row) return undefined;
    const verifier = row.sealedVerifier ? box.open(row.sealedVerifier, `oauth-state:${row.stateHash}`) : undefined;
    return { userId: row.userId, verifier };
  }

  /** Saves the grant and its accounts; accounts connected before move to the new grant. */
  async function saveConnection(userId: string, platform: Platform, tokens: TokenSet, accounts: PlatformAccount[]) {
    const now = clock.now();
    const connectionId = randomUUID();
    return db.transaction(async (tx) => {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
      const existing = await tx
        .select({ accountId: connectedAdAccounts.accountId, connectionId: connectedAdAccounts.connectionId })
        .from(connectedAdAccounts)
        .where(and(eq(connectedAdAccounts.userId, userId), eq(connectedAdAccounts.platform, platform)));
      const known = new Set(existing.map((row) => row.accountId));
      const fresh = accounts.filter((account) => !known.has(account.id));
      const { plan, limit, left } = await room(tx, userId);
      if (fresh.length > left) return { ok: false as const, plan, limit: limit ?? 0 };

      await tx.insert(platformConnections).values({ id: connectionId, userId, platform, ...connections.seal(connectionId, tokens), createdAt: now, updatedAt: now });
      for (const account of accounts) {
        await tx
          .insert(connectedAdAccounts)
          .values({ userId, connectionId, platform, accountId: account.id, name: account.name, currency: account.currency, timeZone: account.timeZone })
          .onConflictDoUpdate({
            target: [connectedAdAccounts.userId, connectedAdAccounts.platform, connectedAdAccounts.accountId],
            set: { connectionId, name: account.name, currency: account.currency, timeZone: account.timeZone },
          });
      }
      // Grants left without accounts (replaced by this one) are deleted here and revoked after commit.
      const previous = [...new Set(existing.map((row) => row.connectionId))];
      const orphans = previous.length
        ? await tx
            .delete(platformConnections)
            .where(
              and(
                inArray(platformConnections.id, previous),
                sql`not exists (select 1 from connected_ad_accounts a where a.connection_id = ${platformConnections.id})`,
              ),
            )
            .returning({ id: platformConnections.id, sealedTokens: platformConnections.sealedTokens })
        : [];
      await awardPoints(tx, userId, 'firstConnection', 'once', now);
      return { ok: true as const, orphans, connectionId };
    });
  }

  return {
    effectivePlan,

    async list(userId: string): Promise<ConnectedAdAccount[]> {
      const rows = await db
        .select({ account: connectedAdAccounts, status: platformConnections.status })
        .from(connectedAdAccounts)
        .innerJoin(platformConnections, eq(platformConnections.id, connectedAdAccounts.connectionId))
        .where(eq(connectedAdAccounts.userId, userId))
        .orderBy(asc(connectedAdAccounts.createdAt), asc(connectedAdAccounts.accountId));
      return rows.map((row) => presentAdAccount(row.account, row.status));
    },

    /** auth/<platform>/: a consent URL bound to this user by a single-use state. */
    async startConnection(userId: string, platformName: string): Promise<StartConnectionResult> {
      if (!isPlatform(platformName)) throw notFound(AD_ACCOUNT_MESSAGES.unknownPlatform(platformName));
      const platform = platformName;
      assertAvailable(platform);
      // At the limit, only a platform the user already has accounts on may be (re)connected:
      // granting those same accounts again adds nothing. The callback checks the exact count.
      const { plan, limit, left } = await room(db, userId);
      if (left <= 0 && (await connectedCount(db, userId, platform)) === 0) {
        throw new HttpError(403, AD_ACCOUNT_MESSAGES.planLimit(plan, limit ?? 0), ErrorCode.Forbidden);
      }

      const now = clock.now();
      const oauth = connections.oauth(platform);
      const state = randomToken(32);
      const stateHash = hashState(state);
      // X's spec flow hands the verifier to the browser too; the server keeps its own copy.
      const verifier = oauth.usesPkce || platform === 'x' ? randomToken(48) : undefined;
      await db.delete(oauthStates).where(lt(oauthStates.expiresAt, new Date(now.getTime() - OAUTH_STATE_TTL_MS)));
      await db.insert(oauthStates).values({
        stateHash,
        userId,
        platform,
        sealedVerifier: verifier ? box.seal(verifier, `oauth-state:${stateHash}`) : null,
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
     * The OAuth callback: checks the state, exchanges the code, lists the granted accounts,
     * applies the plan limit and saves. Returns the query for the redirect to the accounts page.
     */
    async completeConnection(platformName: string, query: Record<string, string | undefined>): Promise<ConnectRedirectQuery | undefined> {
      if (!isPlatform(platformName)) return undefined;
      const platform = platformName;
      const failed = (reason: ConnectRedirectQuery['reason'], extra: Partial<ConnectRedirectQuery> = {}): ConnectRedirectQuery => ({
        invite_status: 'FAILED',
        platform,
        reason,
        ...extra,
      });
      const taken = await takeState(platform, query.state);
      if (!taken) return failed('expired_state');
      const oauth = connections.oauth(platform);
      const code = oauth.codeFromCallback(query);
      if (!code) return failed('denied');

      let tokens: TokenSet;
      let accounts: PlatformAccount[];
      try {
        tokens = await oauth.exchangeCode({ code, redirectUri: redirectUri(platform), codeVerifier: taken.verifier });
        const provider = { current: async () => tokens, refreshed: async () => (tokens = await oauth.refresh(tokens)) };
        accounts = await platformAdapters[platform].client(config.platforms[platform], provider, ctx.platformRuntime).listAccounts();
      } catch (error) {
        if (!(error instanceof PlatformError)) throw error;
        log.warn({ platform, kind: error.kind, code: error.code, requestId: error.requestId }, 'platform connection failed');
        return failed('platform_error');
      }
      if (accounts.length === 0) {
        await connections.revokeQuietly(platform, tokens);
        // Google: a login that reaches no account yet usually has an invitation waiting.
        return platform === 'google' ? { invite_status: 'PENDING', platform } : failed('no_accounts');
      }
      const saved = await saveConnection(taken.userId, platform, tokens, accounts);
      if (!saved.ok) {
        await connections.revokeQuietly(platform, tokens);
        return failed('plan_limit', { plan: saved.plan, limit: String(saved.limit) });
      }
      for (const orphan of saved.orphans) await connections.revokeQuietly(platform, connections.open(orphan.id, orphan.sealedTokens));
      await onConnected(saved.connectionId, taken.userId);
      return { invite_status: 'ALREADY_LINKED', platform, connected: String(accounts.length) };
    },

    /** delete-connected-account/: needs a fresh verified OTP; revokes the grant when its last account goes. */
    async disconnect(userId: string, body: unknown): Promise<DeleteConnectedAccountResult> {
      const { accid } = await validate(disconnectSchema, body);
      const released = await db.transaction(async (tx) => {
        const [account] = await tx
          .select()
          .from(connectedAdAccounts)
          .where(and(eq(connectedAdAccounts.id, accid), eq(connectedAdAccounts.userId, userId)))
          .for('update');
        if (!account) throw notFound(AD_ACCOUNT_MESSAGES.notConnected);
        await otp.consumeVerification(tx, userId);
        await tx.delete(connectedAdAccounts).where(eq(connectedAdAccounts.id, account.id));
        const [emptied] = await tx
          .delete(platformConnections)
          .where(
            and(
              eq(platformConnections.id, account.connectionId),
              sql`not exists (select 1 from connected_ad_accounts a where a.connection_id = ${platformConnections.id})`,
            ),
          )
          .returning({ id: platformConnections.id, sealedTokens: platformConnections.sealedTokens, status: platformConnections.status });
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
