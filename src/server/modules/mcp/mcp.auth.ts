import { MCP_PATH } from '@shared/api/mcp';
import type { FastifyReply, FastifyRequest } from 'fastify';

import type { AppContext } from '../../context';
import { authenticateMcpToken, type McpCaller } from '../mcpAuth/mcpTokens';
import { mcpResourceUrl } from '../mcpAuth/urls';
import { JSONRPC_SERVER_ERROR, sendJsonRpcError } from './mcp.jsonrpc';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the MCP bearer guard: who the access token stands for, as the grant and membership are now. */
    mcpCaller?: McpCaller;
  }
}

export const MCP_AUTH_MESSAGES = {
  noToken: 'Connect Adwise to this app first: the request carries no access token.',
  badToken:
    'The access token is not valid here (expired, revoked, or issued for another server). Connect Adwise again.',
} as const;

const BEARER = /^Bearer ([A-Za-z0-9\-._~+/]+=*)$/;

/**
 * Where clients find how to get a token (RFC 9728): the protected resource metadata of the MCP
 * resource, at the well-known path with the resource's path appended.
 */
export const resourceMetadataUrl = (config: AppContext['config']) =>
  `${config.publicUrl}/.well-known/oauth-protected-resource${config.apiBase}${MCP_PATH}`;

/**
 * onRequest guard of POST /mcp: the bearer token (RFC 6750) checked against this server's
 * resource (RFC 8707). Without one, or with one that is not good here, a 401 whose
 * WWW-Authenticate names the resource metadata, so the client can start (or restart) OAuth.
 */
export function createMcpBearerGuard(ctx: Pick<AppContext, 'db' | 'config' | 'clock'>) {
  const resource = mcpResourceUrl(ctx.config);
  const metadata = resourceMetadataUrl(ctx.config);
  return async function requireMcpToken(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | void> {
    const header = request.headers.authorization;
    const token = header === undefined ? undefined : BEARER.exec(header)?.[1];
    const caller = token === undefined ? null : await authenticateMcpToken(ctx.db, token, resource, ctx.clock.now());
    if (caller) {
      request.mcpCaller = caller;
      return;
    }
    // RFC 6750 section 3.1: no error code when the request had no credentials at all.
    const challenge =
      header === undefined
        ? `Bearer resource_metadata="${metadata}"`
        : `Bearer error="invalid_token", resource_metadata="${metadata}"`;
    reply.header('www-authenticate', challenge);
    return sendJsonRpcError(
      reply,
      401,
      JSONRPC_SERVER_ERROR,
      header === undefined ? MCP_AUTH_MESSAGES.noToken : MCP_AUTH_MESSAGES.badToken,
    );
  };
}
