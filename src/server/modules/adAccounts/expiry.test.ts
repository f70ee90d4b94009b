import { connectionExpiry, EXPIRY_WARNING_MS } from './expiry';

const now = new Date('2030-03-01T12:00:00Z');
const inDays = (days: number) => new Date(now.getTime() + days * 86_400_000);

describe('connectionExpiry', () => {
  it('a token without a refresh token is expiring from 7 days before its end', () => {
    expect(connectionExpiry({ accessExpiresAt: inDays(8), tokens: {} }, now)).toEqual({
      expiresAt: inDays(8),
      expiring: false,
    });
    expect(connectionExpiry({ accessExpiresAt: inDays(7), tokens: {} }, now)).toEqual({
      expiresAt: inDays(7),
      expiring: true,
    });
    expect(connectionExpiry({ accessExpiresAt: inDays(1), tokens: {} }, now).expiring).toBe(true);
    expect(EXPIRY_WARNING_MS).toBe(7 * 86_400_000);
  });

  it('stays expiring once the end has passed (the next use will ask for a reconnect anyway)', () => {
    expect(connectionExpiry({ accessExpiresAt: inDays(-1), tokens: {} }, now).expiring).toBe(true);
  });

  it('a token without any expiry (TikTok, X) never expires on its own', () => {
    expect(connectionExpiry({ accessExpiresAt: null, tokens: {} }, now)).toEqual({ expiresAt: null, expiring: false });
  });

  it('a refreshable token is never expiring because its access token is short-lived (Google)', () => {
    const google = connectionExpiry(
      { accessExpiresAt: new Date(now.getTime() + 3_600_000), tokens: { refreshToken: 'r' } },
      now,
    );
    expect(google).toEqual({ expiresAt: null, expiring: false });
  });

  it('a refreshable token ends with its refresh token (LinkedIn, 365 days)', () => {
    const tokens = (days: number) => ({ refreshToken: 'r', refreshExpiresAt: inDays(days).toISOString() });
    expect(connectionExpiry({ accessExpiresAt: inDays(60), tokens: tokens(300) }, now)).toEqual({
      expiresAt: inDays(300),
      expiring: false,
    });
    expect(connectionExpiry({ accessExpiresAt: inDays(2), tokens: tokens(5) }, now)).toEqual({
      expiresAt: inDays(5),
      expiring: true,
    });
  });
});
