import type { HttpResponse } from '../http';
import { DAILY_QUOTA_WAIT_MS, toGoogleError, toPartialFailureError } from './errors';

const NOW = new Date('2026-11-21T12:00:00Z');
const FAILURE = 'type.googleapis.com/google.ads.googleads.v26.errors.GoogleAdsFailure';

function response(status: number, json: unknown, headers: Record<string, string> = {}): HttpResponse {
  const text = json === undefined ? '<html><body>Bad Gateway</body></html>' : JSON.stringify(json);
  return { status, headers: new Headers(headers), json, text };
}

/** A google.rpc.Status with one GoogleAdsFailure error, as the REST API sends it. */
function status(code: number, rpc: string, errorCode: Record<string, string>, extra: object = {}) {
  return {
    error: {
      code,
      message: 'Request contains an invalid argument.',
      status: rpc,
      details: [
        {
          '@type': FAILURE,
          errors: [{ errorCode, message: `${Object.values(errorCode)[0]} happened`, ...extra }],
          requestId: 'FAk-3h1TY-uJkxzKVt6jJg',
        },
      ],
    },
  };
}

describe('google toGoogleError', () => {
  it('passes successful answers, including streams of batches', () => {
    expect(
      toGoogleError(response(200, [{ results: [], fieldMask: 'campaign.id', requestId: 'r' }]), NOW),
    ).toBeUndefined();
    expect(toGoogleError(response(200, { resourceNames: ['customers/1234567890'] }), NOW)).toBeUndefined();
  });

  it('reads a stream-wrapped 429 with the quota retryDelay and the request id', () => {
    const body = [
      status(
        429,
        'RESOURCE_EXHAUSTED',
        { quotaError: 'RESOURCE_TEMPORARILY_EXHAUSTED' },
        {
          location: { fieldPathElements: [{ fieldName: 'operations', index: 0 }] },
          details: { quotaErrorDetails: { rateScope: 'ACCOUNT', rateName: 'Requests per account', retryDelay: '30s' } },
        },
      ),
    ];
    expect(toGoogleError(response(429, body), NOW)).toMatchObject({
      platform: 'google',
      kind: 'rate_limited',
      retryable: true,
      retryAfterMs: 30_000,
      status: 429,
      code: 'RESOURCE_TEMPORARILY_EXHAUSTED',
      requestId: 'FAk-3h1TY-uJkxzKVt6jJg',
    });
  });

  it('treats the spent daily quota as rate limited with a wait the client will not sleep', () => {
    const error = toGoogleError(
      response(429, status(429, 'RESOURCE_EXHAUSTED', { quotaError: 'RESOURCE_EXHAUSTED' })),
      NOW,
    );
    expect(error).toMatchObject({
      kind: 'rate_limited',
      code: 'RESOURCE_EXHAUSTED',
      retryAfterMs: DAILY_QUOTA_WAIT_MS,
    });
  });

  it('finds an error object that ends a 200 stream', () => {
    const body = [
      { results: [], fieldMask: 'campaign.id', requestId: 'r' },
      status(503, 'UNAVAILABLE', { internalError: 'TRANSIENT_ERROR' }),
    ];
    expect(toGoogleError(response(200, body), NOW)).toMatchObject({
      kind: 'unavailable',
      status: 503,
      code: 'TRANSIENT_ERROR',
    });
  });

  it.each([
    [401, 'UNAUTHENTICATED', { authenticationError: 'OAUTH_TOKEN_EXPIRED' }, 'auth_expired'],
    [401, 'UNAUTHENTICATED', { authenticationError: 'OAUTH_TOKEN_REVOKED' }, 'auth_expired'],
    [401, 'UNAUTHENTICATED', { authenticationError: 'DEVELOPER_TOKEN_INVALID' }, 'permission'],
    [403, 'PERMISSION_DENIED', { authorizationError: 'DEVELOPER_TOKEN_NOT_APPROVED' }, 'permission'],
    [403, 'PERMISSION_DENIED', { authorizationError: 'USER_PERMISSION_DENIED' }, 'permission'],
    [400, 'INVALID_ARGUMENT', { queryError: 'INVALID_VALUE_WITH_DURING_OPERATOR' }, 'invalid'],
    [400, 'INVALID_ARGUMENT', { mutateError: 'RESOURCE_NOT_FOUND' }, 'not_found'],
    [400, 'INVALID_ARGUMENT', { quotaError: 'RESOURCE_TEMPORARILY_EXHAUSTED' }, 'rate_limited'],
    [500, 'INTERNAL', { internalError: 'INTERNAL_ERROR' }, 'unavailable'],
  ])('maps HTTP %i %s %j to %s', (code, rpc, errorCode, kind) => {
    expect(toGoogleError(response(code, status(code, rpc, errorCode)), NOW)).toMatchObject({
      kind,
      code: Object.values(errorCode)[0],
      status: code,
    });
  });

  it('falls back to the HTTP status and headers when the body is not Google’s JSON', () => {
    expect(toGoogleError(response(502, undefined, { 'request-id': 'gfe-1' }), NOW)).toMatchObject({
      kind: 'unavailable',
      code: '502',
      requestId: 'gfe-1',
    });
    expect(toGoogleError(response(429, undefined, { 'retry-after': '12' }), NOW)).toMatchObject({
      kind: 'rate_limited',
      retryAfterMs: 12_000,
    });
    const scope = {
      error: {
        code: 403,
        message: 'Request had insufficient authentication scopes.',
        status: 'PERMISSION_DENIED',
        details: [],
      },
    };
    expect(toGoogleError(response(403, scope), NOW)).toMatchObject({ kind: 'permission', code: 'PERMISSION_DENIED' });
  });
});

describe('google toPartialFailureError', () => {
  /**
   * A 200 mutate answer with partialFailureError, in the shape Google's partial-failure guide
   * documents (google.rpc.Code 3 and a GoogleAdsFailure naming the failed operation). Built
   * from the documented shape, not a recording.
   */
  const answer = {
    results: [{}, { resourceName: 'customers/1234567890/campaigns/2' }],
    partialFailureError: {
      code: 3,
      message:
        'Multiple errors in \u2018details\u2019. First error: Resource was not found., at operations[0].update.resource_name',
      details: [
        {
          '@type': FAILURE,
          errors: [
            {
              errorCode: { mutateError: 'RESOURCE_NOT_FOUND' },
              message: 'Resource was not found.',
              location: { fieldPathElements: [{ fieldName: 'operations', index: 0 }] },
            },
          ],
          requestId: 'pf-request',
        },
      ],
    },
  };

  it('reads a partialFailureError as the failure its GoogleAdsFailure names, counting the operations not applied', () => {
    expect(toPartialFailureError(answer, 2, NOW)).toMatchObject({
      platform: 'google',
      kind: 'not_found',
      status: 400,
      code: 'RESOURCE_NOT_FOUND',
      requestId: 'pf-request',
      message:
        'Google Ads partial failure (1 of 2 operations not applied): Google Ads INVALID_ARGUMENT: Resource was not found.',
    });
  });

  it('passes answers without one, or with code 0', () => {
    expect(toPartialFailureError({ results: [{ resourceName: 'customers/1/campaigns/2' }] }, 1, NOW)).toBeUndefined();
    expect(toPartialFailureError({ results: [{}], partialFailureError: { code: 0 } }, 1, NOW)).toBeUndefined();
  });
});
