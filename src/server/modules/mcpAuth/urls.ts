import { MCP_PATH } from '@shared/api/mcp';

import type { AppConfig } from '../../config';

/**
 * The OAuth issuer (RFC 8414): the product's public origin. Clients compare it with the `iss` of an
 * authorization response (RFC 9207), so it must be spelled the same everywhere: built only here.
 */
export const issuerUrl = (config: Pick<AppConfig, 'publicUrl'>): string => config.publicUrl;

/**
 * The MCP server's resource identifier (RFC 8707, RFC 9728): where it answers. Tokens are bound to
 * it, and refused by any other resource.
 */
export const mcpResourceUrl = (config: Pick<AppConfig, 'publicUrl' | 'apiBase'>): string =>
  `${config.publicUrl}${config.apiBase}${MCP_PATH}`;

/** Where the authorization server's API endpoints answer (token, registration, revocation). */
export const oauthApiUrl = (
  config: Pick<AppConfig, 'publicUrl' | 'apiBase'>,
  endpoint: 'token' | 'register' | 'revoke' | 'authorize',
): string => `${config.publicUrl}${config.apiBase}/oauth/${endpoint}`;

/** The consent page of the SPA: the authorization endpoint a person's browser is sent to. */
export const authorizationPageUrl = (config: Pick<AppConfig, 'publicUrl'>): string =>
  `${config.publicUrl}/oauth/authorize`;
