import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import { success } from '../../lib/routeSchema';

/** What a browser-based MCP client sends to the token, registration and revocation endpoints. */
const ALLOWED_HEADERS = 'Content-Type, Authorization, Mcp-Protocol-Version';
/** How long a browser may keep the preflight's answer, seconds. */
const PREFLIGHT_MAX_AGE_S = 600;

/**
 * Opens an OAuth endpoint to MCP clients that run in a web page (the MCP Inspector, web chat
 * apps): any origin may call it and read the answer. Safe because these endpoints never read
 * cookies or any other ambient credential: a call proves itself with what it carries (a code and
 * its PKCE verifier, a refresh token), so a page on another origin gains nothing it did not hold.
 * The app's own API stays behind CORS_ORIGINS.
 */
export function openToBrowserClients(
  app: FastifyInstance,
  path: string,
  tags: string[],
): { onSend: (request: FastifyRequest, reply: FastifyReply, payload: unknown) => Promise<unknown> } {
  const summary = `CORS preflight of POST ${path} for MCP clients in a web page (any origin, no credentials)`;
  app.options(
    path,
    { schema: { summary, tags, response: { 204: success('The CORS headers, no body.') } } },
    async (_request, reply) =>
      reply
        .code(204)
        .header('access-control-allow-origin', '*')
        .header('access-control-allow-methods', 'POST')
        .header('access-control-allow-headers', ALLOWED_HEADERS)
        .header('access-control-max-age', String(PREFLIGHT_MAX_AGE_S))
        .send(),
  );
  return {
    onSend: async (_request, reply, payload) => {
      reply.header('access-control-allow-origin', '*');
      return payload;
    },
  };
}
