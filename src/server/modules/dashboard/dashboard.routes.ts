import {
  adSearchQuerySchema,
  campaignListQuerySchema,
  campaignStatusSchema,
  dashboardQuerySchema,
  dashboardRangeQuerySchema,
  dashboardSettingsSchema,
} from '@shared/validation/dashboard';
import type { FastifyPluginAsync } from 'fastify';
import { object, string } from 'yup';

import type { AppContext } from '../../context';
import { rateLimit } from '../../lib/routeOptions';
import { bearerAuth, errorResponses, success } from '../../lib/routeSchema';
import { currentUserId } from '../../lib/signedIn';
import type { Services } from '../../services';
import { principalFor } from '../access/principal';
import { workspaceScope } from '../access/workspaceScope';

const tags = ['Dashboard'];

const nullableDays = {
  type: ['integer', 'null'],
  minimum: 1,
  description: 'Days; null when not counted or not reported.',
} as const;

/** The dashboard view, as far as it is described here (the other fields are the shared DashboardView type's). */
const dashboardViewSchema = {
  type: 'object',
  properties: {
    attribution: {
      type: 'array',
      description:
        'Per platform in the view, how its conversions are counted: platform-reported, under the attribution window the platform reported on the last sync ' +
        '(Meta: Insights attribution_setting; Google: conversion actions’ click-through and view-through lookback windows; LinkedIn: conversion rules’ ' +
        'post-click and view-through windows; TikTok: ad groups’ click and view attribution windows; X: web event tags’ click and view-through windows).',
      items: {
        type: 'object',
        required: ['platform', 'basis', 'label', 'click_days', 'view_days', 'windows', 'updated_at'],
        properties: {
          platform: { type: 'string', enum: ['meta', 'google', 'linkedin', 'x', 'tiktok'] },
          basis: { type: 'string', enum: ['platform-reported'] },
          label: {
            type: 'string',
            description:
              'The distinct windows, e.g. "7-day click, 1-day view"; "window not reported yet" before a sync read one.',
          },
          click_days: {
            ...nullableDays,
            description: 'The click window when all of the platform’s windows agree, else null.',
          },
          view_days: {
            ...nullableDays,
            description: 'The view window when all of the platform’s windows agree, else null.',
          },
          windows: {
            type: 'array',
            items: {
              type: 'object',
              required: ['account_id', 'label', 'click_days', 'view_days', 'source'],
              properties: {
                account_id: { type: 'string', description: 'The platform’s account id.' },
                label: { type: 'string' },
                click_days: nullableDays,
                view_days: nullableDays,
                source: { type: 'string', description: 'The platform field and value it was read from.' },
              },
            },
          },
          updated_at: {
            type: ['string', 'null'],
            format: 'date-time',
            description: 'When a sync last read the windows.',
          },
        },
      },
    },
  },
} as const;

/** Path parts are looked up, not validated: an id that is not one of the user's campaigns, or an unknown platform, is a 404. */
const campaignParams = object({ id: string().default('') });
const platformParams = object({ platform: string().default('') });

/**
 * dashboard/…, auth/<platform>/performance/ (signed-in user with dashboard access: a running
 * trial or a paid plan). Queries and bodies are checked by the shared schemas before the
 * handler; the service resolves them against the user's accounts. Numbers are the user's own;
 * nothing here is cached by browsers or proxies.
 */
export const dashboardRoutes: FastifyPluginAsync<{ ctx: AppContext; services: Services }> = async (
  fastify,
  { ctx, services },
) => {
  // Who is asking comes before what they ask: a caller without a session gets 401, whatever the query.
  const app = workspaceScope(fastify, ctx);
  const dashboard = services.dashboard;

  app.get(
    '/dashboard/',
    {
      schema: {
        summary: 'Summary against the previous period, daily series, filters and sync state',
        description:
          'Left-out `from`/`to` end today and start the default 7-day range before it; the currency defaults to the saved one. ' +
          'Conversions are platform-reported: `attribution` says, per platform in the view, the attribution window each platform counted them under.',
        tags,
        security: bearerAuth,
        querystring: dashboardQuerySchema,
        response: { 200: success('The dashboard view.', dashboardViewSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => dashboard.view(principalFor(request, 'dashboard:read'), request.query),
  );

  app.get(
    '/dashboard/campaigns/',
    {
      schema: {
        summary: 'One sorted page of campaigns, or with format=csv every matching campaign as CSV',
        tags,
        security: bearerAuth,
        querystring: campaignListQuerySchema,
        response: {
          200: success('A campaign page (JSON), or text/csv with format=csv.'),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      if (request.query.format === 'csv') {
        const { filename, body } = await dashboard.campaignsCsv(principalFor(request, 'dashboard:read'), request.query);
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${filename}"`)
          .send(body);
      }
      return dashboard.campaigns(principalFor(request, 'dashboard:read'), request.query);
    },
  );

  app.get(
    '/dashboard/ads/',
    {
      schema: {
        summary:
          'The workspace’s ads whose name contains the search, each with its campaign (the command palette’s jump list)',
        tags,
        security: bearerAuth,
        querystring: adSearchQuerySchema,
        response: { 200: success('Up to 20 ads, by name.'), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => dashboard.searchAds(principalFor(request, 'dashboard:read'), request.query),
  );

  app.get(
    '/dashboard/campaigns/:id/ads/',
    {
      schema: {
        summary: 'A campaign’s ads over the range (drill-down)',
        tags,
        security: bearerAuth,
        params: campaignParams,
        querystring: dashboardRangeQuerySchema,
        response: { 200: success('The campaign and its ads.'), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => dashboard.campaignAds(principalFor(request, 'dashboard:read'), request.params.id, request.query),
  );

  app.post(
    '/dashboard/campaigns/:id/status/',
    {
      config: rateLimit(60),
      schema: {
        summary: 'Pause or resume a campaign at its platform, then here',
        tags,
        security: bearerAuth,
        params: campaignParams,
        body: campaignStatusSchema,
        response: { 200: success('The new status.'), ...errorResponses(400, 401, 403, 404, 409, 429, 502, 503) },
      },
    },
    async (request) =>
      dashboard.changeCampaignStatus(principalFor(request, 'campaigns:write'), request.params.id, request.body.status),
  );

  app.put(
    '/dashboard/settings/',
    {
      config: rateLimit(30),
      schema: {
        summary: 'Save the display currency',
        tags,
        security: bearerAuth,
        body: dashboardSettingsSchema,
        response: { 200: success('The saved settings.'), ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request) => dashboard.saveSettings(currentUserId(request), request.body.currency),
  );

  app.get(
    '/auth/:platform/performance/',
    {
      schema: {
        summary: 'One platform’s normalised performance',
        description:
          'An unknown platform, or one without a connected account, is a 404; a connection that needs reconnecting is a 409, a failing sync a 502.',
        tags,
        security: bearerAuth,
        params: platformParams,
        querystring: dashboardRangeQuerySchema,
        response: { 200: success('The platform’s performance.'), ...errorResponses(400, 401, 403, 404, 409, 502) },
      },
    },
    async (request) =>
      dashboard.performance(principalFor(request, 'dashboard:read'), request.params.platform, request.query),
  );
};
