import { createHmac, timingSafeEqual } from 'node:crypto';

import { isUuid } from '@shared/validation/uuid';

/**
 * Share-link tokens: `<share id>.<HMAC-SHA256 of "<purpose>:<id>" under the app secret>`. Only the
 * share's row is stored; the token is derived from it again when a link is listed, and a token
 * whose signature does not match is refused before the database is asked anything. The purpose
 * keeps one kind of link's token from opening another kind's row (a creative link is no report link).
 */
export function createSignedIdTokens(appSecret: string, purpose: string) {
  const signature = (shareId: string) =>
    createHmac('sha256', appSecret).update(`${purpose}:${shareId.toLowerCase()}`).digest();

  return {
    /** The token of a share row. */
    sign: (shareId: string): string => `${shareId.toLowerCase()}.${signature(shareId).toString('base64url')}`,

    /**
     * The share id a token names, or null when it is malformed, not spelled exactly as `sign` spells
     * it, or its signature is wrong (constant-time compare). Node's base64 decoder forgives a lot
     * (padding, the other alphabet, stray characters, the last character's spare bits) and a UUID
     * reads the same in capitals: without the exact spelling one link would have many tokens, and
     * anything that goes by the token's text (a log filter, a cache, a block list) could be walked round.
     */
    verify(token: string): string | null {
      const dot = token.indexOf('.');
      if (dot <= 0) return null;
      const shareId = token.slice(0, dot);
      if (!isUuid(shareId) || shareId !== shareId.toLowerCase()) return null;
      const encoded = token.slice(dot + 1);
      const given = Buffer.from(encoded, 'base64url');
      // Only the caller's own text is compared here: nothing of the expected signature leaks through timing.
      if (given.toString('base64url') !== encoded) return null;
      const expected = signature(shareId);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      return shareId;
    },
  };
}
export type SignedIdTokens = ReturnType<typeof createSignedIdTokens>;
