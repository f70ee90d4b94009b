import { createHash, randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { ACCESS_TOKEN_TTL_SECONDS } from '@shared/constants';

const ISSUER = 'adwise';
const AUDIENCE = 'adwise-api';
const ACCESS_TYPE = 'access';
/** 256 bits from the CSPRNG: far above ASVS 7.2.3's 128. */
const OPAQUE_TOKEN_BYTES = 32;

/** Signs and checks access tokens with HS256 and the app secret; nothing else is accepted. */
export function createAccessTokens(appSecret: string) {
  const key = new TextEncoder().encode(appSecret);
  return {
    /** A 15-minute access token for the user. */
    async sign(userId: string, now: Date): Promise<string> {
      const issuedAt = Math.floor(now.getTime() / 1000);
      return new SignJWT({ typ: ACCESS_TYPE })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(userId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + ACCESS_TOKEN_TTL_SECONDS)
        .sign(key);
    },
    /** The user id of a valid access token, or null (bad signature, wrong type, expired, ...). */
    async verify(token: string, now: Date): Promise<string | null> {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          audience: AUDIENCE,
          currentDate: now,
        });
        return payload.typ === ACCESS_TYPE && typeof payload.sub === 'string' ? payload.sub : null;
      } catch {
        return null;
      }
    },
  };
}
export type AccessTokens = ReturnType<typeof createAccessTokens>;

/** A new opaque token (refresh, password reset) for the client. */
export const newOpaqueToken = () => randomBytes(OPAQUE_TOKEN_BYTES).toString('base64url');

/** What the database keeps of an opaque token: its SHA-256, so a leaked table grants nothing. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
