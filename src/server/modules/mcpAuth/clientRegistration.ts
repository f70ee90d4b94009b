import { randomBytes } from 'node:crypto';

import type { DbOrTx } from '../../db/connect';
import { insertClient } from './clients.queries';
import { OAuthError } from './oauthErrors';
import { redirectUriRefusal } from './redirectUris';

/** Redirect URIs one client may register: an app has a few (loopback, its scheme), never hundreds. */
const MAX_REDIRECT_URIS = 10;
/** Longest client name kept: it is shown on the consent page and in Connected apps. */
const MAX_NAME_LENGTH = 100;
/** Longest redirect URI kept. */
const MAX_URI_LENGTH = 2000;

/** What a client said about itself, once checked (a registration or a metadata document). */
export interface CheckedClientMetadata {
  client_name: string;
  client_uri: string | null;
  redirect_uris: string[];
  grant_types: string[];
  response_types: string[];
  token_endpoint_auth_method: 'none';
  scope?: string;
}

/**
 * Checks client metadata (RFC 7591 section 2) with the MCP SDK's own schema, then the rules of
 * this server: a public client (no secret to authenticate with), the authorization code flow, and
 * redirect URIs an authorization code may safely be sent to (see redirectUris).
 */
export async function checkClientMetadata(body: unknown): Promise<CheckedClientMetadata> {
  // The MCP SDK's schema is loaded with the first registration, not at the server's start.
  const { OAuthClientMetadataSchema } = await import('@modelcontextprotocol/sdk/shared/auth.js');
  const parsed = OAuthClientMetadataSchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue.path.join('.');
    const code = issue.path[0] === 'redirect_uris' ? 'invalid_redirect_uri' : 'invalid_client_metadata';
    throw new OAuthError(code, `${where ? `${where}: ` : ''}${issue.message}`);
  }
  const metadata = parsed.data;
  if (metadata.redirect_uris.length === 0)
    throw new OAuthError('invalid_redirect_uri', 'Register at least one redirect URI.');
  if (metadata.redirect_uris.length > MAX_REDIRECT_URIS)
    throw new OAuthError('invalid_redirect_uri', `Register at most ${MAX_REDIRECT_URIS} redirect URIs.`);
  for (const uri of metadata.redirect_uris) {
    const refusal = uri.length > MAX_URI_LENGTH ? 'A redirect URI is too long.' : redirectUriRefusal(uri);
    if (refusal) throw new OAuthError('invalid_redirect_uri', refusal);
  }
  const method = metadata.token_endpoint_auth_method ?? 'none';
  if (method !== 'none')
    throw new OAuthError(
      'invalid_client_metadata',
      'Only public clients are supported: token_endpoint_auth_method must be "none".',
    );
  const grantTypes = metadata.grant_types ?? ['authorization_code', 'refresh_token'];
  if (
    !grantTypes.includes('authorization_code') ||
    grantTypes.some((type) => type !== 'authorization_code' && type !== 'refresh_token')
  ) {
    throw new OAuthError('invalid_client_metadata', 'grant_types may only be authorization_code and refresh_token.');
  }
  const responseTypes = metadata.response_types ?? ['code'];
  if (responseTypes.some((type) => type !== 'code'))
    throw new OAuthError('invalid_client_metadata', 'response_types may only be code.');
  const clientUri = metadata.client_uri && /^https?:/i.test(metadata.client_uri) ? metadata.client_uri : null;
  return {
    client_name: (metadata.client_name?.trim() || 'An MCP client').slice(0, MAX_NAME_LENGTH),
    client_uri: clientUri,
    redirect_uris: metadata.redirect_uris,
    grant_types: grantTypes,
    response_types: responseTypes,
    token_endpoint_auth_method: 'none',
    ...(metadata.scope ? { scope: metadata.scope } : {}),
  };
}

/** A client id of ours: random, so one client cannot guess another's (128 bits). */
const newClientId = () => `mcp_${randomBytes(16).toString('base64url')}`;

/**
 * Dynamic Client Registration (RFC 7591 section 3): stores the client and answers its
 * information (section 3.2.1). Public clients only: no client secret is issued.
 */
export async function registerClient(db: DbOrTx, body: unknown, now: Date) {
  const metadata = await checkClientMetadata(body);
  const id = newClientId();
  await insertClient(db, {
    id,
    name: metadata.client_name,
    clientUri: metadata.client_uri,
    redirectUris: metadata.redirect_uris,
    createdAt: now,
  });
  return {
    client_id: id,
    client_id_issued_at: Math.floor(now.getTime() / 1000),
    ...metadata,
    client_uri: metadata.client_uri ?? undefined,
  };
}
