import { waitText } from './DisconnectDialog';

describe('waitText (the resend lock on the Send OTP and Resend buttons)', () => {
  it('counts the 30 s resend lock in seconds and the daily cap in hours and minutes', () => {
    expect(waitText(27)).toBe('27s');
    expect(waitText(59)).toBe('59s');
    expect(waitText(60)).toBe('1 min');
    expect(waitText(301)).toBe('6 min');
    expect(waitText(3600)).toBe('1 h');
    expect(waitText(86_280)).toBe('23 h 58 min');
  });
});
