import { randomBytes } from 'node:crypto';

import type { FastifyReply, FastifyRequest } from 'fastify';

import type { Grant } from '../../grants';
import type { FaultRenderer, SandboxContext } from '../../types';
import type { SandboxAccount, SandboxAd, SandboxCampaign } from '../../world';

/**
 * X Ads API wire basics for the emulator: error bodies ({errors:[{code,message,parameter?}],
 * request:{params}}), the auth check every API call goes through (Bearer, or an OAuth 1.0a
 * header whose oauth_token is a live access token), cursor paging, and the derived ids of the
 * entities the world does not model (line items, tweets, funding instruments).
 */

/** The user-token window a read's 429 reports alongside the exhausted ad-account limit (15 minutes, research 4.5). */
export const RATE_LIMIT_WINDOW_SECONDS = 15 * 60;
const USER_LIMIT = 250;
const ACCOUNT_LIMIT = 10_000;
export const DEFAULT_PAGE_SIZE = 200;
export const MAX_PAGE_SIZE = 1000;
const CURSOR_PREFIX = 'c';

export type Params = Record<string, string>;

/** An X API error the route throws; the scope's error handler renders it. */
export class XFailure extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly parameter?: string,
  ) {
    super(message);
  }
}

/** X's 400 INVALID_PARAMETER, naming the parameter. */
export function invalidParameter(parameter: string, message: string): XFailure {
  return new XFailure(400, 'INVALID_PARAMETER', message, parameter);
}

/** The query as flat strings (X takes one value per name; the first wins). */
export function paramsOf(request: FastifyRequest): Params {
  const out: Params = {};
  for (const [key, value] of Object.entries((request.query ?? {}) as Record<string, unknown>)) {
    const first = Array.isArray(value) ? value[0] : value;
    if (typeof first === 'string') out[key] = first;
  }
  return out;
}

/** What X echoes back under request.params: the query plus the path's ids. */
export function echo(request: FastifyRequest): { params: Record<string, string> } {
  return { params: { ...paramsOf(request), ...((request.params ?? {}) as Record<string, string>) } };
}

/** Writes X's error body. */
export function sendError(
  reply: FastifyReply,
  status: number,
  code: string,
  message: string,
  parameter?: string,
): FastifyReply {
  return reply
    .code(status)
    .send({ errors: [{ code, message, ...(parameter ? { parameter } : {}) }], request: echo(reply.request) });
}

const NOT_AUTHENTICATED = 'This request is not properly authenticated';

/** Injected faults in X's shapes: 429 with rate-limit headers, 503, and 401 for dead tokens. */
export function faultRenderer(ctx: SandboxContext): FaultRenderer {
  return {
    rateLimit(reply, retryAfterSeconds) {
      const nowSeconds = Math.ceil(ctx.now().getTime() / 1000);
      const reset = String(nowSeconds + retryAfterSeconds);
      if (reply.request.method === 'GET') {
        // Reads: the ad-account limit is the one exhausted; the user-token window still has room.
        reply.header('x-account-rate-limit-limit', String(ACCOUNT_LIMIT));
        reply.header('x-account-rate-limit-remaining', '0');
        reply.header('x-account-rate-limit-reset', reset);
        reply.header('x-rate-limit-limit', String(USER_LIMIT));
        reply.header('x-rate-limit-remaining', String(USER_LIMIT - 1));
        reply.header('x-rate-limit-reset', String(nowSeconds + RATE_LIMIT_WINDOW_SECONDS));
      } else {
        reply.header('x-rate-limit-limit', String(USER_LIMIT));
        reply.header('x-rate-limit-remaining', '0');
        reply.header('x-rate-limit-reset', reset);
      }
      return sendError(reply, 429, 'TOO_MANY_REQUESTS', 'Rate limit exceeded');
    },
    serverError: (reply) =>
      sendError(reply, 503, 'SERVICE_UNAVAILABLE', 'Service unavailable; please try the request again later'),
    expiredToken: (reply) => sendError(reply, 401, 'UNAUTHORIZED_ACCESS', NOT_AUTHENTICATED),
    revoked: (reply) => sendError(reply, 401, 'UNAUTHORIZED_ACCESS', NOT_AUTHENTICATED),
  };
}

/** The OAuth 1.0a header's fields, decoded; undefined when it is not one. */
function oauth1Fields(header: string): Record<string, string> | undefined {
  const match = /^OAuth\s+(.+)$/i.exec(header);
  if (!match) return undefined;
  const fields: Record<string, string> = {};
  for (const part of match[1].split(',')) {
    const pair = /^\s*([a-z_]+)="([^"]*)"\s*$/i.exec(part);
    if (!pair) return undefined;
    fields[pair[1]] = decodeURIComponent(pair[2]);
  }
  return fields;
}

const OAUTH1_REQUIRED = [
  'oauth_consumer_key',
  'oauth_nonce',
  'oauth_signature',
  'oauth_signature_method',
  'oauth_timestamp',
  'oauth_token',
];

/**
 * The access token behind an Authorization header: `Bearer <token>`, or a complete OAuth 1.0a
 * HMAC-SHA1 header whose oauth_token is a sandbox access token. The sandbox does not verify the
 * OAuth 1.0a signature (it issues no consumer or token secrets); it checks the header's shape.
 */
export function accessTokenOf(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const bearer = /^Bearer\s+(\S+)$/i.exec(header);
  if (bearer) return bearer[1];
  const fields = oauth1Fields(header);
  if (!fields || OAUTH1_REQUIRED.some((name) => !fields[name]) || fields.oauth_signature_method !== 'HMAC-SHA1')
    return undefined;
  return fields.oauth_token;
}

/**
 * Authenticates an API request and applies injected faults. Resolves to the grant, or to
 * undefined when the reply was already sent (a fault); throws XFailure for auth failures.
 */
export async function authenticate(
  ctx: SandboxContext,
  request: FastifyRequest,
  reply: FastifyReply,
  access: 'read' | 'write',
): Promise<Grant | undefined> {
  const check = ctx.grants.checkAccess('x', accessTokenOf(request.headers.authorization));
  if (!check.ok) throw new XFailure(401, 'UNAUTHORIZED_ACCESS', NOT_AUTHENTICATED);
  if (access === 'write' && !check.grant.scope.split(' ').includes('ads.write')) {
    throw new XFailure(
      403,
      'READONLY_CLIENT_APPLICATION',
      'This token may read ads data only (ads.write was not granted)',
    );
  }
  if (await ctx.fault('x', request, reply, faultRenderer(ctx))) return undefined;
  return check.grant;
}

/** The account in the path, when the user granted it; X's permission error otherwise. */
export function grantedAccount(ctx: SandboxContext, grant: Grant, accountId: string): SandboxAccount {
  const account = grant.accountIds.includes(accountId) ? ctx.world.account('x', accountId) : undefined;
  if (!account)
    throw new XFailure(403, 'ACCOUNT_NOT_FOUND', `User is not authorized to access account ${accountId}`, 'account_id');
  return account;
}

/** A comma-separated id list, or undefined when absent. */
export function idList(params: Params, name: string, max: number): string[] | undefined {
  if (params[name] === undefined) return undefined;
  const ids = params[name]
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);
  if (ids.length === 0 || ids.length > max) throw invalidParameter(name, `Expected 1 to ${max} ids for ${name}`);
  return ids;
}

/** One page of a list (count default 200, max 1000) and the cursor of the next. */
export function page<T>(items: T[], params: Params): { data: T[]; next_cursor: string | null } {
  const count = params.count === undefined ? DEFAULT_PAGE_SIZE : Number(params.count);
  if (!Number.isInteger(count) || count < 1 || count > MAX_PAGE_SIZE) {
    throw invalidParameter('count', `Expected an integer from 1 to ${MAX_PAGE_SIZE} for count, got "${params.count}"`);
  }
  let offset = 0;
  if (params.cursor !== undefined) {
    offset = params.cursor.startsWith(CURSOR_PREFIX)
      ? parseInt(params.cursor.slice(CURSOR_PREFIX.length), 36)
      : Number.NaN;
    if (!Number.isInteger(offset) || offset < 0) throw invalidParameter('cursor', `Invalid cursor "${params.cursor}"`);
  }
  const next = offset + count;
  return {
    data: items.slice(offset, next),
    next_cursor: next < items.length ? `${CURSOR_PREFIX}${next.toString(36)}` : null,
  };
}

/** A transaction id like the ones X puts on every response. */
export function transactionId(): string {
  return randomBytes(8).toString('hex');
}

function fnv(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A stable id of `length` characters in base 10 or 36, derived from a key. */
function derivedId(key: string, length: number, radix: 10 | 36): string {
  let h = fnv(key);
  let out = '';
  for (let i = 0; i < length; i += 1) {
    h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d) >>> 0;
    h = (h ^ (h >>> 12)) >>> 0;
    out += (h % radix).toString(radix);
  }
  return out;
}

/** The sandbox gives every campaign one line item (X: campaign -> line items -> promoted tweets). */
export function lineItemId(campaign: SandboxCampaign): string {
  return derivedId(`line_item/${campaign.id}`, 5, 36);
}

/** The tweet each promoted tweet (the world's ad) promotes: a 19-digit snowflake-like id. */
export function tweetId(ad: SandboxAd): string {
  return `1${derivedId(`tweet/${ad.id}`, 18, 10)}`;
}

export function fundingInstrumentId(account: SandboxAccount): string {
  return derivedId(`funding_instrument/${account.id}`, 5, 36);
}

/** The website card a promoted tweet carries (card_uri card://<id>). */
export function cardUriOf(ad: SandboxAd): string {
  return `card://1${derivedId(`card/${ad.id}`, 18, 10)}`;
}

/** The media key of a card's image: 3_ (photo) and a 19-digit media id. */
export function mediaKeyOf(ad: SandboxAd): string {
  return `3_1${derivedId(`media/${ad.id}`, 18, 10)}`;
}

/** Where the emulator serves card images, under /x: shaped like pbs.twimg.com/media/<name>.png. */
export const MEDIA_PATH = '/media';
