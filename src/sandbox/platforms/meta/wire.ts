import { randomBytes } from 'node:crypto';

import type { FastifyReply, FastifyRequest } from 'fastify';

import { LATEST_GRAPH_VERSION, sandboxCredentials } from '../../contract';

/**
 * Graph API plumbing for the Meta emulator: parameters (query, form or both), the access token
 * wherever Graph accepts it, the `{"error":{...}}` body and the errors several endpoints share,
 * and cursor paging. The versions it answers are in contract.ts.
 */

const PLATFORM = 'meta';
const CREDENTIALS = sandboxCredentials(PLATFORM);

/**
 * Insights and edge paging: Graph's default page size, and the largest `limit` the sandbox
 * honours (UNCONFIRMED: Meta publishes no hard maximum).
 */
export const DEFAULT_PAGE_LIMIT = 25;
export const MAX_PAGE_LIMIT = 5000;

/** A Graph error as it appears inside `{"error": ...}`. */
export interface GraphErrorInit {
  message: string;
  code: number;
  subcode?: number;
  type?: string;
  isTransient?: boolean;
  /** Shown to end users by Meta's own SDKs. */
  userTitle?: string;
  userMessage?: string;
}

/** A Graph trace id: 11-27 url-safe characters, also sent as the x-fb-trace-id header. */
export function fbtraceId(): string {
  return randomBytes(12).toString('base64url');
}

/**
 * Sends Graph's error body. Graph answers almost every error with HTTP 400 (throttling and
 * expired tokens included); server trouble comes as 500.
 */
export function sendGraphError(reply: FastifyReply, status: number, error: GraphErrorInit): FastifyReply {
  const trace = fbtraceId();
  const body = {
    error: {
      message: error.message,
      type: error.type ?? 'OAuthException',
      code: error.code,
      ...(error.subcode !== undefined ? { error_subcode: error.subcode } : {}),
      ...(error.userTitle ? { error_user_title: error.userTitle, error_user_msg: error.userMessage ?? '' } : {}),
      is_transient: error.isTransient ?? false,
      fbtrace_id: trace,
    },
  };
  if (error.code === 190 || error.code === 104) {
    reply.header('www-authenticate', `OAuth "Facebook Platform" "invalid_token" "${error.message.replace(/"/g, "'")}"`);
  }
  return reply.code(status).header('x-fb-trace-id', trace).send(body);
}

/** `(#100) ...`: Graph prefixes most API error messages with the code. */
export function invalidParameter(reply: FastifyReply, message: string, subcode?: number): FastifyReply {
  return sendGraphError(reply, 400, { message: `(#100) ${message}`, code: 100, subcode });
}

/** Graph's 190 errors for a token that is unknown, expired or no longer authorized. */
export function tokenError(reply: FastifyReply, reason: 'invalid' | 'expired' | 'revoked', now: Date): FastifyReply {
  switch (reason) {
    case 'invalid':
      return sendGraphError(reply, 400, {
        message: 'Invalid OAuth access token - Cannot parse access token',
        code: 190,
      });
    case 'expired':
      return sendGraphError(reply, 400, {
        message: `Error validating access token: Session has expired. The current time is ${now.toUTCString()}.`,
        code: 190,
        subcode: 463,
      });
    case 'revoked':
      return sendGraphError(reply, 400, {
        message: `Error validating access token: The user has not authorized application ${CREDENTIALS.clientId}.`,
        code: 190,
        subcode: 458,
      });
  }
}

/** Graph's answer to a version it no longer serves (contract.ts lists the ones it does). */
export function deprecatedVersion(reply: FastifyReply, version: string): FastifyReply {
  return sendGraphError(reply, 400, {
    message: `(#2635) You are calling a deprecated version of the Ads API (${version}). Please update to the latest version: ${LATEST_GRAPH_VERSION}.`,
    code: 2635,
  });
}

/** What Graph says about an id that does not exist or that the token may not see. */
export function unsupportedRequest(reply: FastifyReply, method: string, id: string): FastifyReply {
  return sendGraphError(reply, 400, {
    message:
      `Unsupported ${method.toLowerCase()} request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, ` +
      'or does not support this operation. Please read the Graph API documentation at https://developers.facebook.com/docs/graph-api',
    code: 100,
    subcode: 33,
    type: 'GraphMethodException',
  });
}

/** Query and form parameters together (Graph reads both, the body winning); only single string values. */
export function graphParams(request: FastifyRequest): Record<string, string> {
  const out: Record<string, string> = {};
  for (const source of [request.query, request.body]) {
    if (!source || typeof source !== 'object') continue;
    for (const [key, value] of Object.entries(source as Record<string, unknown>)) {
      if (typeof value === 'string') out[key] = value;
      else if (Array.isArray(value) && typeof value[0] === 'string') out[key] = value[value.length - 1];
    }
  }
  return out;
}

/** The token of a Graph call: `access_token` (query or form) or an `Authorization: Bearer|OAuth` header. */
export function accessTokenOf(request: FastifyRequest): string | undefined {
  const fromParams = graphParams(request).access_token;
  if (fromParams) return fromParams;
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^(?:Bearer|OAuth)\s+(\S+)$/i.exec(header) : null;
  return match?.[1];
}

/**
 * Comma-separated `fields`, trimmed. A field expansion (`creative{title,body}`) stays one entry:
 * only commas outside braces separate fields.
 */
export function fieldList(value: string | undefined, fallback: string[]): string[] {
  if (!value) return fallback;
  const fields: string[] = [];
  let depth = 0;
  let current = '';
  for (const char of value) {
    if (char === '{') depth += 1;
    if (char === '}') depth = Math.max(0, depth - 1);
    if (char === ',' && depth === 0) {
      fields.push(current);
      current = '';
    } else current += char;
  }
  fields.push(current);
  return fields.map((field) => field.trim()).filter(Boolean);
}

/** A field's name and, for an expansion `name{a,b}`, the fields asked of the object it names. */
export function expansionOf(field: string): { name: string; fields: string[] | undefined } {
  const open = field.indexOf('{');
  if (open < 0 || !field.endsWith('}')) return { name: field, fields: undefined };
  return { name: field.slice(0, open).trim(), fields: fieldList(field.slice(open + 1, -1), []) };
}

/** Cursors are opaque to clients; here they carry the index of a row. */
export function encodeCursor(index: number): string {
  return Buffer.from(`cursor:${index}`).toString('base64url');
}

export function decodeCursor(cursor: string): number | undefined {
  const match = /^cursor:(\d+)$/.exec(Buffer.from(cursor, 'base64url').toString());
  return match ? Number(match[1]) : undefined;
}

/** The page size a caller asked for, or an error text. */
export function pageLimit(value: string | undefined): number | string {
  if (value === undefined) return DEFAULT_PAGE_LIMIT;
  const limit = Number(value);
  if (!Number.isInteger(limit) || limit < 1) return 'Param limit must be a positive integer';
  return Math.min(limit, MAX_PAGE_LIMIT);
}

/**
 * One page of an edge, Graph style: `data` plus `paging.cursors.before/after`, and `paging.next`
 * (an absolute URL with the caller's own parameters and `after`) only when more rows follow.
 * Paging backwards (`before`, `paging.previous`) is not emulated.
 */
export function pageOf<T>(
  rows: T[],
  params: Record<string, string>,
  limit: number,
  selfUrl: string,
): { data: T[]; paging?: { cursors: { before: string; after: string }; next?: string } } | { badCursor: true } {
  let start = 0;
  if (params.after) {
    const index = decodeCursor(params.after);
    if (index === undefined) return { badCursor: true };
    start = index + 1;
  }
  const data = rows.slice(start, start + limit);
  if (data.length === 0) return { data };
  const last = start + data.length - 1;
  const cursors = { before: encodeCursor(start), after: encodeCursor(last) };
  if (last + 1 >= rows.length) return { data, paging: { cursors } };
  const query = new URLSearchParams(params);
  query.set('after', cursors.after);
  return { data, paging: { cursors, next: `${selfUrl}?${query.toString()}` } };
}

/** Major-unit decimal text as Graph writes money in insights: no trailing zeros ("5339.5", "12", "0"). */
export function trimDecimal(text: string): string {
  return text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;
}
