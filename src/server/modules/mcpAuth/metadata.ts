import { MCP_PATH, MCP_SCOPES } from '@shared/api/mcp';

import type { AppConfig } from '../../config';
import { authorizationPageUrl, issuerUrl, mcpResourceUrl, oauthApiUrl } from './urls';

type UrlConfig = Pick<AppConfig, 'publicUrl' | 'apiBase'>;

/** Every scope a token can carry: adwise:read, adwise:act. */
export const SCOPES_SUPPORTED = [...new Set(Object.values(MCP_SCOPES).flatMap((scope) => scope.split(' ')))];

/** Where the protected resource metadata of the MCP server is published (RFC 9728 section 3.1: the resource's path after the well-known name). */
export const protectedResourceMetadataPath = (config: Pick<AppConfig, 'apiBase'>) =>
  `/.well-known/oauth-protected-resource${config.apiBase}${MCP_PATH}`;

/** The URL an MCP client is pointed at in a 401's WWW-Authenticate (resource_metadata=...). */
export const protectedResourceMetadataUrl = (config: UrlConfig) =>
  `${config.publicUrl}${protectedResourceMetadataPath(config)}`;

/** OAuth 2.0 Protected Resource Metadata of the MCP server (RFC 9728). */
export const protectedResourceMetadata = (config: UrlConfig) => ({
  resource: mcpResourceUrl(config),
  authorization_servers: [issuerUrl(config)],
  scopes_supported: SCOPES_SUPPORTED,
  bearer_methods_supported: ['header'],
  resource_name: 'Adwise',
});

/**
 * OAuth 2.0 Authorization Server Metadata (RFC 8414). The authorization endpoint is a page of the
 * app (the person signs in and consents there); the others are API endpoints. Public clients
 * only (no client secret: an assistant on someone's machine cannot keep one), PKCE S256 only.
 */
export const authorizationServerMetadata = (config: UrlConfig) => ({
  issuer: issuerUrl(config),
  authorization_endpoint: authorizationPageUrl(config),
  token_endpoint: oauthApiUrl(config, 'token'),
  registration_endpoint: oauthApiUrl(config, 'register'),
  revocation_endpoint: oauthApiUrl(config, 'revoke'),
  response_types_supported: ['code'],
  response_modes_supported: ['query'],
  grant_types_supported: ['authorization_code', 'refresh_token'],
  code_challenge_methods_supported: ['S256'],
  token_endpoint_auth_methods_supported: ['none'],
  revocation_endpoint_auth_methods_supported: ['none'],
  scopes_supported: SCOPES_SUPPORTED,
  // RFC 9207: the redirect carries iss, so a client talking to several servers cannot be mixed up.
  authorization_response_iss_parameter_supported: true,
  client_id_metadata_document_supported: true,
});
