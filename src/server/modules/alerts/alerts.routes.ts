import { ALERT_MESSAGES } from '@shared/api/alerts';
import { ErrorCode } from '@shared/api/errors';
import {
  alertQuerySchema,
  alertReadSchema,
  alertSensitivitySchema,
  alertSettingsSchema,
  alertWebhookSchema,
} from '@shared/validation/alerts';
import type { FastifyPluginAsync } from 'fastify';
import { object, string } from 'yup';

import type { AppContext } from '../../context';
import { noStore, rateLimit } from '../../lib/routeOptions';
import { bearerAuth, errorResponses, success } from '../../lib/routeSchema';
import type { YupTypeProvider } from '../../lib/validate';
import type { Services } from '../../services';
import { principalFor } from '../access/principal';
import { workspaceScope } from '../access/workspaceScope';
import { openAlertStream } from './alerts.stream';

const tags = ['Alerts'];

/** alerts/… (signed-in member with dashboard access and 'alerts:read'). */
export const alertRoutes: FastifyPluginAsync<{ ctx: AppContext; services: Services }> = async (
  fastify,
  { ctx, services },
) => {
  const app = workspaceScope(fastify, ctx);
  const service = services.alerts;

  app.get(
    '/alerts/',
    {
      schema: {
        summary: 'Alerts of the workspace, newest first, filterable by kind, severity, account and read state',
        tags,
        security: bearerAuth,
        querystring: alertQuerySchema,
        response: {
          200: success('The alerts, their total and the unread count.'),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => service.list(principalFor(request, 'alerts:read'), request.query),
  );

  app.get(
    '/alerts/unread/',
    {
      schema: {
        summary: 'How many alerts the caller has not read (the bell)',
        tags,
        security: bearerAuth,
        response: { 200: success('The unread count.'), ...errorResponses(401, 403) },
      },
    },
    async (request) => service.unread(principalFor(request, 'alerts:read')),
  );

  app.get(
    '/alerts/stream/',
    {
      schema: {
        summary:
          'Alerts as they are raised: server-sent events (`alert`, id = its sequence); send Last-Event-ID to resume',
        tags,
        security: bearerAuth,
        response: { ...errorResponses(401, 403) },
      },
    },
    async (request, reply) => openAlertStream(ctx, service, principalFor(request, 'alerts:read'), request, reply),
  );

  app.get(
    '/alerts/settings/',
    {
      schema: {
        summary: 'The caller’s alert e-mail settings (critical at once, a daily digest of the rest)',
        tags,
        security: bearerAuth,
        response: { 200: success('The settings.'), ...errorResponses(401, 403) },
      },
    },
    async (request) => service.settings(principalFor(request, 'alerts:read')),
  );

  app.put(
    '/alerts/settings/',
    {
      config: rateLimit(30),
      schema: {
        summary: 'Change the caller’s alert e-mail settings',
        tags,
        security: bearerAuth,
        body: alertSettingsSchema,
        response: { 200: success('The settings.'), ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request) => service.updateSettings(principalFor(request, 'alerts:read'), request.body),
  );

  app.get(
    '/alerts/sensitivity/',
    {
      schema: {
        summary:
          'How readily the workspace’s anomaly alerts fire, and what each sensitivity means for it (false alarms a month at most)',
        tags,
        security: bearerAuth,
        response: { 200: success('The sensitivity and its choices.'), ...errorResponses(401, 403) },
      },
    },
    async (request) => service.sensitivity.get(principalFor(request, 'alerts:read')),
  );

  app.put(
    '/alerts/sensitivity/',
    {
      config: rateLimit(20),
      schema: {
        summary: 'Set the workspace’s anomaly sensitivity (fewer, balanced or more); it applies from the next check',
        tags,
        security: bearerAuth,
        body: alertSensitivitySchema,
        response: { 200: success('The sensitivity and its choices.'), ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request) => service.sensitivity.set(principalFor(request, 'alerts:manage'), request.body),
  );

  app.get(
    '/alerts/webhook/',
    {
      schema: {
        summary: 'The workspace’s alert webhook (its address is a secret of its own: managers only)',
        tags,
        security: bearerAuth,
        response: { 200: success('The webhook.'), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => service.webhook.get(principalFor(request, 'alerts:manage')),
  );

  app.put(
    '/alerts/webhook/',
    {
      config: rateLimit(20),
      schema: {
        summary: 'Set the alert webhook’s address (a new webhook answers with its signing secret, once)',
        tags,
        security: bearerAuth,
        body: alertWebhookSchema,
        response: { 200: success('The webhook.'), ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request) => service.webhook.save(principalFor(request, 'alerts:manage'), request.body.url),
  );

  app.delete(
    '/alerts/webhook/',
    {
      config: rateLimit(20),
      schema: {
        summary: 'Remove the alert webhook',
        tags,
        security: bearerAuth,
        response: { 204: success('Removed.'), ...errorResponses(401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      await service.webhook.remove(principalFor(request, 'alerts:manage'));
      return reply.code(204).send();
    },
  );

  app.post(
    '/alerts/webhook/test/',
    {
      config: rateLimit(10),
      schema: {
        summary: 'Post a test message to the alert webhook now',
        tags,
        security: bearerAuth,
        response: {
          200: success('The webhook, with the delivery recorded.'),
          ...errorResponses(401, 403, 404, 429, 502),
        },
      },
    },
    async (request) => service.webhook.test(principalFor(request, 'alerts:manage')),
  );

  app.post(
    '/alerts/read/',
    {
      config: rateLimit(60),
      schema: {
        summary: 'Mark alerts as read for the caller: the named ones, or all',
        tags,
        security: bearerAuth,
        body: alertReadSchema,
        response: {
          200: success('How many were marked, and the unread count left.'),
          ...errorResponses(400, 401, 403, 404, 429),
        },
      },
    },
    async (request) => service.markRead(principalFor(request, 'alerts:read'), request.body),
  );
};

const unsubscribeQuery = object({ user: string().default(''), token: string().default('') });

/** A small page of our own: the link is opened from a mail, outside the app. */
const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title} · Adwise</title></head>` +
  `<body style="font-family: system-ui, sans-serif; max-width: 36rem; margin: 4rem auto; padding: 0 1rem; line-height: 1.5"><h1>${title}</h1>${body}</body></html>`;

/**
 * alerts/unsubscribe/ (public, from the link in every alert mail). GET asks (mail scanners open
 * links; a GET changes nothing); POST, the page's button or a mail client's one-click
 * unsubscribe, turns both kinds of alert mail off.
 */
export const alertUnsubscribeRoutes: FastifyPluginAsync<{ services: Services }> = async (fastify, { services }) => {
  const app = fastify.withTypeProvider<YupTypeProvider>();
  const mail = services.alerts.mail;
  noStore(app);
  const schema = (summary: string) => ({ summary, tags, querystring: unsubscribeQuery });

  app.get(
    '/alerts/unsubscribe/',
    { config: rateLimit(30), schema: schema('Asks to confirm stopping alert e-mails') },
    async (_request, reply) => {
      // The form posts back to this very address (no action attribute): the link's user and token, not echoed.
      return reply
        .type('text/html; charset=utf-8')
        .send(
          page(
            'Stop alert e-mails?',
            '<p>You will no longer get alert e-mails from Adwise. Alerts stay in the app.</p><form method="post"><button type="submit">Stop alert e-mails</button></form>',
          ),
        );
    },
  );

  app.post(
    '/alerts/unsubscribe/',
    { config: rateLimit(30), schema: schema('Stops alert e-mails for the user the link was made for') },
    async (request, reply) => {
      const { user, token } = request.query;
      const done = /^[0-9a-f-]{36}$/i.test(user) && (await mail.unsubscribe(user, token));
      // The page's button (a browser) gets a page; a mail client's one-click POST or a script gets JSON.
      const wantsPage = String(request.headers.accept ?? '').includes('text/html');
      if (!done) {
        if (!wantsPage)
          return reply.code(400).send({ detail: ALERT_MESSAGES.badUnsubscribeLink, code: ErrorCode.ValidationFailed });
        return reply
          .code(400)
          .type('text/html; charset=utf-8')
          .send(page('Link not valid', `<p>${ALERT_MESSAGES.badUnsubscribeLink}</p>`));
      }
      if (!wantsPage) return reply.send({ unsubscribed: true });
      return reply
        .type('text/html; charset=utf-8')
        .send(
          page(
            'Alert e-mails stopped',
            '<p>You will no longer get alert e-mails from Adwise. Turn them back on any time under Alerts in the app.</p>',
          ),
        );
    },
  );
};
