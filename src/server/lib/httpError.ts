import { ErrorCode } from '@shared/api/errors';

/** An error whose message is safe to show the user; the error handler turns it into `{detail, code, field}`. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly detail: string,
    readonly code: ErrorCode,
    readonly field?: string,
    /** For 429/503: seconds the client should wait, sent as Retry-After. */
    readonly retryAfterSeconds?: number,
    /** The action in the actions log the error is about (a change taken only in part). */
    readonly actionId?: string,
  ) {
    super(detail);
    this.name = 'HttpError';
  }
}

/** 400 for a request field that failed validation. */
export const badRequest = (detail: string, field?: string) =>
  new HttpError(400, detail, ErrorCode.ValidationFailed, field);
/** 404 for something that does not exist or does not belong to the caller. */
export const notFound = (detail = 'Not found.') => new HttpError(404, detail, ErrorCode.NotFound);

/** 429 with the exact wait in Retry-After. */
export const tooManyRequests = (detail: string, retryAfterSeconds: number) =>
  new HttpError(429, detail, ErrorCode.RateLimited, undefined, Math.max(1, Math.ceil(retryAfterSeconds)));
