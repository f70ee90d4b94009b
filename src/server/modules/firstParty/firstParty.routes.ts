import { ErrorCode } from '@shared/api/errors';
import {
  CALIBRATION_DAYS,
  CALIBRATION_FACTOR_MAX,
  CALIBRATION_FACTOR_MIN,
  FIRST_PARTY_CSV_MAX_BYTES,
  FIRST_PARTY_CSV_MAX_ROWS,
  FIRST_PARTY_INGEST_MAX_DAYS,
  FIRST_PARTY_KEY_HEADER,
  FIRST_PARTY_MESSAGES,
  FIRST_PARTY_SIGNATURE_HEADER,
  FIRST_PARTY_SIGNATURE_TOLERANCE_SECONDS,
  FIRST_PARTY_TIMESTAMP_HEADER,
  type FirstPartyRejection,
} from '@shared/api/firstParty';
import { dashboardQuerySchema } from '@shared/validation/dashboard';
import { conversionBasisSchema } from '@shared/validation/firstParty';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { array, mixed, object, string } from 'yup';

import type { AppContext } from '../../context';
import { badRequest, HttpError } from '../../lib/httpError';
import { noStore, rateLimit } from '../../lib/routeOptions';
import { bearerAuth, errorBody, errorResponses, success } from '../../lib/routeSchema';
import type { YupTypeProvider } from '../../lib/validate';
import { inspectJson, JSON_BODY_LIMIT_BYTES } from '../../plugins/jsonBody';
import type { Services } from '../../services';
import { principalFor, roleBeforeBody } from '../access/principal';
import { workspaceScope } from '../access/workspaceScope';
import { FirstPartyRejected } from './firstParty.service';

const tags = ['First-party'];
const writer = roleBeforeBody('firstparty:write');

/** The 400 of a refused file or request: `detail` and every bad line (the error handler's shape plus `lines`). */
const rejectionBody = {
  ...errorBody,
  description:
    'Nothing was saved: `detail` says so and `lines` names each bad line (CSV: its line number, the header being line 1; ingestion: the day’s 1-based position in `days`) with what is wrong on it.',
  properties: {
    ...errorBody.properties,
    lines: {
      type: 'array',
      items: {
        type: 'object',
        required: ['line', 'problems'],
        properties: { line: { type: 'integer' }, problems: { type: 'array', items: { type: 'string' } } },
      },
    },
  },
};

/** Answers a refused import or ingestion with its lines; any other failure goes on to the error handler. */
async function answeringRejections<T>(reply: FastifyReply, work: () => Promise<T>): Promise<T | FastifyReply> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof FirstPartyRejected)) throw error;
    return reply.code(400).send({
      detail: error.detail,
      code: ErrorCode.ValidationFailed,
      lines: error.lines,
    } satisfies FirstPartyRejection);
  }
}

/**
 * first-party/… (signed-in member of the current workspace): the figures and stored days for the
 * dashboard's range ('dashboard:read'), the CSV import and the ingestion key ('firstparty:write':
 * owners and managers).
 */
export const firstPartyRoutes: FastifyPluginAsync<{ ctx: AppContext; services: Services }> = async (
  fastify,
  { ctx, services },
) => {
  const app = workspaceScope(fastify, ctx);
  const { firstParty } = services;

  // Only this plugin takes CSV bodies, up to the import's limit (a larger file is a 413).
  app.addContentTypeParser(
    'text/csv',
    { parseAs: 'string', bodyLimit: FIRST_PARTY_CSV_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );

  app.get(
    '/first-party/',
    {
      schema: {
        summary:
          'Blended CPA, blended ROAS, MER and per-platform over-attribution against the workspace’s own conversions, over the dashboard’s range',
        description:
          'The query is the dashboard summary’s (`from`, `to`, `currency`, `platform`, `account`); left-out ends and currency resolve as there. ' +
          'Blended figures read all ad spend of the workspace (first-party conversions belong to no platform), so `account` narrows nothing and `platform` narrows only the `platforms` list. ' +
          'Every figure reads the days of the range that have a first-party day. A workspace without any first-party day gets `firstParty: null` (the platforms’ own figures only).',
        tags,
        security: bearerAuth,
        querystring: dashboardQuerySchema,
        response: {
          200: success(
            'FirstPartyView: `{ currency, range: { from, to, days }, firstParty: FirstPartyFigures | null }`.',
          ),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => firstParty.view(principalFor(request, 'dashboard:read'), request.query),
  );

  app.get(
    '/first-party/days/',
    {
      schema: {
        summary:
          'The first-party days stored for the dashboard’s range, as saved (revenue in major units of each day’s own currency)',
        tags,
        security: bearerAuth,
        querystring: dashboardQuerySchema,
        response: {
          200: success('`{ range: { from, to }, days: FirstPartyDay[] }`.'),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => firstParty.days(principalFor(request, 'dashboard:read'), request.query),
  );

  app.get(
    '/first-party/basis/',
    {
      schema: {
        summary: 'Which conversions suggestions and the budget optimizer weigh, and the calibration factors in use',
        description:
          '`basis` is `platform` (each platform’s own counts, the default) or `first_party` (each platform’s counts multiplied by `factor`: what its share of spend explains over what it claims, ' +
          `from the first-party days of the last ${CALIBRATION_DAYS} days up to yesterday, within [${CALIBRATION_FACTOR_MIN}, ${CALIBRATION_FACTOR_MAX}]). Dashboards, reports and alerts always show the platforms’ own counts.`,
        tags,
        security: bearerAuth,
        response: {
          200: success(
            'ConversionBasisView: `{ basis, window: { from, to } | null, platforms: [{ platform, factor }] }`.',
          ),
          ...errorResponses(401, 403, 404),
        },
      },
    },
    async (request) => firstParty.basis(principalFor(request, 'dashboard:read')),
  );

  app.put(
    '/first-party/basis/',
    {
      ...writer,
      schema: {
        summary: 'Choose which conversions suggestions and the budget optimizer weigh (owners and managers)',
        tags,
        security: bearerAuth,
        body: conversionBasisSchema,
        response: { 200: success('ConversionBasisView, as GET answers it.'), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => firstParty.setBasis(principalFor(request, 'firstparty:write'), request.body.basis),
  );

  app.post(
    '/first-party/import/',
    {
      config: rateLimit(20),
      ...writer,
      schema: {
        summary: 'Import first-party days from a CSV file (Content-Type: text/csv)',
        description:
          `The body is the file: a header line naming the columns day,conversions,revenue,currency (any order), then one day per line: a YYYY-MM-DD day, whole conversions, revenue as a plain decimal in major units of the currency (e.g. 1234.50), an ISO 4217 currency. ` +
          `At most ${FIRST_PARTY_CSV_MAX_ROWS} days and ${FIRST_PARTY_CSV_MAX_BYTES / 1024} KiB. The whole file is checked first: any bad line and nothing is saved (400 with \`lines\`). A day imported before is replaced whole.`,
        consumes: ['text/csv'],
        tags,
        security: bearerAuth,
        response: {
          200: success('FirstPartyImportResult: `{ saved, replaced, from, to }`.'),
          400: rejectionBody,
          ...errorResponses(401, 403, 404, 413, 415, 429),
        },
      },
    },
    async (request, reply) => {
      if (typeof request.body !== 'string')
        throw new HttpError(415, FIRST_PARTY_MESSAGES.csvContentType, ErrorCode.ValidationFailed);
      const body = request.body;
      return answeringRejections(reply, () => firstParty.importCsv(principalFor(request, 'firstparty:write'), body));
    },
  );

  app.get(
    '/first-party/key/',
    {
      schema: {
        summary: 'The workspace’s ingestion key (its id and when it was made and last used; never its secret)',
        tags,
        security: bearerAuth,
        response: {
          200: success('FirstPartyKey: `{ id, created_at, last_used_at }`.'),
          ...errorResponses(401, 403, 404),
        },
      },
    },
    async (request) => firstParty.key(principalFor(request, 'firstparty:write')),
  );

  app.post(
    '/first-party/key/',
    {
      config: rateLimit(10),
      ...writer,
      schema: {
        summary: 'Make the workspace’s ingestion key, or rotate it (the old key stops working at once)',
        description: 'The answer holds the secret, this once: it is stored encrypted and never shown again.',
        tags,
        security: bearerAuth,
        response: {
          201: success('FirstPartyKeyCreated: `{ id, secret, created_at, last_used_at }`.'),
          ...errorResponses(401, 403, 404, 429),
        },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await firstParty.createKey(principalFor(request, 'firstparty:write'))),
  );

  app.delete(
    '/first-party/key/',
    {
      config: rateLimit(10),
      schema: {
        summary: 'Delete the workspace’s ingestion key (ingestion stops until a new one is made)',
        tags,
        security: bearerAuth,
        response: { 204: success('Deleted.'), ...errorResponses(401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      await firstParty.deleteKey(principalFor(request, 'firstparty:write'));
      return reply.code(204).send();
    },
  );
};

/** A body that is not JSON, kept until the signature is checked: a bad signature is a 401 whatever the body. */
const MALFORMED = Symbol('malformed');

/**
 * Each day is checked by the service (@shared/validation/firstParty), so a bad one is named with
 * everything wrong on it; the schema bounds the list and describes a day for the OpenAPI document.
 */
const ingestDay = mixed().meta({
  jsonSchema: {
    type: 'object',
    required: ['day', 'conversions', 'revenue', 'currency'],
    properties: {
      day: { type: 'string', format: 'date', description: 'YYYY-MM-DD' },
      conversions: { type: 'integer', minimum: 0 },
      revenue: {
        type: ['string', 'number'],
        description: 'Major units of the currency, at most its decimals (e.g. "1234.50").',
      },
      currency: { type: 'string', description: 'ISO 4217, e.g. USD.' },
    },
  },
});

const ingestBodySchema = object({
  days: array()
    .of(ingestDay)
    .required(FIRST_PARTY_MESSAGES.ingestNoDays)
    .min(1, FIRST_PARTY_MESSAGES.ingestNoDays)
    .max(FIRST_PARTY_INGEST_MAX_DAYS, FIRST_PARTY_MESSAGES.ingestTooMany),
});

const ingestHeadersSchema = object({
  [FIRST_PARTY_KEY_HEADER]: string(),
  [FIRST_PARTY_TIMESTAMP_HEADER]: string(),
  [FIRST_PARTY_SIGNATURE_HEADER]: string(),
});

const headerOf = (request: FastifyRequest, name: string) => {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/**
 * first-party/ingest/: the signed ingestion endpoint, for a workspace's shop or CRM (no session:
 * the key id and the HMAC of the timestamped body are the credentials). The body's exact bytes are kept for the
 * signature, which is checked before the body is read; the secret never leaves the database
 * unsealed except into the HMAC, and nothing here logs a header or the body.
 */
export const firstPartyIngestRoutes: FastifyPluginAsync<{ services: Services }> = async (fastify, { services }) => {
  const app = fastify.withTypeProvider<YupTypeProvider>();
  const { firstParty } = services;
  const raw = new WeakMap<FastifyRequest, Buffer>();
  const keys = new WeakMap<FastifyRequest, { keyId: string; workspaceId: string }>();
  noStore(app);

  // This plugin's own JSON parser: the same limits as everywhere (plugins/jsonBody), and the raw bytes kept.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: JSON_BODY_LIMIT_BYTES },
    (request, body, done) => {
      const bytes = body as Buffer;
      raw.set(request, bytes);
      let parsed: unknown;
      try {
        parsed = JSON.parse(bytes.toString('utf8'));
      } catch {
        return done(null, MALFORMED);
      }
      return done(null, inspectJson(parsed) ? MALFORMED : parsed);
    },
  );

  app.post(
    '/first-party/ingest/',
    {
      config: rateLimit(60),
      preValidation: async (request) => {
        const signed = {
          keyId: headerOf(request, FIRST_PARTY_KEY_HEADER),
          timestamp: headerOf(request, FIRST_PARTY_TIMESTAMP_HEADER),
          signature: headerOf(request, FIRST_PARTY_SIGNATURE_HEADER),
        };
        keys.set(request, await firstParty.verify(signed, raw.get(request) ?? Buffer.alloc(0)));
        if ((request.body as unknown) === MALFORMED) throw badRequest(FIRST_PARTY_MESSAGES.malformedBody);
      },
      schema: {
        summary: 'Send first-party days, signed with the workspace’s ingestion key',
        description:
          `Headers: \`${FIRST_PARTY_KEY_HEADER}\` (the key’s id), \`${FIRST_PARTY_TIMESTAMP_HEADER}\` (the Unix time in seconds when it was signed) and \`${FIRST_PARTY_SIGNATURE_HEADER}\` (\`v1=\` and the hex HMAC-SHA256 under the key’s secret of \`<timestamp>.<raw body>\`); ` +
          `a missing or bad signature, or a timestamp more than ${FIRST_PARTY_SIGNATURE_TOLERANCE_SECONDS / 60} minutes from the server’s clock, is a 401. ` +
          `Body: \`{ "days": [{ "day": "YYYY-MM-DD", "conversions": 12, "revenue": "1234.50", "currency": "USD" }] }\`, at most ${FIRST_PARTY_INGEST_MAX_DAYS} days; revenue in major units (a decimal string or number). ` +
          'Idempotent by day: a day sent again replaces the one saved, so a resend never counts twice. Every day is checked first; any bad one and nothing is saved (400 with `lines`).',
        tags,
        headers: ingestHeadersSchema,
        body: ingestBodySchema,
        response: {
          200: success('FirstPartyImportResult: `{ saved, replaced, from, to }`.'),
          400: rejectionBody,
          ...errorResponses(401, 413, 429),
        },
      },
    },
    async (request, reply) => answeringRejections(reply, () => firstParty.ingest(keys.get(request)!, request.body)),
  );
};
