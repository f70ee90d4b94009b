import type { McpConsentAnswer } from '@shared/api/mcp';
import { mcpConsentAnswerSchema } from '@shared/validation/mcp';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';

import type { AppContext } from '../../context';
import { badRequest } from '../../lib/httpError';
import { noStore, rateLimit } from '../../lib/routeOptions';
import { bearerAuth, errorResponses, success } from '../../lib/routeSchema';
import { currentUserId } from '../../lib/signedIn';
import { createAuthGuard } from '../auth/auth.guard';
import { type AuthorizationQuery, createAuthorizeService } from './authorize.service';
import { openToBrowserClients } from './browserClients';
import { type FetchClientDocument, fetchClientDocument } from './clientMetadataDocument';
import { registerClient } from './clientRegistration';
import { answeringOAuthErrors } from './oauthErrors';
import { createTokenService, type TokenParams } from './token.service';

const tags = ['MCP authorization'];
/** A form body of the token or revocation endpoint is a few hundred bytes. */
const FORM_BODY_LIMIT_BYTES = 16 * 1024;

/** The request's parameters as strings: a form (RFC 6749 requires it) or JSON; anything not a string is dropped. */
function paramsOf(request: FastifyRequest): TokenParams {
  const body = request.body;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return {};
  return Object.fromEntries(
    Object.entries(body).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

/**
 * oauth/register, oauth/token, oauth/revoke (for MCP clients) and oauth/authorize (for the
 * consent page): Adwise as the authorization server of its own MCP server.
 */
export const mcpOAuthRoutes: FastifyPluginAsync<{ ctx: AppContext; fetchDocument?: FetchClientDocument }> = async (
  app,
  { ctx, fetchDocument = fetchClientDocument },
) => {
  noStore(app);
  const requireUser = createAuthGuard(ctx);
  const authorize = createAuthorizeService(ctx, fetchDocument);
  const tokens = createTokenService(ctx, fetchDocument);

  // RFC 6749 sends token and revocation requests as forms. Only this plugin takes them; a
  // parameter given twice is refused (section 3.2: "MUST NOT be included more than once").
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT_BYTES },
    (_request, body, done) => {
      const params = new URLSearchParams(body as string);
      const names = [...params.keys()];
      const repeated = names.find((name, index) => names.indexOf(name) !== index);
      if (repeated)
        return done(badRequest(`The parameter "${repeated}" was given more than once.`, repeated), undefined);
      done(null, Object.fromEntries(params));
    },
  );

  app.post(
    '/oauth/register',
    {
      ...openToBrowserClients(app, '/oauth/register', tags),
      schema: {
        summary: 'Dynamic Client Registration (RFC 7591) for public MCP clients',
        description:
          'Answers 201 with client_id; errors are RFC 7591 `{error, error_description}` (invalid_redirect_uri, invalid_client_metadata).',
        tags,
        response: { 201: success('The registered client.'), ...errorResponses(400, 429) },
      },
      config: rateLimit(10),
    },
    async (request, reply) =>
      answeringOAuthErrors(reply, async () =>
        reply.code(201).send(await registerClient(ctx.db, request.body, ctx.clock.now())),
      ),
  );

  app.post(
    '/oauth/token',
    {
      ...openToBrowserClients(app, '/oauth/token', tags),
      schema: {
        summary: 'Token endpoint: authorization_code (PKCE S256) or refresh_token (rotating)',
        description: 'Form or JSON. Errors are RFC 6749 section 5.2 `{error, error_description}`.',
        tags,
        response: { 200: success('A token pair.'), ...errorResponses(400, 401, 429) },
      },
      config: rateLimit(30),
    },
    async (request, reply) => answeringOAuthErrors(reply, async () => tokens.token(paramsOf(request))),
  );

  app.post(
    '/oauth/revoke',
    {
      ...openToBrowserClients(app, '/oauth/revoke', tags),
      schema: {
        summary: 'Token revocation (RFC 7009): a refresh token ends its grant',
        description: 'Always 200 for a token that is unknown or not the client’s.',
        tags,
        response: { 200: success('Revoked (or nothing to revoke).'), ...errorResponses(400, 429) },
      },
      config: rateLimit(30),
    },
    async (request, reply) =>
      answeringOAuthErrors(reply, async () => {
        await tokens.revoke(paramsOf(request));
        return reply.code(200).send({});
      }),
  );

  app.get<{ Querystring: AuthorizationQuery }>(
    '/oauth/authorize',
    {
      preHandler: requireUser,
      schema: {
        summary: 'The consent page’s view of an authorization request (the OAuth query, forwarded)',
        description:
          'Answers the client and the user’s workspaces, or `{redirect_to}` with an OAuth error for the client; 400 when the client or its redirect URI cannot be trusted.',
        tags,
        security: bearerAuth,
        response: { 200: success('The consent request, or where to send the browser.'), ...errorResponses(400, 401) },
      },
      config: rateLimit(60),
    },
    async (request) => authorize.consentRequest(currentUserId(request), request.query),
  );

  app.post<{ Querystring: AuthorizationQuery; Body: McpConsentAnswer }>(
    '/oauth/authorize',
    {
      preHandler: requireUser,
      schema: {
        summary: 'The person’s consent: approve (a code for the client) or deny',
        description: 'The OAuth query as for GET; the body is the answer. Answers `{redirect_to}`.',
        tags,
        security: bearerAuth,
        body: mcpConsentAnswerSchema,
        response: { 200: success('Where to send the browser.'), ...errorResponses(400, 401, 403, 404, 429) },
      },
      config: rateLimit(20),
    },
    async (request) => authorize.answer(currentUserId(request), request.query, request.body),
  );
};
