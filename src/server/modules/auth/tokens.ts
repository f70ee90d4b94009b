import { createHash, randomBytes } from 'node:crypto';

import { ACCESS_TOKEN_TTL_SECONDS } from '@shared/constants';
import { jwtVerify, SignJWT } from 'jose';

const ISSUER = 'adwise';
const AUDIENCE = 'adwise-api';
const ACCESS_TYPE = 'access';
/** 256 bits from the CSPRNG: far above ASVS 7.2.3's 128. */
const OPAQUE_TOKEN_BYTES = 32;

/** What a valid access token says: whose it is, and under which token version it was signed. */
export interface AccessClaims {
  userId: string;
  version: number;
}

/**
 * Most verified access tokens one process remembers. A tab sends the same token for its 15
 * minutes, and checking an HS256 signature through WebCrypto costs more than the rest of a cheap
 * request; the oldest entry goes first.
 */
export const VERIFIED_TOKEN_CACHE_SIZE = 10_000;

/** Signs and checks access tokens with HS256 and the app secret; nothing else is accepted. */
export function createAccessTokens(appSecret: string) {
  const key = new TextEncoder().encode(appSecret);
  // Tokens whose signature and claims passed, with their expiry (seconds). Only what verify
  // accepted goes in, so a hit is the same answer as verifying again, until it expires.
  const verified = new Map<string, AccessClaims & { exp: number }>();
  const tokens = {
    /**
     * A 15-minute access token for the user, carrying the user's token version (`ver`): once the
     * version moves on (logout, refresh-token reuse, password reset) the token stops working.
     */
    async sign(userId: string, version: number, now: Date): Promise<string> {
      const issuedAt = Math.floor(now.getTime() / 1000);
      return new SignJWT({ typ: ACCESS_TYPE, ver: version })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(userId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + ACCESS_TOKEN_TTL_SECONDS)
        .sign(key);
    },
    /**
     * The user id and token version of a valid access token, or null (bad signature, wrong type,
     * expired, or issued before tokens carried a version: the client then refreshes).
     */
    async verify(token: string, now: Date): Promise<AccessClaims | null> {
      // jose's expiry check: expired once exp <= now in whole seconds.
      const nowSeconds = Math.floor(now.getTime() / 1000);
      const hit = verified.get(token);
      if (hit && hit.exp > nowSeconds) return { userId: hit.userId, version: hit.version };
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          audience: AUDIENCE,
          currentDate: now,
        });
        const { typ, sub, ver, exp } = payload;
        if (typ !== ACCESS_TYPE || typeof sub !== 'string' || !Number.isSafeInteger(ver)) return null;
        const claims = { userId: sub, version: ver as number };
        if (typeof exp === 'number') {
          verified.delete(token);
          verified.set(token, { ...claims, exp });
          if (verified.size > VERIFIED_TOKEN_CACHE_SIZE) verified.delete(verified.keys().next().value as string);
        }
        return claims;
      } catch {
        return null;
      }
    },
    /**
     * When a token verify accepts stops working (its `exp`), for a response that outlives the
     * request it came with; null when verify refuses it or it carries no expiry.
     */
    async expiresAt(token: string, now: Date): Promise<Date | null> {
      if (!verified.has(token) && !(await tokens.verify(token, now))) return null;
      const exp = verified.get(token)?.exp;
      return exp === undefined ? null : new Date(exp * 1000);
    },
  };
  return tokens;
}
export type AccessTokens = ReturnType<typeof createAccessTokens>;

/** A new opaque token (refresh, password reset) for the client. */
export const newOpaqueToken = () => randomBytes(OPAQUE_TOKEN_BYTES).toString('base64url');

/** What the database keeps of an opaque token: its SHA-256, so a leaked table grants nothing. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
