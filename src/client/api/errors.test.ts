import { errorMessage, isAbortError, isSessionExpiredError, SESSION_EXPIRED_ERROR } from './errors';

describe('errorMessage', () => {
  const fallback = 'Login failed.';

  it("prefers the server's detail", () => {
    expect(errorMessage({ status: 400, data: { detail: 'Invalid credentials' } }, fallback)).toBe(
      'Invalid credentials',
    );
    expect(errorMessage({ detail: 'Too many attempts', message: 'ignored' }, fallback)).toBe('Too many attempts');
  });

  it("uses the error's message when there is no detail", () => {
    expect(errorMessage(new Error('Network down'), fallback)).toBe('Network down');
    expect(errorMessage({ status: 500, data: { code: 'internal_error' }, message: 'Server error' }, fallback)).toBe(
      'Server error',
    );
  });

  it('falls back otherwise', () => {
    expect(errorMessage({ status: 500, data: 'Internal Server Error' }, fallback)).toBe(fallback);
    expect(errorMessage({ status: 'FETCH_ERROR', error: 'TypeError: fetch failed' }, fallback)).toBe(fallback);
    expect(errorMessage({ data: { detail: '   ' } }, fallback)).toBe(fallback);
    expect(errorMessage(undefined, fallback)).toBe(fallback);
    expect(errorMessage('boom', fallback)).toBe(fallback);
  });
});

describe('isAbortError', () => {
  it('recognises every shape an aborted request takes', () => {
    expect(isAbortError(new DOMException('The operation was aborted.', 'AbortError'))).toBe(true);
    expect(isAbortError({ name: 'AbortError', message: 'Aborted' })).toBe(true);
    expect(isAbortError({ status: 'FETCH_ERROR', error: 'AbortError: This operation was aborted' })).toBe(true);
  });

  it('leaves other failures alone', () => {
    expect(isAbortError({ status: 'FETCH_ERROR', error: 'TypeError: fetch failed' })).toBe(false);
    expect(isAbortError({ status: 500, data: {} })).toBe(false);
    expect(isAbortError(new Error('nope'))).toBe(false);
    expect(isAbortError(null)).toBe(false);
  });
});

describe('isSessionExpiredError', () => {
  it('matches only the base query expiry error', () => {
    expect(isSessionExpiredError({ status: 'CUSTOM_ERROR', error: SESSION_EXPIRED_ERROR })).toBe(true);
    expect(isSessionExpiredError({ status: 401, data: {} })).toBe(false);
  });
});
