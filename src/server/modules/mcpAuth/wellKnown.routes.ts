import type { FastifyPluginAsync, FastifyReply } from 'fastify';

import type { AppConfig } from '../../config';
import { rateLimit } from '../../lib/routeOptions';
import { authorizationServerMetadata, protectedResourceMetadata, protectedResourceMetadataPath } from './metadata';

/** Metadata is the same for everyone and changes only with a deployment: caches may keep it an hour. */
const CACHE_CONTROL = 'public, max-age=3600';

/**
 * The well-known documents MCP clients discover the authorization server by, at the app's root
 * (RFC 8615 puts them there, not under the API base). Hidden from the API docs: they are part of
 * OAuth, described by their RFCs.
 */
export const oauthWellKnownRoutes: FastifyPluginAsync<{ config: AppConfig }> = async (app, { config }) => {
  const resource = protectedResourceMetadata(config);
  const server = authorizationServerMetadata(config);
  const options = { schema: { hide: true }, config: rateLimit(120) };
  // Any origin may read them: browser-based MCP clients discover the server from their own pages.
  const send = (body: object) => async (_request: unknown, reply: FastifyReply) =>
    reply
      .header('cache-control', CACHE_CONTROL)
      .header('access-control-allow-origin', '*')
      .type('application/json')
      .send(JSON.stringify(body));

  app.get(protectedResourceMetadataPath(config), options, send(resource));
  // The bare name too: clients that were not given the resource's own path try it first.
  app.get('/.well-known/oauth-protected-resource', options, send(resource));
  app.get('/.well-known/oauth-authorization-server', options, send(server));
};
