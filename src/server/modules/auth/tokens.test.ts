import { ACCESS_TOKEN_TTL_SECONDS } from '@shared/constants';

import { createAccessTokens } from './tokens';

const SECRET = 'a'.repeat(48);
const issued = new Date('2026-03-01T10:00:00Z');
const after = (seconds: number) => new Date(issued.getTime() + seconds * 1000);

describe('access tokens', () => {
  it('a token verified once (and so remembered) still expires on time', async () => {
    const tokens = createAccessTokens(SECRET);
    const token = await tokens.sign('user-1', 3, issued);
    expect(await tokens.verify(token, issued)).toEqual({ userId: 'user-1', version: 3 });
    expect(await tokens.verify(token, after(ACCESS_TOKEN_TTL_SECONDS - 1))).toEqual({ userId: 'user-1', version: 3 });
    expect(await tokens.verify(token, after(ACCESS_TOKEN_TTL_SECONDS))).toBeNull();
    expect(await tokens.verify(token, after(ACCESS_TOKEN_TTL_SECONDS + 60))).toBeNull();
  });

  it('remembers only what it verified: a token altered after a good one, or signed with another secret, is refused', async () => {
    const tokens = createAccessTokens(SECRET);
    const token = await tokens.sign('user-1', 0, issued);
    expect(await tokens.verify(token, issued)).not.toBeNull();
    const [header, payload, signature] = token.split('.');
    const otherUser = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), sub: 'user-2' }),
    ).toString('base64url');
    expect(await tokens.verify(`${header}.${otherUser}.${signature}`, issued)).toBeNull();
    expect(await tokens.verify(`${token}x`, issued)).toBeNull();
    const foreign = await createAccessTokens('b'.repeat(48)).sign('user-1', 0, issued);
    expect(await tokens.verify(foreign, issued)).toBeNull();
    // Another process (another cache) with the same secret accepts the same token.
    expect(await createAccessTokens(SECRET).verify(token, issued)).toEqual({ userId: 'user-1', version: 0 });
  });

  it('tells when a token it accepts expires, remembered or not, and nothing for one it refuses', async () => {
    const tokens = createAccessTokens(SECRET);
    const token = await tokens.sign('user-1', 0, issued);
    expect(await tokens.expiresAt(token, issued)).toEqual(after(ACCESS_TOKEN_TTL_SECONDS));
    expect(await tokens.verify(token, issued)).not.toBeNull();
    expect(await tokens.expiresAt(token, issued)).toEqual(after(ACCESS_TOKEN_TTL_SECONDS));
    expect(await tokens.expiresAt(`${token}x`, issued)).toBeNull();
    expect(
      await tokens.expiresAt(await createAccessTokens('b'.repeat(48)).sign('user-1', 0, issued), issued),
    ).toBeNull();
    expect(await createAccessTokens(SECRET).expiresAt(token, after(ACCESS_TOKEN_TTL_SECONDS))).toBeNull();
  });
});
