import type { HttpResponse } from '../http';
import { kindForCode, RATE_LIMIT_FIRST_WAIT_MS, rateLimitWaitMs, tiktokError } from './errors';

const now = new Date('2024-05-01T12:00:00Z');
const answer = (status: number, json: unknown, headers: Record<string, string> = {}): HttpResponse => ({
  status,
  headers: new Headers(headers),
  json,
  text: json === undefined ? 'upstream request timeout' : JSON.stringify(json),
});

describe('TikTok error codes', () => {
  it.each([
    [40100, 'rate_limited'],
    [40132, 'rate_limited'],
    [61000, 'rate_limited'],
    [40102, 'revoked'],
    [40104, 'revoked'],
    [40105, 'revoked'],
    [40110, 'revoked'],
    [40001, 'permission'],
    [40003, 'permission'],
    [40130, 'permission'],
    [40007, 'not_found'],
    [40000, 'invalid'],
    [40002, 'invalid'],
    [50000, 'unavailable'],
    [50002, 'unavailable'],
    [51021, 'unavailable'],
    [60001, 'unavailable'],
  ] as const)('code %i is %s', (code, kind) => {
    expect(kindForCode(code)).toBe(kind);
  });

  it('passes code 0 and reads failures out of HTTP 200 answers', () => {
    expect(tiktokError(answer(200, { code: 0, message: 'OK', request_id: 'r1', data: {} }), 1, now)).toBeUndefined();
    const error = tiktokError(
      answer(200, { code: 40002, message: 'budget: invalid', request_id: 'r2', data: {} }),
      1,
      now,
    );
    expect(error).toMatchObject({ kind: 'invalid', code: '40002', status: 200, requestId: 'r2', retryable: false });
    expect(error?.message).toContain('budget: invalid');
  });

  it('backs off on throttling codes by itself, doubling per attempt', () => {
    const throttled = answer(200, { code: 40100, message: 'Too many requests', data: {} });
    expect(tiktokError(throttled, 1, now)?.retryAfterMs).toBe(RATE_LIMIT_FIRST_WAIT_MS);
    expect(tiktokError(throttled, 3, now)?.retryAfterMs).toBe(RATE_LIMIT_FIRST_WAIT_MS * 4);
    expect(rateLimitWaitMs(20)).toBe(30_000);
  });

  it('treats a non-JSON gateway answer by its status', () => {
    expect(tiktokError(answer(504, undefined), 1, now)).toMatchObject({
      kind: 'unavailable',
      status: 504,
      retryable: true,
    });
    expect(tiktokError(answer(429, undefined, { 'retry-after': '3' }), 1, now)).toMatchObject({
      kind: 'rate_limited',
      retryAfterMs: 3000,
    });
    expect(tiktokError(answer(200, undefined), 1, now)).toMatchObject({ kind: 'unavailable' });
  });
});
