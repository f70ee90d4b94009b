import { randomBytes } from 'node:crypto';

import type { FastifyReply, FastifyRequest } from 'fastify';

import { sandboxCredentials, TIKTOK_API_VERSION } from '../../contract';
import type { FaultRenderer } from '../../types';

/**
 * TikTok's wire format. Every answer of the Marketing API, success or failure, is HTTP 200 with
 * the envelope `{code, message, request_id, data}`; `code` 0 is success (research 5.5). Only
 * gateway failures use other statuses, and the sandbox does not emulate those. Requests carry
 * JSON bodies, JSON-encoded lists in the query, and the app's credentials in the token calls.
 */

/** Where the versioned API lives under /tiktok. */
export const API = `/open_api/${TIKTOK_API_VERSION}`;
const CREDENTIALS = sandboxCredentials('tiktok');

/** Numeric codes from the official SDK's NumericErrorCodes (research 5.5). */
export const TIKTOK_CODES = {
  OK: 0,
  INVALID_PARAMS: 40000,
  PERMISSION_ERROR: 40001,
  PARAM_ERROR: 40002,
  NOT_EXIST: 40007,
  REQUEST_TOO_FREQUENT: 40100,
  ACCESS_TOKEN_EXPIRE: 40102,
  EMPTY_ACCESS_TOKEN: 40104,
  INVALID_ACCESS_TOKEN: 40105,
  AUTH_CODE_ERROR: 40110,
  SYS_ERROR: 50000,
} as const;

/** A request id in TikTok's style: the UTC time to the second, then random hex. */
export function requestId(now: Date = new Date()): string {
  const stamp = now.toISOString().replace(/[-:T]/g, '').slice(0, 14);
  return `${stamp}${randomBytes(9).toString('hex').toUpperCase()}`;
}

/** A successful answer. */
export function ok(reply: FastifyReply, data: object): FastifyReply {
  return reply.code(200).send({ code: TIKTOK_CODES.OK, message: 'OK', request_id: requestId(), data });
}

/** A failed answer: still HTTP 200, with the error in `code` and `message` and an empty `data`. */
export function fail(reply: FastifyReply, code: number, message: string): FastifyReply {
  return reply.code(200).send({ code, message, request_id: requestId(), data: {} });
}

/**
 * Injected faults in TikTok's shape. TikTok sends no wait hint with 40100, so the fault's
 * retry-after is not rendered anywhere.
 */
export const tiktokFaults: FaultRenderer = {
  rateLimit: (reply) => fail(reply, TIKTOK_CODES.REQUEST_TOO_FREQUENT, 'Too many requests. Please retry in some time.'),
  serverError: (reply) => fail(reply, TIKTOK_CODES.SYS_ERROR, 'System error. Please try again later.'),
  expiredToken: (reply) => fail(reply, TIKTOK_CODES.ACCESS_TOKEN_EXPIRE, 'Access token is expired.'),
  revoked: (reply) => fail(reply, TIKTOK_CODES.INVALID_ACCESS_TOKEN, 'Access token is invalid or has been revoked.'),
};

/** Parses a list parameter that TikTok takes as a JSON-encoded array in the query string. */
export function jsonList(value: unknown): string[] | undefined {
  if (typeof value !== 'string') return undefined;
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) && parsed.every((item) => typeof item === 'string') ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** A positive integer query parameter, its default when absent, undefined when malformed. */
export function positiveInt(value: unknown, fallback: number): number | undefined {
  if (value === undefined || value === '') return fallback;
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : undefined;
}

/** The JSON object body of a POST, or undefined when the body is not JSON. */
export function jsonBody(request: FastifyRequest): Record<string, unknown> | undefined {
  const type = request.headers['content-type'] ?? '';
  const body = request.body;
  if (!type.includes('application/json') || typeof body !== 'object' || body === null || Array.isArray(body))
    return undefined;
  return body as Record<string, unknown>;
}

/** Whether a call carries the sandbox app's app_id and secret. */
export const appCredentialsMatch = (appId: unknown, secret: unknown) =>
  appId === CREDENTIALS.clientId && secret === CREDENTIALS.clientSecret;
export const badApp = (reply: FastifyReply) =>
  fail(reply, TIKTOK_CODES.PERMISSION_ERROR, 'The app_id or secret is invalid.');
