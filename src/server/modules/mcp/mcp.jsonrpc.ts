import type { FastifyReply } from 'fastify';

/**
 * JSON-RPC error replies for what the HTTP layer refuses before the MCP SDK sees a message
 * (Host or Origin, token, body, rate limit): MCP clients read errors in this shape.
 */

/** JSON-RPC's codes: the body is not JSON; it is not a valid request; a server-defined error. */
export const JSONRPC_PARSE_ERROR = -32700;
export const JSONRPC_INVALID_REQUEST = -32600;
export const JSONRPC_SERVER_ERROR = -32000;

/**
 * The error as JSON-RPC has it (a strict shape: MCP clients parse nothing beside jsonrpc, error
 * and id), with the house's `detail` where JSON-RPC leaves room for more: `error.data`.
 */
export const jsonRpcError = (code: number, message: string) => ({
  jsonrpc: '2.0' as const,
  error: { code, message, data: { detail: message } },
  id: null,
});

export function sendJsonRpcError(reply: FastifyReply, status: number, code: number, message: string): FastifyReply {
  return reply.code(status).header('content-type', 'application/json; charset=utf-8').send(jsonRpcError(code, message));
}
