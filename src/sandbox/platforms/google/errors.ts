import { randomBytes } from 'node:crypto';

import type { FastifyReply } from 'fastify';

import type { FaultRenderer } from '../../types';

/**
 * Google Ads API failures as the REST transport sends them: a google.rpc.Status whose details
 * carry one GoogleAdsFailure (research section 1.5). searchStream wraps the status in a
 * one-element array; every other method sends it bare. Each response has a `request-id` header.
 */

/** gRPC canonical codes the API uses, with the HTTP status the REST transport maps them to. */
export const RPC_STATUS = {
  INVALID_ARGUMENT: 400,
  UNAUTHENTICATED: 401,
  PERMISSION_DENIED: 403,
  NOT_FOUND: 404,
  RESOURCE_EXHAUSTED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
} as const;
export type RpcStatus = keyof typeof RPC_STATUS;

/** The status-level messages Google's front end writes. */
const RPC_MESSAGES: Record<RpcStatus, string> = {
  INVALID_ARGUMENT: 'Request contains an invalid argument.',
  UNAUTHENTICATED:
    'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.',
  PERMISSION_DENIED: 'The caller does not have permission',
  NOT_FOUND: 'Requested entity was not found.',
  RESOURCE_EXHAUSTED: 'Resource has been exhausted (e.g. check quota).',
  INTERNAL: 'Internal error encountered.',
  UNAVAILABLE: 'The service is currently unavailable.',
};

/** One entry of GoogleAdsFailure.errors. */
export interface GoogleAdsErrorEntry {
  /** One key naming the error family: {"queryError": "UNRECOGNIZED_FIELD"}. */
  errorCode: Record<string, string>;
  message: string;
  trigger?: { stringValue: string };
  location?: { fieldPathElements: { fieldName: string; index?: number }[] };
  details?: Record<string, unknown>;
}

/** A failure the emulator answers with; thrown inside route code and rendered by sendFailure. */
export class GoogleAdsFault extends Error {
  /** The google.rpc.Status message (Google's canned text for the status unless given). */
  readonly statusMessage: string;
  /** Extra google.rpc details besides the GoogleAdsFailure (ErrorInfo for scope problems). */
  readonly extraDetails: object[];

  constructor(
    readonly status: RpcStatus,
    readonly errors: GoogleAdsErrorEntry[],
    options: { statusMessage?: string; extraDetails?: object[] } = {},
  ) {
    super(errors[0]?.message ?? options.statusMessage ?? RPC_MESSAGES[status]);
    this.name = 'GoogleAdsFault';
    this.statusMessage = options.statusMessage ?? RPC_MESSAGES[status];
    this.extraDetails = options.extraDetails ?? [];
  }
}

/** Shorthand for the common case of one error entry. */
export function fault(
  status: RpcStatus,
  family: string,
  code: string,
  message: string,
  more: Partial<GoogleAdsErrorEntry> = {},
): GoogleAdsFault {
  return new GoogleAdsFault(status, [{ errorCode: { [family]: code }, message, ...more }]);
}

/** A request id shaped like Google's (22 url-safe characters). */
export function newRequestId(): string {
  return randomBytes(16).toString('base64url');
}

/** The google.rpc.Status body of a failure. */
export function statusBody(failure: GoogleAdsFault, version: string, requestId: string): object {
  return {
    error: {
      code: RPC_STATUS[failure.status],
      message: failure.statusMessage,
      status: failure.status,
      details: [
        ...(failure.errors.length
          ? [
              {
                '@type': `type.googleapis.com/google.ads.googleads.${version}.errors.GoogleAdsFailure`,
                errors: failure.errors,
                requestId,
              },
            ]
          : []),
        ...failure.extraDetails,
      ],
    },
  };
}

/** Sends a failure with its HTTP status, the request-id header, and the array wrapper on streams. */
export function sendFailure(
  reply: FastifyReply,
  failure: GoogleAdsFault,
  options: { version: string; stream: boolean },
): FastifyReply {
  const requestId = newRequestId();
  const body = statusBody(failure, options.version, requestId);
  return reply
    .code(RPC_STATUS[failure.status])
    .header('request-id', requestId)
    .send(options.stream ? [body] : body);
}

/** The failures the fault injector asks for, in Google's shapes. */
export const faultFailures = {
  rateLimit: (retryAfterSeconds: number) =>
    fault(
      'RESOURCE_EXHAUSTED',
      'quotaError',
      'RESOURCE_TEMPORARILY_EXHAUSTED',
      'Too many requests. Retry in ' + retryAfterSeconds + ' seconds.',
      {
        details: {
          quotaErrorDetails: {
            rateScope: 'ACCOUNT',
            rateName: 'Requests per account',
            retryDelay: `${retryAfterSeconds}s`,
          },
        },
      },
    ),
  serverError: () => fault('INTERNAL', 'internalError', 'INTERNAL_ERROR', 'An internal error has occurred.'),
  expiredToken: () =>
    fault('UNAUTHENTICATED', 'authenticationError', 'OAUTH_TOKEN_EXPIRED', 'OAuth token in the header has expired.'),
  revoked: () =>
    fault(
      'UNAUTHENTICATED',
      'authenticationError',
      'OAUTH_TOKEN_REVOKED',
      'OAuth token in the header has been revoked.',
    ),
};

/** A FaultRenderer for one API method (stream methods wrap the status in an array). */
export function faultRenderer(options: { version: string; stream: boolean }): FaultRenderer {
  return {
    rateLimit: (reply, seconds) => sendFailure(reply, faultFailures.rateLimit(seconds), options),
    serverError: (reply) => sendFailure(reply, faultFailures.serverError(), options),
    expiredToken: (reply) => sendFailure(reply, faultFailures.expiredToken(), options),
    revoked: (reply) => sendFailure(reply, faultFailures.revoked(), options),
  };
}
