import { BRANDING_LIMITS } from '@shared/api/branding';
import { brandingSchema } from '@shared/validation/branding';
import type { FastifyPluginAsync } from 'fastify';
import { object, string } from 'yup';

import type { AppContext } from '../../context';
import { rateLimit } from '../../lib/routeOptions';
import { bearerAuth, errorResponses, success } from '../../lib/routeSchema';
import type { YupTypeProvider } from '../../lib/validate';
import type { Services } from '../../services';
import { principalFor } from '../access/principal';
import { workspaceScope } from '../access/workspaceScope';

const tags = ['Branding'];
/** A 1 MB logo as base64 plus the text fields (the API's default body limit is far smaller). */
const BRANDING_BODY_LIMIT = Math.ceil((BRANDING_LIMITS.logoMaxBytes * 4) / 3) + 64 * 1024;
const tokenParams = object({ token: string().default('') });

/** workspace/branding/…: the current workspace's branding (every member reads it; owners and managers change it). */
export const brandingRoutes: FastifyPluginAsync<{ ctx: AppContext; services: Services }> = async (
  fastify,
  { ctx, services },
) => {
  const app = workspaceScope(fastify, ctx);
  const { branding } = services;

  app.get(
    '/workspace/branding/',
    {
      schema: {
        summary:
          'The current workspace’s branding (its defaults until someone saved it), with a signed URL of the logo',
        tags,
        security: bearerAuth,
        response: { 200: success('The branding.'), ...errorResponses(401, 404) },
      },
    },
    // Every member, the client role included: they see the dashboard in it.
    async (request) => branding.get(principalFor(request, 'dashboard:read')),
  );

  app.put(
    '/workspace/branding/',
    {
      bodyLimit: BRANDING_BODY_LIMIT,
      config: rateLimit(30),
      // The role before the body: a member who may not change the branding is told so, not what is wrong with their input.
      preValidation: async (request) => {
        principalFor(request, 'branding:manage');
      },
      schema: {
        summary:
          'Save the branding: name on reports, primary colour (white text on it must meet WCAG AA), sender name, reply-to, and optionally a new logo (PNG or SVG as base64)',
        description:
          'A logo left out or null keeps the stored one. A refusal (with `detail` and `field`) saves nothing.',
        tags,
        security: bearerAuth,
        body: brandingSchema,
        response: { 200: success('The saved branding.'), ...errorResponses(400, 401, 403, 404, 413, 429) },
      },
    },
    async (request) => branding.save(principalFor(request, 'branding:manage'), request.body),
  );

  app.delete(
    '/workspace/branding/logo/',
    {
      config: rateLimit(30),
      schema: {
        summary: 'Remove the logo (the rest of the branding stays); its URL stops working',
        tags,
        security: bearerAuth,
        response: { 200: success('The branding without a logo.'), ...errorResponses(401, 403, 404, 429) },
      },
    },
    async (request) => branding.removeLogo(principalFor(request, 'branding:manage')),
  );
};

/** branding/logo/<token>/: public, for <img>; the signed token is the permission (see logoTokens.ts). */
export const brandingLogoRoutes: FastifyPluginAsync<{ services: Services }> = async (fastify, { services }) => {
  const app = fastify.withTypeProvider<YupTypeProvider>();

  app.get(
    '/branding/logo/:token/',
    {
      config: rateLimit(300),
      schema: {
        summary: 'A workspace’s logo by the signed URL its branding gives; immutable (a new logo has a new URL)',
        tags,
        params: tokenParams,
        response: { 200: success('image/png or image/svg+xml.'), ...errorResponses(404, 429) },
      },
    },
    async (request, reply) => {
      const { bytes, type } = await services.branding.logo(request.params.token);
      return (
        reply
          .type(type)
          .header('cache-control', 'private, max-age=31536000, immutable')
          .header('x-content-type-options', 'nosniff')
          // Opened on its own, an SVG runs nothing and loads nothing.
          .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox")
          .header('content-disposition', 'inline')
          .send(bytes)
      );
    },
  );
};
