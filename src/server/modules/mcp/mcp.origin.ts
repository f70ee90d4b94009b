import type { FastifyReply, FastifyRequest } from 'fastify';

import type { AppConfig } from '../../config';
import { JSONRPC_SERVER_ERROR, sendJsonRpcError } from './mcp.jsonrpc';

export const MCP_ORIGIN_MESSAGES = {
  badHost: 'This server does not answer MCP requests for that host name.',
  badOrigin: 'MCP requests from this web page’s origin are not allowed.',
} as const;

/** Names this machine answers to in development and tests, whatever the public URL says. */
const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];

/** The host name of a Host header (port left out; IPv6 in brackets), or undefined when it is not one. */
function hostnameOf(host: string | undefined): string | undefined {
  if (!host) return undefined;
  try {
    return new URL(`http://${host}`).hostname;
  } catch {
    return undefined;
  }
}

/**
 * DNS-rebinding protection (MCP transport spec): a page on an attacker's domain that resolves to
 * this server sends its own Host and Origin, so both are checked before anything else. Host must be
 * the public URL's host name (any port: a proxy may put one on), or loopback outside production;
 * an Origin, when a browser sends one, must be the public URL's origin or a configured CORS origin.
 * The SDK's own check is Express middleware (and the transport's options are deprecated), so this
 * is the same check as an onRequest hook.
 */
export function createOriginGuard(config: Pick<AppConfig, 'publicUrl' | 'corsOrigins' | 'env'>) {
  const publicUrl = new URL(config.publicUrl);
  const hosts = new Set([publicUrl.hostname, ...(config.env === 'production' ? [] : LOOPBACK_NAMES)]);
  const origins = new Set([publicUrl.origin, ...config.corsOrigins]);
  return async function checkHostAndOrigin(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | void> {
    const hostname = hostnameOf(request.headers.host);
    if (!hostname || !hosts.has(hostname))
      return sendJsonRpcError(reply, 403, JSONRPC_SERVER_ERROR, MCP_ORIGIN_MESSAGES.badHost);
    const origin = request.headers.origin;
    if (origin !== undefined && !origins.has(origin))
      return sendJsonRpcError(reply, 403, JSONRPC_SERVER_ERROR, MCP_ORIGIN_MESSAGES.badOrigin);
  };
}
