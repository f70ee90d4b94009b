import { RESEND_LOCK_SECONDS } from '@shared/constants';

import { lockedLabel, resendLockSeconds, retryAfterOf, waitText } from './otpResendLock';

describe('waitText (the resend lock on the Send OTP and Resend buttons)', () => {
  it('counts the 30 s resend lock in seconds and the daily cap in hours and minutes', () => {
    expect(waitText(27)).toBe('27s');
    expect(waitText(59)).toBe('59s');
    expect(waitText(60)).toBe('1 min');
    expect(waitText(301)).toBe('6 min');
    expect(waitText(3600)).toBe('1 h');
    expect(waitText(86_280)).toBe('23 h 58 min');
  });

  it('labels a locked button with the wait and an unlocked one plainly', () => {
    expect(lockedLabel('Resend', 27)).toBe('Resend in 27s');
    expect(lockedLabel('Resend', 0)).toBe('Resend');
  });
});

describe('the lock lengths the server names', () => {
  it('takes resend_after_seconds, rounded up, and the spec value when it is unusable', () => {
    expect(resendLockSeconds({ resend_after_seconds: 12.2 })).toBe(13);
    expect(resendLockSeconds({ resend_after_seconds: Number.NaN })).toBe(RESEND_LOCK_SECONDS);
    expect(resendLockSeconds({ resend_after_seconds: 0 })).toBe(RESEND_LOCK_SECONDS);
  });

  it('reads retry_after_seconds from a 429 body, and nothing from other errors', () => {
    expect(retryAfterOf({ status: 429, data: { detail: 'Wait.', retry_after_seconds: 12 } })).toBe(12);
    expect(retryAfterOf({ status: 429, data: { detail: 'Wait.' } })).toBeUndefined();
    expect(retryAfterOf({ status: 500 })).toBeUndefined();
    expect(retryAfterOf(null)).toBeUndefined();
  });
});
