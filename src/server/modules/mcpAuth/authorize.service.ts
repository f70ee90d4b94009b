import { ErrorCode } from '@shared/api/errors';
import {
  MCP_CODE_TTL_SECONDS,
  MCP_MESSAGES,
  type McpAccess,
  type McpConsentAnswer,
  type McpConsentRequest,
  type McpConsentResult,
} from '@shared/api/mcp';

import type { AppContext } from '../../context';
import { HttpError, notFound } from '../../lib/httpError';
import { membership } from '../access/principal';
import { hashToken, newOpaqueToken } from '../auth/tokens';
import { type FetchClientDocument, findClient } from './clientMetadataDocument';
import type { ClientRow } from './clients.queries';
import { consentWorkspacesOf, insertAuthCode, insertGrant } from './grants.queries';
import { roleMayAct } from './mcpTokens';
import { isS256Challenge } from './pkce';
import { redirectUriMatches } from './redirectUris';
import { issuerUrl, mcpResourceUrl } from './urls';

/** The query of an authorization request (RFC 6749 section 4.1.1, RFC 7636, RFC 8707), as the SPA forwards it. */
export type AuthorizationQuery = Record<string, string | undefined>;

/** A request that passed every check: who asks, where to return, what to bind the code to. */
interface ValidRequest {
  client: ClientRow;
  redirectUri: string;
  codeChallenge: string;
  resource: string;
  requestedAccess: McpAccess;
  state: string | undefined;
}

/** 400 shown on the consent page: the request cannot be answered at a redirect URI we trust. */
const unsafeToRedirect = (detail: string) => new HttpError(400, detail, ErrorCode.ValidationFailed);

/**
 * The authorization endpoint's work (RFC 6749 section 4.1), behind the consent page. Errors
 * about the client or its redirect URI are shown on the page (sending the browser to an address
 * nobody vouched for would make Adwise an open redirector); every other error goes back to the
 * client at its redirect URI (section 4.1.2.1), with `iss` (RFC 9207).
 */
export function createAuthorizeService(
  ctx: Pick<AppContext, 'db' | 'clock' | 'config'>,
  fetchDocument: FetchClientDocument,
) {
  const { db, clock, config } = ctx;
  const resourceUrl = mcpResourceUrl(config);

  /** The redirect URI with the response's parameters added (the URI's own query kept). */
  function redirectTo(redirectUri: string, params: Record<string, string | undefined>): McpConsentResult {
    const url = new URL(redirectUri);
    for (const [name, value] of Object.entries({ ...params, iss: issuerUrl(config) }))
      if (value !== undefined) url.searchParams.set(name, value);
    return { redirect_to: url.toString() };
  }

  const errorRedirect = (redirectUri: string, state: string | undefined, error: string, description: string) =>
    redirectTo(redirectUri, { error, error_description: description, state });

  /** Checks the request: a ValidRequest, an error redirect for the client, or a thrown 400 for the page. */
  async function validate(query: AuthorizationQuery): Promise<ValidRequest | McpConsentResult> {
    const clientId = query.client_id;
    const client = clientId ? await findClient(db, clientId, clock.now(), fetchDocument) : null;
    if (!client) throw unsafeToRedirect(MCP_MESSAGES.unknownClient);
    // Required (OAuth 2.1), so the token request can be held to the same one.
    const redirectUri = query.redirect_uri;
    if (!redirectUri || !redirectUriMatches(client.redirectUris, redirectUri))
      throw unsafeToRedirect(MCP_MESSAGES.badRedirect);
    const state = query.state;
    const fail = (error: string, description: string) => errorRedirect(redirectUri, state, error, description);
    if (query.response_type !== 'code')
      return fail('unsupported_response_type', 'Only response_type=code is supported.');
    if (!query.code_challenge)
      return fail('invalid_request', 'PKCE is required: send code_challenge with code_challenge_method=S256.');
    // OAuth 2.1: "plain" would let whoever saw the request redeem the code.
    if (query.code_challenge_method !== 'S256')
      return fail('invalid_request', 'Only code_challenge_method=S256 is supported.');
    if (!isS256Challenge(query.code_challenge))
      return fail('invalid_request', 'code_challenge is not an S256 challenge.');
    // RFC 8707: the token is bound to the MCP server, and must be asked for it by name.
    if (!query.resource) return fail('invalid_target', `Send resource=${resourceUrl}.`);
    if (query.resource !== resourceUrl)
      return fail('invalid_target', `This server issues tokens for ${resourceUrl} only.`);
    // Scopes beyond ours are ignored (RFC 6749 section 3.3 lets the server grant less than asked).
    const scopes = (query.scope ?? '').split(' ');
    const requestedAccess: McpAccess = scopes.includes('adwise:act') ? 'act' : 'read';
    return { client, redirectUri, codeChallenge: query.code_challenge, resource: resourceUrl, requestedAccess, state };
  }

  const isRedirect = (value: ValidRequest | McpConsentResult): value is McpConsentResult => 'redirect_to' in value;

  return {
    /** What the consent page shows: the client, and the user's workspaces with whether "act" is on offer in each. */
    async consentRequest(userId: string, query: AuthorizationQuery): Promise<McpConsentRequest | McpConsentResult> {
      const request = await validate(query);
      if (isRedirect(request)) return request;
      const rows = await consentWorkspacesOf(db, userId);
      return {
        client: { id: request.client.id, name: request.client.name, uri: request.client.clientUri },
        redirect_uri: request.redirectUri,
        workspaces: rows.map((row) => ({ id: row.id, name: row.name, role: row.role, can_act: roleMayAct(row.role) })),
        requested_access: request.requestedAccess,
      };
    },

    /**
     * The person's answer. Everything is checked again here (the page's offer proves nothing):
     * the request, membership of the workspace, and "act" only for a role that may change
     * campaigns. An approval stores the grant and a single-use code (hashed, 5 minutes, bound
     * to the PKCE challenge, the redirect URI and the resource).
     */
    async answer(userId: string, query: AuthorizationQuery, answer: McpConsentAnswer): Promise<McpConsentResult> {
      const request = await validate(query);
      if (isRedirect(request)) return request;
      if (!answer.approve)
        return errorRedirect(request.redirectUri, request.state, 'access_denied', 'The user did not allow access.');
      const workspaceId = answer.workspace_id?.toLowerCase();
      const role = workspaceId ? await membership(db, userId, workspaceId) : undefined;
      if (!workspaceId || !role) throw notFound(MCP_MESSAGES.noWorkspace);
      if (answer.access === 'act' && !roleMayAct(role))
        throw new HttpError(403, MCP_MESSAGES.actNotAllowed, ErrorCode.Forbidden);
      const now = clock.now();
      const code = newOpaqueToken();
      await db.transaction(async (tx) => {
        const grantId = await insertGrant(tx, {
          userId,
          workspaceId,
          clientId: request.client.id,
          access: answer.access,
          createdAt: now,
        });
        await insertAuthCode(tx, {
          codeHash: hashToken(code),
          grantId,
          codeChallenge: request.codeChallenge,
          redirectUri: request.redirectUri,
          resource: request.resource,
          expiresAt: new Date(now.getTime() + MCP_CODE_TTL_SECONDS * 1000),
        });
      });
      return redirectTo(request.redirectUri, { code, state: request.state });
    },
  };
}
export type AuthorizeService = ReturnType<typeof createAuthorizeService>;
