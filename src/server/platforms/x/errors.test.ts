import type { HttpResponse } from '../http';
import { rateLimitWaitMs, xApiError, xTokenError } from './errors';

const NOW = new Date('2026-11-21T15:00:00Z');
const NOW_S = NOW.getTime() / 1000;

function response(status: number, body: unknown, headers: Record<string, string> = {}): HttpResponse {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return { status, headers: new Headers(headers), json: typeof body === 'string' ? undefined : body, text };
}

const errorBody = (code: string, message: string, parameter?: string) => ({
  errors: [{ code, message, ...(parameter ? { parameter } : {}) }],
  request: { params: { account_id: 'hkk5' } },
});

describe('X error signals', () => {
  it('waits for the exhausted limit: the ad-account one on reads, the user one on writes', () => {
    const read = new Headers({
      'x-account-rate-limit-remaining': '0',
      'x-account-rate-limit-reset': String(NOW_S + 7),
      'x-rate-limit-remaining': '249',
      'x-rate-limit-reset': String(NOW_S + 900),
    });
    expect(rateLimitWaitMs(read, NOW)).toBe(7000);
    const write = new Headers({ 'x-rate-limit-remaining': '0', 'x-rate-limit-reset': String(NOW_S + 12) });
    expect(rateLimitWaitMs(write, NOW)).toBe(12_000);
    const both = new Headers({
      'x-account-rate-limit-remaining': '0',
      'x-account-rate-limit-reset': String(NOW_S + 7),
      'x-rate-limit-remaining': '0',
      'x-rate-limit-reset': String(NOW_S + 30),
    });
    expect(rateLimitWaitMs(both, NOW)).toBe(30_000);
    const neither = new Headers({
      'x-account-rate-limit-reset': String(NOW_S + 5),
      'x-rate-limit-reset': String(NOW_S + 60),
    });
    expect(rateLimitWaitMs(neither, NOW)).toBe(5000);
    expect(rateLimitWaitMs(new Headers({ 'x-rate-limit-reset': String(NOW_S - 3) }), NOW)).toBe(0);
    expect(rateLimitWaitMs(new Headers({ 'retry-after': '4' }), NOW)).toBe(4000);
    expect(rateLimitWaitMs(new Headers(), NOW)).toBeUndefined();
  });

  it('maps statuses and codes to kinds, with the platform wait and request id', () => {
    const limited = xApiError(
      response(429, errorBody('TOO_MANY_REQUESTS', 'Rate limit exceeded'), {
        'x-rate-limit-remaining': '0',
        'x-rate-limit-reset': String(NOW_S + 9),
        'x-transaction-id': 'a1b2c3',
      }),
      NOW,
    );
    expect(limited).toMatchObject({
      kind: 'rate_limited',
      retryAfterMs: 9000,
      code: 'TOO_MANY_REQUESTS',
      requestId: 'a1b2c3',
      status: 429,
      retryable: true,
    });

    expect(
      xApiError(response(503, errorBody('SERVICE_UNAVAILABLE', 'Over capacity'), { 'retry-after': '3' }), NOW),
    ).toMatchObject({
      kind: 'unavailable',
      retryAfterMs: 3000,
    });
    const overCapacity = xApiError(response(503, errorBody('OVER_CAPACITY', 'Over capacity')), NOW);
    expect(overCapacity).toMatchObject({ kind: 'unavailable', retryAfterMs: undefined });
    expect(xApiError(response(423, errorBody('LOCK_ACQUISITION_TIMEOUT', 'Try again')), NOW)?.kind).toBe('unavailable');
    expect(xApiError(response(500, errorBody('INTERNAL_ERROR', 'Internal error')), NOW)?.kind).toBe('unavailable');
    expect(
      xApiError(response(401, errorBody('UNAUTHORIZED_ACCESS', 'This request is not properly authenticated')), NOW)
        ?.kind,
    ).toBe('auth_expired');
    expect(xApiError(response(403, errorBody('ACCOUNT_NOT_FOUND', 'No access')), NOW)?.kind).toBe('permission');
    expect(xApiError(response(404, errorBody('NOT_FOUND', 'Campaign not found')), NOW)?.kind).toBe('not_found');

    const invalid = xApiError(
      response(400, errorBody('INVALID_PARAMETER', 'Expected time, got "" for start_time', 'start_time')),
      NOW,
    );
    expect(invalid).toMatchObject({ kind: 'invalid', code: 'INVALID_PARAMETER', retryable: false });
    expect(invalid?.message).toBe('X Ads API 400 INVALID_PARAMETER (start_time): Expected time, got "" for start_time');
  });

  it('trusts the status when the body is not JSON, and passes successes', () => {
    const html = xApiError(response(404, '<html><body><h1>Not Found</h1></body></html>'), NOW);
    expect(html).toMatchObject({ kind: 'not_found', code: 'HTTP_404' });
    expect(html?.message).toContain('Not Found');
    expect(xApiError(response(200, { data: [] }), NOW)).toBeUndefined();
  });

  it('reads token-endpoint errors by context: a dead code is invalid, a dead refresh token is revoked', () => {
    const dead = response(400, {
      error: 'invalid_grant',
      error_description: 'Value passed for the token was invalid.',
    });
    expect(xTokenError(dead, NOW, 'invalid')).toMatchObject({ kind: 'invalid', code: 'invalid_grant' });
    expect(xTokenError(dead, NOW, 'revoked')).toMatchObject({ kind: 'revoked', needsReconnect: true });
    const badClient = response(401, {
      error: 'unauthorized_client',
      error_description: 'Missing valid authorization header',
    });
    expect(xTokenError(badClient, NOW, 'revoked')?.kind).toBe('permission');
    const down = xTokenError(response(503, 'Over capacity', { 'retry-after': '2' }), NOW, 'revoked');
    expect(down).toMatchObject({ kind: 'unavailable', retryAfterMs: 2000 });
    expect(xTokenError(response(200, { access_token: 'a' }), NOW, 'invalid')).toBeUndefined();
  });
});
