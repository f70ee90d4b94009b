import type { AppContext } from '../../context';
import { membership } from '../access/principal';
import { hashToken } from '../auth/tokens';
import { type FetchClientDocument, findClient } from './clientMetadataDocument';
import {
  authCodeByHash,
  grantById,
  grantClientId,
  refreshTokenByHash,
  revokeGrant,
  revokeGrantTokens,
  revokeToken,
  spendAuthCode,
  spendRefreshToken,
  tokenWithClient,
} from './grants.queries';
import { effectiveAccess, issueTokenPair, type McpTokenPair } from './mcpTokens';
import { OAuthError } from './oauthErrors';
import { verifierMatches } from './pkce';
import { mcpResourceUrl } from './urls';

/** A token request's parameters (form or JSON), as strings. */
export type TokenParams = Record<string, string | undefined>;

const invalidGrant = (description: string) => new OAuthError('invalid_grant', description);
const required = (params: TokenParams, name: string): string => {
  const value = params[name];
  if (!value) throw new OAuthError('invalid_request', `${name} is required.`);
  return value;
};

/**
 * The token endpoint (RFC 6749 section 3.2) and revocation endpoint (RFC 7009) for public MCP
 * clients: codes redeemed once with their PKCE verifier, refresh tokens that rotate, and reuse of
 * either ending every token of the grant (RFC 9700 section 2.2.2 and section 4.14).
 */
export function createTokenService(
  ctx: Pick<AppContext, 'db' | 'clock' | 'config'>,
  fetchDocument: FetchClientDocument,
) {
  const { db, clock, config } = ctx;
  const resourceUrl = mcpResourceUrl(config);

  /** The public client the request names (no secret to check: token_endpoint_auth_method none). */
  async function client(params: TokenParams) {
    const found = await findClient(db, required(params, 'client_id'), clock.now(), fetchDocument);
    if (!found) throw new OAuthError('invalid_client', 'Unknown client_id.');
    return found;
  }

  /** RFC 8707: a resource named in the token request must be the one the grant was for. */
  function checkResource(params: TokenParams, bound: string) {
    if (params.resource !== undefined && params.resource !== bound)
      throw new OAuthError('invalid_target', `Tokens are issued for ${bound} only.`);
  }

  /** The grant behind a code or refresh token, still in force, with its user's role now; throws invalid_grant otherwise. */
  async function liveGrant(grantId: string, clientId: string) {
    const grant = await grantById(db, grantId);
    if (!grant || grant.clientId !== clientId) throw invalidGrant('The grant was not issued to this client.');
    if (grant.revokedAt) throw invalidGrant('The grant was revoked.');
    const role = await membership(db, grant.userId, grant.workspaceId);
    if (!role) throw invalidGrant('The user is no longer a member of the workspace.');
    return { id: grant.id, access: effectiveAccess(grant.access, role) };
  }

  async function authorizationCode(params: TokenParams): Promise<McpTokenPair> {
    const caller = await client(params);
    const code = required(params, 'code');
    const verifier = required(params, 'code_verifier');
    const redirectUri = required(params, 'redirect_uri');
    const now = clock.now();
    const row = await authCodeByHash(db, hashToken(code));
    if (!row) throw invalidGrant('The code is not valid.');
    if (row.usedAt) {
      // A code used twice was stolen or replayed: whatever it gave is taken back (RFC 6749 4.1.2).
      await revokeGrantTokens(db, row.grantId, now);
      throw invalidGrant('The code was already used.');
    }
    if (row.expiresAt.getTime() <= now.getTime()) throw invalidGrant('The code has expired.');
    if (row.redirectUri !== redirectUri) throw invalidGrant('redirect_uri does not match the authorization request.');
    checkResource(params, row.resource);
    if (!verifierMatches(verifier, row.codeChallenge))
      throw invalidGrant('code_verifier does not match the code_challenge.');
    const grant = await liveGrant(row.grantId, caller.id);
    return db.transaction(async (tx) => {
      // Spent here, atomically: of two requests racing with the same code, one wins.
      const spent = await spendAuthCode(tx, row.codeHash, now);
      if (!spent) throw invalidGrant('The code was already used.');
      return issueTokenPair(tx, grant, row.resource, now);
    });
  }

  async function refreshToken(params: TokenParams): Promise<McpTokenPair> {
    const caller = await client(params);
    const presented = required(params, 'refresh_token');
    const now = clock.now();
    const row = await refreshTokenByHash(db, hashToken(presented));
    if (!row) throw invalidGrant('The refresh token is not valid.');
    const grantRow = await grantClientId(db, row.grantId);
    if (grantRow?.clientId !== caller.id) throw invalidGrant('The refresh token was not issued to this client.');
    if (row.usedAt) {
      // A rotated-out token came back: someone else has a copy. End every token of the grant.
      await revokeGrantTokens(db, row.grantId, now);
      throw invalidGrant('The refresh token was already used; every token of this grant is revoked.');
    }
    if (row.revokedAt) throw invalidGrant('The refresh token was revoked.');
    if (row.expiresAt.getTime() <= now.getTime()) throw invalidGrant('The refresh token has expired.');
    checkResource(params, row.resource);
    const grant = await liveGrant(row.grantId, caller.id);
    const rotated = await db.transaction(async (tx) => {
      const spent = await spendRefreshToken(tx, row.id, now);
      return spent ? issueTokenPair(tx, grant, row.resource, now) : null;
    });
    if (!rotated) {
      // Lost a race with another use of the same token: that is reuse too.
      await revokeGrantTokens(db, row.grantId, now);
      throw invalidGrant('The refresh token was already used; every token of this grant is revoked.');
    }
    return rotated;
  }

  return {
    resourceUrl,

    /** POST oauth/token: a new token pair for a code or a refresh token. */
    async token(params: TokenParams): Promise<McpTokenPair> {
      const grantType = params.grant_type;
      if (!grantType) throw new OAuthError('invalid_request', 'grant_type is required.');
      if (grantType === 'authorization_code') return authorizationCode(params);
      if (grantType === 'refresh_token') return refreshToken(params);
      throw new OAuthError('unsupported_grant_type', 'grant_type must be authorization_code or refresh_token.');
    },

    /**
     * POST oauth/revoke (RFC 7009): ends the token; a refresh token ends its grant and every
     * token of it (the app is disconnected). An unknown token, or one of another client, is
     * answered the same as a revoked one (section 2.2), so the endpoint reveals nothing.
     */
    async revoke(params: TokenParams): Promise<void> {
      const token = required(params, 'token');
      const clientId = required(params, 'client_id');
      const now = clock.now();
      const row = await tokenWithClient(db, hashToken(token));
      if (!row || row.clientId !== clientId) return;
      if (row.kind === 'access') {
        await revokeToken(db, row.id, now);
        return;
      }
      await db.transaction(async (tx) => {
        await revokeGrant(tx, row.grantId, now);
        await revokeGrantTokens(tx, row.grantId, now);
      });
    },
  };
}
export type TokenService = ReturnType<typeof createTokenService>;
