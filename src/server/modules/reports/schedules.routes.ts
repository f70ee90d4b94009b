import {
  reportReviewSchema,
  type ReportScheduleInputValidated,
  reportScheduleSchema,
} from '@shared/validation/reportSchedules';
import type { FastifyPluginAsync } from 'fastify';
import { object, string } from 'yup';

import type { AppContext } from '../../context';
import { rateLimit } from '../../lib/routeOptions';
import { bearerAuth, errorResponses, success } from '../../lib/routeSchema';
import type { Services } from '../../services';
import { principalFor, roleBeforeBody } from '../access/principal';
import { workspaceScope } from '../access/workspaceScope';

const tags = ['Reports'];
const idParams = object({ id: string().default('') });

const writer = roleBeforeBody('reports:write');

/** A report's schedule, and the workspace's sent reports with their review (contract: @shared/api/reportSchedules). */
export const reportScheduleRoutes: FastifyPluginAsync<{ ctx: AppContext; services: Services }> = async (
  fastify,
  { ctx, services },
) => {
  const app = workspaceScope(fastify, ctx);
  const { reportSchedules } = services;

  app.get(
    '/reports/:id/schedule/',
    {
      schema: {
        summary: 'The report’s schedule ({ schedule: null } when it has none)',
        tags,
        security: bearerAuth,
        params: idParams,
        response: { 200: success('The schedule.'), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => reportSchedules.get(principalFor(request, 'reports:read'), request.params.id),
  );

  app.put(
    '/reports/:id/schedule/',
    {
      config: rateLimit(30),
      ...writer,
      schema: {
        summary:
          'Schedule the report weekly or monthly at a local hour, to members and outside addresses (at most 50), with or without review before send',
        description:
          'The saver becomes the reviewer. A refusal (with `detail` naming every bad address) saves nothing.',
        tags,
        security: bearerAuth,
        params: idParams,
        body: reportScheduleSchema,
        response: { 200: success('The saved schedule with its next run.'), ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) =>
      reportSchedules.save(
        principalFor(request, 'reports:write'),
        request.params.id,
        request.body as ReportScheduleInputValidated,
      ),
  );

  app.delete(
    '/reports/:id/schedule/',
    {
      config: rateLimit(30),
      schema: {
        summary: 'Stop scheduling the report (what was sent stays in the history)',
        tags,
        security: bearerAuth,
        params: idParams,
        response: { 204: success('Removed.'), ...errorResponses(401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      await reportSchedules.remove(principalFor(request, 'reports:write'), request.params.id);
      return reply.code(204).send();
    },
  );

  app.get(
    '/reports/deliveries/',
    {
      schema: {
        summary:
          'The workspace’s scheduled reports, sent and waiting, newest first, with each recipient’s delivery status',
        tags,
        security: bearerAuth,
        response: { 200: success('The history.'), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => reportSchedules.history(principalFor(request, 'reports:read')),
  );

  app.get(
    '/reports/deliveries/:id/',
    {
      schema: {
        summary: 'One scheduled report with its draft’s data (what review shows and what is sent)',
        tags,
        security: bearerAuth,
        params: idParams,
        response: { 200: success('The delivery.'), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => reportSchedules.detail(principalFor(request, 'reports:read'), request.params.id),
  );

  app.get(
    '/reports/deliveries/:id/pdf/',
    {
      config: rateLimit(30),
      schema: {
        summary: 'The PDF of a scheduled report, as sent (or as it will be sent)',
        tags,
        security: bearerAuth,
        params: idParams,
        response: { 200: success('application/pdf.'), ...errorResponses(401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const { bytes, fileName } = await reportSchedules.pdf(principalFor(request, 'reports:read'), request.params.id);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(bytes);
    },
  );

  app.post(
    '/reports/deliveries/:id/approve/',
    {
      config: rateLimit(30),
      ...writer,
      schema: {
        summary:
          'Approve a draft waiting for review, with an optional comment for the client: it is sent (409 when it no longer waits)',
        tags,
        security: bearerAuth,
        params: idParams,
        body: reportReviewSchema,
        response: { 200: success('The delivery, approved.'), ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request) => reportSchedules.approve(principalFor(request, 'reports:write'), request.params.id, request.body),
  );

  app.post(
    '/reports/deliveries/:id/skip/',
    {
      config: rateLimit(30),
      schema: {
        summary: 'Skip a draft waiting for review: it is never sent (409 when it no longer waits)',
        tags,
        security: bearerAuth,
        params: idParams,
        response: { 200: success('The delivery, skipped.'), ...errorResponses(401, 403, 404, 409, 429) },
      },
    },
    async (request) => reportSchedules.skip(principalFor(request, 'reports:write'), request.params.id),
  );
};
