import { type ReportInputValidated, reportSchema, reportShareSchema } from '@shared/validation/reports';
import type { FastifyPluginAsync } from 'fastify';
import { object, string } from 'yup';

import type { AppContext } from '../../context';
import { noStore, rateLimit } from '../../lib/routeOptions';
import { bearerAuth, errorResponses, success } from '../../lib/routeSchema';
import type { YupTypeProvider } from '../../lib/validate';
import type { Services } from '../../services';
import { principalFor, roleBeforeBody } from '../access/principal';
import { workspaceScope } from '../access/workspaceScope';

const tags = ['Reports'];
const idParams = object({ id: string().default('') });
const tokenParams = object({ token: string().default('') });

const writer = roleBeforeBody('reports:write');

/** reports/… (signed-in member of the current workspace: 'reports:read' to read, 'reports:write' to change). */
export const reportRoutes: FastifyPluginAsync<{ ctx: AppContext; services: Services }> = async (
  fastify,
  { ctx, services },
) => {
  const app = workspaceScope(fastify, ctx);
  const { reports } = services;

  app.get(
    '/reports/',
    {
      schema: {
        summary: 'The workspace’s reports, newest first',
        tags,
        security: bearerAuth,
        response: { 200: success('The reports.'), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => reports.list(principalFor(request, 'reports:read')),
  );

  app.post(
    '/reports/',
    {
      config: rateLimit(60),
      ...writer,
      schema: {
        summary:
          'Make a report: a name, ordered sections, a period (last week, last month or custom days, not in the future) and a currency',
        description: 'A refusal (with `detail` and `field`) saves nothing.',
        tags,
        security: bearerAuth,
        body: reportSchema,
        response: { 201: success('The report.'), ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await reports.create(principalFor(request, 'reports:write'), request.body as ReportInputValidated)),
  );

  app.post(
    '/reports/preview/',
    {
      config: rateLimit(120),
      ...writer,
      schema: {
        summary: 'The data a report with these values would show, without saving it (the builder’s live preview)',
        tags,
        security: bearerAuth,
        body: reportSchema,
        response: { 200: success('The report’s data.'), ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) =>
      reports.previewDraft(principalFor(request, 'reports:write'), request.body as ReportInputValidated),
  );

  app.get(
    '/reports/:id/',
    {
      schema: {
        summary: 'One report',
        tags,
        security: bearerAuth,
        params: idParams,
        response: { 200: success('The report.'), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => reports.get(principalFor(request, 'reports:read'), request.params.id),
  );

  app.put(
    '/reports/:id/',
    {
      config: rateLimit(60),
      ...writer,
      schema: {
        summary: 'Change a report (everything is replaced)',
        tags,
        security: bearerAuth,
        params: idParams,
        body: reportSchema,
        response: { 200: success('The saved report.'), ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) =>
      reports.update(principalFor(request, 'reports:write'), request.params.id, request.body as ReportInputValidated),
  );

  app.delete(
    '/reports/:id/',
    {
      config: rateLimit(60),
      schema: {
        summary: 'Delete a report and its share links',
        tags,
        security: bearerAuth,
        params: idParams,
        response: { 204: success('Deleted.'), ...errorResponses(401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      await reports.remove(principalFor(request, 'reports:write'), request.params.id);
      return reply.code(204).send();
    },
  );

  app.get(
    '/reports/:id/preview/',
    {
      config: rateLimit(120),
      schema: {
        summary: 'The report’s data over its period, as its PDF and share links show it (the live preview)',
        tags,
        security: bearerAuth,
        params: idParams,
        response: { 200: success('The report’s data.'), ...errorResponses(401, 403, 404, 429) },
      },
    },
    async (request) => reports.preview(principalFor(request, 'reports:read'), request.params.id),
  );

  app.get(
    '/reports/:id/pdf/',
    {
      config: rateLimit(20),
      schema: {
        summary: 'The report as an A4 PDF in the workspace’s branding',
        tags,
        security: bearerAuth,
        params: idParams,
        response: { 200: success('application/pdf.'), ...errorResponses(401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const { bytes, fileName } = await reports.pdf(principalFor(request, 'reports:read'), request.params.id);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(bytes);
    },
  );

  app.post(
    '/reports/:id/share/',
    {
      config: rateLimit(30),
      ...writer,
      schema: {
        summary:
          'Make a signed read-only link to the report over its current period, expiring after 1 to 90 days (30 by default)',
        tags,
        security: bearerAuth,
        params: idParams,
        body: reportShareSchema,
        response: {
          201: success('The link, its token, its days and when it expires.'),
          ...errorResponses(400, 401, 403, 404, 429),
        },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await reports.share(principalFor(request, 'reports:write'), request.params.id, request.body.expires_in_days),
        ),
  );

  app.get(
    '/reports/:id/shares/',
    {
      schema: {
        summary: 'The links to a report that are neither revoked nor expired',
        tags,
        security: bearerAuth,
        params: idParams,
        response: { 200: success('The open links.'), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => reports.shares(principalFor(request, 'reports:write'), request.params.id),
  );

  app.delete(
    '/reports/shares/:id/',
    {
      config: rateLimit(60),
      schema: {
        summary: 'Revoke a report link: it answers 410 from then on',
        tags,
        security: bearerAuth,
        params: idParams,
        response: { 204: success('Revoked.'), ...errorResponses(401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      await reports.revoke(principalFor(request, 'reports:write'), request.params.id);
      return reply.code(204).send();
    },
  );
};

/** shared/reports/<token>/: what a report link shows, to anyone holding it (no sign-in). */
export const reportSharedRoutes: FastifyPluginAsync<{ services: Services }> = async (fastify, { services }) => {
  const app = fastify.withTypeProvider<YupTypeProvider>();
  noStore(app);

  app.get(
    '/shared/reports/:token/',
    {
      config: rateLimit(60),
      // The path carries the link's token: this route's requests stay out of the log.
      logLevel: 'silent',
      schema: {
        summary:
          'A shared report, read-only, over the days it covered when the link was made (public; 404 for an unknown link, 410 once expired or revoked)',
        tags,
        params: tokenParams,
        response: {
          200: success('The report’s data and when the link expires.'),
          ...errorResponses(403, 404, 429),
          410: { description: 'The link has expired or was revoked; `detail` says which.' },
        },
      },
    },
    async (request) => services.reports.shared(request.params.token),
  );
};
