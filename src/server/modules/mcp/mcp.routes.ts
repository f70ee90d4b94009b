import { MCP_PATH } from '@shared/api/mcp';
import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';

import type { AppContext } from '../../context';
import { HttpError } from '../../lib/httpError';
import { rateLimit } from '../../lib/routeOptions';
import { INTERNAL_ERROR_DETAIL } from '../../plugins/errors';
import type { Services } from '../../services';
import { recordCallNoToolRan } from './mcp.audit';
import { createMcpBearerGuard } from './mcp.auth';
import {
  JSONRPC_INVALID_REQUEST,
  JSONRPC_PARSE_ERROR,
  JSONRPC_SERVER_ERROR,
  jsonRpcError,
  sendJsonRpcError,
} from './mcp.jsonrpc';
import { createOriginGuard } from './mcp.origin';

/** Requests one grant (one app in one workspace) may make a minute, counted in the database across replicas. */
export const MCP_REQUESTS_PER_MINUTE = 120;

export const MCP_ROUTE_MESSAGES = {
  noBody: 'The request body must be a JSON-RPC message.',
  sessionless: 'This MCP server keeps no sessions: send every message as a POST.',
} as const;

const tags = ['MCP'];

/** Turns what the HTTP layer refuses (body, size, content type, rate limit) into a JSON-RPC error with the same status. */
function jsonRpcErrorHandler(error: FastifyError | HttpError, request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode ?? 500;
  if (error instanceof HttpError) {
    if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
    if (status === 429 && reply.getHeader('retry-after') === undefined) reply.header('retry-after', '60');
    // The app's JSON parser refuses malformed, too deep or prototype-polluting bodies with a 400.
    return sendJsonRpcError(reply, status, status === 400 ? JSONRPC_PARSE_ERROR : JSONRPC_SERVER_ERROR, error.detail);
  }
  if (status >= 400 && status < 500) {
    const detail =
      error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
        ? 'The request body is too large.'
        : error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
          ? 'Send JSON-RPC messages as application/json.'
          : error.message;
    return sendJsonRpcError(reply, status, JSONRPC_INVALID_REQUEST, detail);
  }
  request.log.error({ err: error }, 'MCP request failed');
  return sendJsonRpcError(reply, 500, JSONRPC_SERVER_ERROR, INTERNAL_ERROR_DETAIL);
}

/**
 * The MCP SDK's server and transport and our tools, loaded on the first MCP request rather than on
 * every server start (about 0.2 s of start-up for a feature many deployments never see used).
 */
let mcpRuntime:
  | Promise<[typeof import('@modelcontextprotocol/sdk/server/streamableHttp.js'), typeof import('./mcp.server')]>
  | undefined;
const loadMcpRuntime = () =>
  (mcpRuntime ??= Promise.all([import('@modelcontextprotocol/sdk/server/streamableHttp.js'), import('./mcp.server')]));

/**
 * The MCP server (Streamable HTTP, stateless) at <apiBase>/mcp, inside the app: each POST gets a
 * server and a transport of its own for the token's caller, answered as JSON and closed with the
 * response, so any replica answers any request and nothing waits in memory between them. Host and
 * Origin are checked first (DNS rebinding), then the token; each grant has its own request budget.
 */
export const mcpRoutes: FastifyPluginAsync<{
  ctx: AppContext;
  services: Services;
  conformanceFixtures?: boolean;
}> = async (app, { ctx, services, conformanceFixtures }) => {
  const checkHostAndOrigin = createOriginGuard(ctx.config);
  const requireToken = createMcpBearerGuard(ctx);
  app.setErrorHandler(jsonRpcErrorHandler);
  app.addHook('onRequest', checkHostAndOrigin);

  app.post(
    MCP_PATH,
    {
      // The token is read before the budget is counted, so the budget is the grant's: one app
      // cannot spend another's, and several apps behind one address do not share one.
      onRequest: requireToken,
      config: {
        rateLimit: {
          ...rateLimit(MCP_REQUESTS_PER_MINUTE).rateLimit,
          keyGenerator: (request: FastifyRequest) => `mcp:${request.mcpCaller?.grantId ?? request.ip}`,
        },
      },
      schema: {
        summary: 'MCP (Model Context Protocol) JSON-RPC messages, Streamable HTTP, revision 2025-11-25',
        description:
          'Bearer token from Adwise’s OAuth server, bound to this resource. Answers application/json; no sessions.',
        tags,
      },
    },
    async (request, reply) => {
      const caller = request.mcpCaller!;
      if (request.body === undefined || request.body === null)
        return sendJsonRpcError(reply, 400, JSONRPC_INVALID_REQUEST, MCP_ROUTE_MESSAGES.noBody);
      const [{ StreamableHTTPServerTransport }, { createMcpServer }] = await loadMcpRuntime();
      const audited = { calls: 0 };
      const server = createMcpServer(caller, ctx, services, { conformanceFixtures, audited });
      // Stateless: no session id, a JSON answer (no SSE stream to keep open).
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
      // The reply is written by the transport on the raw response: headers set so far by hooks
      // (CORS, request id) would be dropped with Fastify's reply, so they go on the raw one now.
      for (const [name, value] of Object.entries(reply.getHeaders()))
        if (value !== undefined) reply.raw.setHeader(name, value);
      reply.raw.setHeader('x-request-id', request.id);
      reply.raw.setHeader('cache-control', 'no-store');
      reply.hijack();
      reply.raw.on('close', () => {
        void transport.close();
        void server.close();
      });
      try {
        await server.connect(transport);
        await transport.handleRequest(request.raw, reply.raw, request.body);
        if (audited.calls === 0) await recordCallNoToolRan(ctx.db, caller, request.body, ctx.clock.now());
      } catch (error) {
        request.log.error({ err: error }, 'MCP request failed');
        if (!reply.raw.headersSent) {
          reply.raw.writeHead(500, { 'content-type': 'application/json; charset=utf-8' });
          reply.raw.end(JSON.stringify(jsonRpcError(JSONRPC_SERVER_ERROR, INTERNAL_ERROR_DETAIL)));
        }
      }
      return reply;
    },
  );

  // Without sessions there is no stream to open with GET and none to end with DELETE (the MCP
  // transport spec lets such a server answer 405).
  const notAllowed = async (_request: FastifyRequest, reply: FastifyReply) =>
    sendJsonRpcError(reply.header('allow', 'POST'), 405, JSONRPC_SERVER_ERROR, MCP_ROUTE_MESSAGES.sessionless);
  app.get(MCP_PATH, { schema: { summary: 'Not offered: this MCP server keeps no sessions (405)', tags } }, notAllowed);
  app.delete(
    MCP_PATH,
    { schema: { summary: 'Not offered: this MCP server keeps no sessions (405)', tags } },
    notAllowed,
  );
};
