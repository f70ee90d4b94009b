import { gzipSync } from 'node:zlib';

import { addDays, daysBetween, eachDay, localDay } from '@shared/days';
import { minorToDecimal, minorToMicros } from '@shared/money';
import type { FastifyInstance, FastifyRequest } from 'fastify';

import { X_ADS_VERSION } from '../../contract';
import type { SandboxContext } from '../../types';
import { type DayMetrics, type SandboxAccount } from '../../world';
import {
  authenticate,
  echo,
  grantedAccount,
  idList,
  invalidParameter,
  lineItemId,
  page,
  type Params,
  paramsOf,
  XFailure,
} from './wire';

/**
 * X analytics, emulated (research 4.3):
 * - GET /12/stats/accounts/:id (synchronous, at most 7 days) and POST /12/stats/jobs/accounts/:id
 *   (asynchronous, at most 90 days) take entity, entity_ids (at most 20), start_time and end_time
 *   (ISO 8601, whole hours as written; with granularity=DAY both on midnight in the account's
 *   time zone; end exclusive), granularity, metric_groups and placement (one value).
 * - Metrics are arrays with one slot per day. A metric is null when the entity did not serve in
 *   the window; a slot is null on days before the entity existed.
 * - Web conversions are objects of series: post_view, post_engagement, assisted, order_quantity,
 *   sale_amount. The sandbox renders sale_amount in micros (SALE_AMOUNT_UNIT).
 * - Jobs report PROCESSING, then SUCCESS with a url to a gzip JSON file (same schema as the sync
 *   response) served under /x/ton/..., and expires_at.
 * Only DAY granularity and the CAMPAIGN, LINE_ITEM and PROMOTED_TWEET entities are emulated.
 */

export const SYNC_MAX_DAYS = 7;
export const ASYNC_MAX_DAYS = 90;
const MAX_ENTITY_IDS = 20;
const MAX_JOB_IDS = 200;
/** Status checks a job answers PROCESSING to before it succeeds (clients must poll). */
export const JOB_CHECKS_WHILE_PROCESSING = 1;
const JOB_FILE_TTL_MS = 2 * 24 * 3_600_000;
const JOB_ID_BASE = 1_120_829_647_711_653_888n;
const JOB_ID_STEP = 4_194_304n;
/** Must agree with X_SALE_AMOUNT_UNIT in src/server/platforms/x/map.ts (UNCONFIRMED unit; 'major' renders decimal strings). */
export const SALE_AMOUNT_UNIT: 'micros' | 'major' = 'micros';
/** Where job files are served, under the sandbox's /x prefix (the real files are on ton.twimg.com). */
export const DOWNLOAD_PATH = '/ton/advertiser-api-async-analytics';

const ENTITIES = [
  'ACCOUNT',
  'CAMPAIGN',
  'FUNDING_INSTRUMENT',
  'LINE_ITEM',
  'ORGANIC_TWEET',
  'PROMOTED_ACCOUNT',
  'PROMOTED_TWEET',
  'MEDIA_CREATIVE',
];
const EMULATED_ENTITIES = new Set(['CAMPAIGN', 'LINE_ITEM', 'PROMOTED_TWEET']);
const METRIC_GROUPS = [
  'ENGAGEMENT',
  'BILLING',
  'VIDEO',
  'MEDIA',
  'WEB_CONVERSION',
  'MOBILE_CONVERSION',
  'LIFE_TIME_VALUE_MOBILE_CONVERSION',
];
const PLACEMENTS = ['ALL_ON_TWITTER', 'PUBLISHER_NETWORK', 'SPOTLIGHT', 'TREND'];
const GRANULARITIES = ['DAY', 'HOUR', 'TOTAL'];
const CONVERSION_FIELDS = ['post_view', 'post_engagement', 'assisted', 'order_quantity', 'sale_amount'] as const;
/** Metrics of groups the world has no data for: always null. */
const EMPTY_GROUPS: Record<string, { series: string[]; conversions: string[] }> = {
  VIDEO: {
    series: [
      'video_total_views',
      'video_views_25',
      'video_views_50',
      'video_views_75',
      'video_views_100',
      'video_cta_clicks',
    ],
    conversions: [],
  },
  MEDIA: { series: ['media_views', 'media_engagements'], conversions: [] },
  MOBILE_CONVERSION: {
    series: [],
    conversions: ['mobile_conversion_installs', 'mobile_conversion_purchases', 'mobile_conversion_sign_ups'],
  },
  LIFE_TIME_VALUE_MOBILE_CONVERSION: { series: [], conversions: ['mobile_conversion_lifetime_value_purchases'] },
};
const OTHER_WEB_CONVERSIONS = [
  'conversion_sign_ups',
  'conversion_site_visits',
  'conversion_downloads',
  'conversion_custom',
];
const TIME = /^(\d{4}-\d{2}-\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?(Z|[+-]\d{2}(?::?\d{2})?)?)?$/;
const FIFTEEN_MINUTES = 15 * 60_000;

/** A stats entity resolved in the world: its first day of existence and its metrics per day. */
interface StatsEntity {
  id: string;
  firstDay: string;
  day(date: string): DayMetrics;
}

/** A checked analytics request. */
export interface StatsQuery {
  entity: string;
  entities: StatsEntity[];
  startTime: string;
  endTime: string;
  days: string[];
  metricGroups: string[];
  placement: string;
}

type Series = Array<number | string | null> | null;

function required(params: Params, name: string): string {
  const value = params[name];
  if (value === undefined || value === '')
    throw new XFailure(400, 'MISSING_PARAMETER', `"${name}" is a required parameter`, name);
  return value;
}

function oneOf(params: Params, name: string, allowed: string[]): string {
  const value = required(params, name);
  if (!allowed.includes(value))
    throw invalidParameter(name, `Expected one of ${allowed.join(', ')} for ${name}, got "${value}"`);
  return value;
}

/** The first instant of a calendar day in a zone (scanning quarter hours, so +05:30 zones work). */
function firstInstantOf(day: string, timeZone: string): Date {
  let t = Date.parse(`${day}T00:00:00Z`) - 15 * 3_600_000;
  while (localDay(new Date(t), timeZone) < day) t += FIFTEEN_MINUTES;
  return new Date(t);
}

/** Whether the account's calendar day changes at this instant. */
function startsLocalDay(timeZone: string, at: Date): boolean {
  return localDay(new Date(at.getTime() - 1000), timeZone) !== localDay(at, timeZone);
}

/**
 * An ISO 8601 time parameter. Whole hours as written (minutes and seconds 0, any offset); a
 * bare date means midnight in the account's zone, as X documents.
 */
function parseTime(params: Params, name: string, timeZone: string): Date {
  const value = required(params, name);
  const match = TIME.exec(value);
  if (!match) throw invalidParameter(name, `Expected time, got "${value}" for ${name}`);
  const [, day, hour, minute, second = '00', fraction = '0', zone = 'Z'] = match;
  if (hour === undefined) return firstInstantOf(day, timeZone);
  if (minute !== '00' || second !== '00' || Number(fraction) !== 0) {
    throw invalidParameter(name, `${name} must be expressed in whole hours (0 minutes and 0 seconds), got "${value}"`);
  }
  const offset = zone === 'Z' ? 'Z' : `${zone.slice(0, 3)}:${zone.slice(3).replace(':', '').padEnd(2, '0')}`;
  const instant = Date.parse(`${day}T${hour}:00:00${offset}`);
  if (Number.isNaN(instant)) throw invalidParameter(name, `Expected time, got "${value}" for ${name}`);
  return new Date(instant);
}

/** The world entities behind entity_ids, all of which must belong to the account. */
function resolveEntities(ctx: SandboxContext, account: SandboxAccount, entity: string, ids: string[]): StatsEntity[] {
  return ids.map((id) => {
    for (const campaign of account.campaigns) {
      if (entity === 'CAMPAIGN' ? campaign.id === id : entity === 'LINE_ITEM' && lineItemId(campaign) === id) {
        return {
          id,
          firstDay: campaign.startDate,
          day: (date: string) => ctx.world.campaignDay('x', campaign.id, date),
        };
      }
      const ad = entity === 'PROMOTED_TWEET' ? campaign.ads.find((a) => a.id === id) : undefined;
      if (ad) {
        return {
          id,
          firstDay: addDays(campaign.startDate, ad.launchOffsetDays),
          day: (date: string) => ctx.world.adDay('x', ad.id, date),
        };
      }
    }
    throw invalidParameter('entity_ids', `${entity} ${id} was not found for account ${account.id}`);
  });
}

/** Checks an analytics request against X's rules; `maxDays` is 7 (sync) or 90 (async jobs). */
export function parseStatsQuery(
  ctx: SandboxContext,
  account: SandboxAccount,
  params: Params,
  maxDays: number,
): StatsQuery {
  const entity = oneOf(params, 'entity', ENTITIES);
  if (!EMULATED_ENTITIES.has(entity)) {
    throw invalidParameter('entity', `The sandbox emulates entity ${[...EMULATED_ENTITIES].join(', ')}, not ${entity}`);
  }
  required(params, 'entity_ids');
  const ids = idList(params, 'entity_ids', MAX_ENTITY_IDS)!;
  const granularity = oneOf(params, 'granularity', GRANULARITIES);
  if (granularity !== 'DAY')
    throw invalidParameter('granularity', `The sandbox emulates granularity DAY only, not ${granularity}`);
  const zone = account.timeZone;
  const start = parseTime(params, 'start_time', zone);
  const end = parseTime(params, 'end_time', zone);
  if (end <= start) throw invalidParameter('end_time', 'end_time must be after start_time');
  for (const [name, at] of [
    ['start_time', start],
    ['end_time', end],
  ] as const) {
    if (!startsLocalDay(zone, at)) {
      throw invalidParameter(
        name,
        `With granularity DAY, ${name} must be aligned to midnight in the account's time zone (${zone})`,
      );
    }
  }
  const startDay = localDay(start, zone);
  const dayCount = daysBetween(startDay, localDay(end, zone));
  if (dayCount > maxDays)
    throw invalidParameter('end_time', `The time range (end_time - start_time) may be at most ${maxDays} days`);
  const metricGroups = required(params, 'metric_groups').split(',');
  for (const group of metricGroups) {
    if (!METRIC_GROUPS.includes(group)) throw invalidParameter('metric_groups', `Unknown metric group ${group}`);
  }
  if (metricGroups.includes('MOBILE_CONVERSION') && metricGroups.length > 1) {
    throw invalidParameter('metric_groups', 'MOBILE_CONVERSION must be requested on its own');
  }
  return {
    entity,
    entities: resolveEntities(ctx, account, entity, ids),
    startTime: params.start_time,
    endTime: params.end_time,
    days: eachDay(startDay, addDays(startDay, dayCount - 1)),
    metricGroups,
    placement: oneOf(params, 'placement', PLACEMENTS),
  };
}

/** A sale amount in the unit the sandbox renders (SALE_AMOUNT_UNIT). */
function saleAmount(minor: number, currency: string): number | string {
  return SALE_AMOUNT_UNIT === 'micros' ? Number(minorToMicros(minor, currency)) : minorToDecimal(minor, currency);
}

const nullConversion = () => Object.fromEntries(CONVERSION_FIELDS.map((field) => [field, null]));

/** One entity's metrics over the days, for the requested groups. */
function metricsOf(entity: StatsEntity, query: StatsQuery, currency: string): Record<string, unknown> {
  const onX = query.placement === 'ALL_ON_TWITTER';
  const days = query.days.map((date) => (date < entity.firstDay ? null : entity.day(date)));
  const served = onX && days.some((d) => d !== null && (d.impressions > 0 || d.spendMinor > 0));
  const series = (value: (d: DayMetrics) => number | string): Series =>
    served ? days.map((d) => (d === null ? null : value(d))) : null;
  const metrics: Record<string, unknown> = {};
  for (const group of query.metricGroups) {
    if (group === 'ENGAGEMENT') {
      Object.assign(metrics, {
        impressions: series((d) => d.impressions),
        clicks: series((d) => d.clicks),
        url_clicks: series((d) => Math.round(d.clicks * 0.82)),
        likes: series((d) => Math.floor(d.clicks * 0.35)),
        retweets: series((d) => Math.floor(d.clicks * 0.08)),
        replies: series((d) => Math.floor(d.clicks * 0.03)),
        follows: series((d) => Math.floor(d.clicks * 0.02)),
        engagements: series(
          (d) => d.clicks + Math.floor(d.clicks * 0.35) + Math.floor(d.clicks * 0.08) + Math.floor(d.clicks * 0.03),
        ),
        card_engagements: null,
        app_clicks: null,
        qualified_impressions: null,
        carousel_swipes: null,
        poll_card_vote: null,
        tweets_send: null,
      });
    } else if (group === 'BILLING') {
      Object.assign(metrics, {
        billed_charge_local_micro: series((d) => Number(minorToMicros(d.spendMinor, currency))),
        billed_engagements: series((d) => d.clicks),
      });
    } else if (group === 'WEB_CONVERSION') {
      metrics.conversion_purchases = served
        ? {
            post_engagement: series((d) => Math.round(d.conversions * 0.75)),
            post_view: series((d) => d.conversions - Math.round(d.conversions * 0.75)),
            assisted: series((d) => Math.floor(d.conversions * 0.3)),
            order_quantity: series((d) => d.conversions + Math.floor(d.conversions / 4)),
            sale_amount: series((d) => saleAmount(d.conversionValueMinor, currency)),
          }
        : nullConversion();
      for (const name of OTHER_WEB_CONVERSIONS) metrics[name] = nullConversion();
    } else {
      for (const name of EMPTY_GROUPS[group].series) metrics[name] = null;
      for (const name of EMPTY_GROUPS[group].conversions) metrics[name] = nullConversion();
    }
  }
  return metrics;
}

/** The stats response (and job file) for a checked query. */
export function statsBody(account: SandboxAccount, query: StatsQuery, request: { params: Record<string, unknown> }) {
  return {
    data_type: 'stats',
    time_series_length: query.days.length,
    data: query.entities.map((entity) => ({
      id: entity.id,
      id_data: [{ segment: null, metrics: metricsOf(entity, query, account.currency) }],
    })),
    request,
  };
}

interface StatsJob {
  id: string;
  accountId: string;
  query: StatsQuery;
  createdAt: Date;
  checks: number;
  file: Buffer;
}

/** The async jobs of one sandbox, with their gzip files computed when the job was created. */
class StatsJobs {
  private readonly jobs = new Map<string, StatsJob>();
  private next = JOB_ID_BASE;

  create(accountId: string, query: StatsQuery, body: unknown, now: Date): StatsJob {
    this.next += JOB_ID_STEP;
    const job = {
      id: this.next.toString(),
      accountId,
      query,
      createdAt: now,
      checks: 0,
      file: gzipSync(JSON.stringify(body)),
    };
    this.jobs.set(job.id, job);
    return job;
  }

  ofAccount(accountId: string): StatsJob[] {
    return [...this.jobs.values()].filter((job) => job.accountId === accountId).reverse();
  }

  get(id: string): StatsJob | undefined {
    return this.jobs.get(id);
  }
}

const succeeded = (job: StatsJob) => job.checks > JOB_CHECKS_WHILE_PROCESSING;
const expiresAt = (job: StatsJob) => new Date(job.createdAt.getTime() + JOB_FILE_TTL_MS);
const fileName = (job: StatsJob) => `stats_job_${job.id}.json.gz`;

/** A job as X lists it (`id` is a JSON number, so it loses precision; clients must use id_str). */
function jobView(ctx: SandboxContext, request: FastifyRequest, job: StatsJob) {
  const done = succeeded(job);
  return {
    id: Number(job.id),
    id_str: job.id,
    account_id: job.accountId,
    status: done ? 'SUCCESS' : 'PROCESSING',
    url: done ? `${ctx.baseUrl(request)}/x${DOWNLOAD_PATH}/${fileName(job)}` : null,
    expires_at: done ? expiresAt(job).toISOString() : null,
    entity: job.query.entity,
    entity_ids: job.query.entities.map((e) => e.id),
    start_time: job.query.startTime,
    end_time: job.query.endTime,
    granularity: 'DAY',
    metric_groups: job.query.metricGroups,
    placement: job.query.placement,
    segmentation_type: null,
    country: null,
    platform: null,
    created_at: job.createdAt.toISOString(),
    updated_at: job.createdAt.toISOString(),
  };
}

export function statsRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  const v = `/${X_ADS_VERSION}`;
  const jobs = new StatsJobs();

  app.get(`${v}/stats/accounts/:account_id`, async (request, reply) => {
    const grant = await authenticate(ctx, request, reply, 'read');
    if (!grant) return reply;
    const account = grantedAccount(ctx, grant, (request.params as { account_id: string }).account_id);
    return statsBody(account, parseStatsQuery(ctx, account, paramsOf(request), SYNC_MAX_DAYS), echo(request));
  });

  app.post(`${v}/stats/jobs/accounts/:account_id`, async (request, reply) => {
    const grant = await authenticate(ctx, request, reply, 'read');
    if (!grant) return reply;
    const account = grantedAccount(ctx, grant, (request.params as { account_id: string }).account_id);
    const query = parseStatsQuery(ctx, account, paramsOf(request), ASYNC_MAX_DAYS);
    const job = jobs.create(account.id, query, statsBody(account, query, echo(request)), ctx.now());
    return { data: jobView(ctx, request, job), request: echo(request) };
  });

  app.get(`${v}/stats/jobs/accounts/:account_id`, async (request, reply) => {
    const grant = await authenticate(ctx, request, reply, 'read');
    if (!grant) return reply;
    const account = grantedAccount(ctx, grant, (request.params as { account_id: string }).account_id);
    const params = paramsOf(request);
    const ids = idList(params, 'job_ids', MAX_JOB_IDS);
    const listed = page(
      jobs.ofAccount(account.id).filter((job) => !ids || ids.includes(job.id)),
      params,
    );
    for (const job of listed.data) job.checks += 1;
    return { ...listed, data: listed.data.map((job) => jobView(ctx, request, job)), request: echo(request) };
  });

  // The job files: public, unauthenticated, gone after expires_at (like ton.twimg.com).
  app.get(`${DOWNLOAD_PATH}/:file`, async (request, reply) => {
    const id = /^stats_job_(\d+)\.json\.gz$/.exec((request.params as { file: string }).file)?.[1];
    const job = id ? jobs.get(id) : undefined;
    if (!job || !succeeded(job) || expiresAt(job) <= ctx.now())
      return reply.code(404).type('text/plain').send('Not Found');
    return reply.type('application/gzip').send(job.file);
  });
}
