import http from 'node:http';
import type { Socket } from 'node:net';

import { type ApiErrorBody, ErrorCode } from '@shared/api/errors';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import { HttpError } from '../lib/httpError';

/** What a 500 says: nothing about the cause, which is in the log under the request id. */
export const INTERNAL_ERROR_DETAIL = 'Something went wrong on our side. Please try again.';

const CLIENT_ERROR_CODES: Record<number, ErrorCode> = {
  401: ErrorCode.Unauthorized,
  403: ErrorCode.Forbidden,
  404: ErrorCode.NotFound,
  409: ErrorCode.Conflict,
  429: ErrorCode.RateLimited,
};

/** Fastify's own 4xx errors, in words a person can act on (its messages name internals). */
const FRAMEWORK_DETAILS: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Please send the request body as JSON (Content-Type: application/json).',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body does not match its Content-Length.',
  FST_ERR_BAD_URL: 'The address of this request is not valid.',
  FST_ERR_MAX_PARAM_LENGTH: 'The address of this request is too long.',
  FST_ERR_ASYNC_CONSTRAINT: 'The request could not be routed.',
};

const detailOf = (error: FastifyError) => FRAMEWORK_DETAILS[error.code] ?? error.message;

/** The one error handler: every failure becomes `{ detail, code, field? }`; 5xx hide their cause. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    const send = (status: number, body: ApiErrorBody) => reply.code(status).send(body);
    if (error instanceof HttpError) {
      if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
      if (error.statusCode === 429 && reply.getHeader('retry-after') === undefined) reply.header('retry-after', '60');
      return send(error.statusCode, {
        detail: error.detail,
        code: error.code,
        ...(error.field ? { field: error.field } : {}),
        ...(error.retryAfterSeconds !== undefined ? { retry_after_seconds: error.retryAfterSeconds } : {}),
        ...(error.actionId !== undefined ? { action_id: error.actionId } : {}),
      });
    }
    if (error.validation) return send(400, { detail: error.message, code: ErrorCode.ValidationFailed });
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500)
      return send(status, { detail: detailOf(error), code: CLIENT_ERROR_CODES[status] ?? ErrorCode.ValidationFailed });
    request.log.error({ err: error }, 'request failed');
    return send(500, { detail: INTERNAL_ERROR_DETAIL, code: ErrorCode.Internal });
  });
}

/**
 * Fastify's `frameworkErrors` option: a URL the router cannot decode, or a path parameter over
 * the length limit, answers like every other error instead of Fastify's own shape.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const status = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400;
  void reply.code(status).send({ detail: detailOf(error), code: ErrorCode.ValidationFailed } satisfies ApiErrorBody);
}

/**
 * Fastify's `clientErrorHandler`: for requests Node's HTTP parser refuses before Fastify sees them
 * (headers too large, malformed request lines), written straight to the socket in the API's shape.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, detail] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'The request headers are too large.']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'The request took too long to arrive.']
        : [400, 'The request is not valid HTTP.'];
  const body = JSON.stringify({ detail, code: ErrorCode.ValidationFailed } satisfies ApiErrorBody);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
