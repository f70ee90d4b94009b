import { createHmac, timingSafeEqual } from 'node:crypto';
import { isUuid } from '@shared/validation/dashboard';

/**
 * Share-link tokens: `<share id>.<HMAC-SHA256 of "<purpose>:<id>" under the app secret>`. Only the
 * share's row is stored; the token is derived from it again when a link is listed, and a token
 * whose signature does not match is refused before the database is asked anything. The purpose
 * keeps one kind of link's token from opening another kind's row (a creative link is no report link).
 */
export function createSignedIdTokens(appSecret: string, purpose: string) {
  const signature = (shareId: string) => createHmac('sha256', appSecret).update(`${purpose}:${shareId.toLowerCase()}`).digest();

  return {
    /** The token of a share row. */
    sign: (shareId: string): string => `${shareId.toLowerCase()}.${signature(shareId).toString('base64url')}`,

    /** The share id a token names, or null when it is malformed or its signature is wrong (constant-time compare). */
    verify(token: string): string | null {
      const dot = token.indexOf('.');
      if (dot <= 0) return null;
      const shareId = token.slice(0, dot);
      if (!isUuid(shareId)) return null;
      const given = Buffer.from(token.slice(dot + 1), 'base64url');
      const expected = signature(shareId);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      return shareId.toLowerCase();
    },
  };
}
export type SignedIdTokens = ReturnType<typeof createSignedIdTokens>;
