import { createHmac, timingSafeEqual } from 'node:crypto';

import { isUuid } from '@shared/validation/uuid';

/**
 * Logo URL tokens: `<workspace id>.<first 16 hex of the logo's SHA-256>.<HMAC-SHA256 of both under
 * the app secret, its first 128 bits>` (short enough for the router's path-parameter limit). An <img> sends no access token, so the URL itself is the permission: only a
 * member reads it (GET workspace/branding/), it cannot be made up for another workspace, and it
 * stops working the moment the logo is replaced or removed (the hash no longer matches). The same
 * URL always means the same bytes, so browsers may keep it for good.
 */
export function createLogoTokens(appSecret: string) {
  const signature = (workspaceId: string, hash: string) =>
    createHmac('sha256', appSecret).update(`branding-logo:${workspaceId}:${hash}`).digest().subarray(0, 16);

  return {
    sign(workspaceId: string, sha256: string): string {
      const id = workspaceId.toLowerCase();
      const hash = sha256.slice(0, 16);
      return `${id}.${hash}.${signature(id, hash).toString('base64url')}`;
    },

    /** The workspace and hash prefix a token names, or null when it is malformed or forged (constant-time compare). */
    verify(token: string): { workspaceId: string; hash: string } | null {
      const [id, hash, sig, ...rest] = token.split('.');
      if (rest.length > 0 || !id || !hash || !sig || !isUuid(id) || !/^[0-9a-f]{16}$/.test(hash)) return null;
      const given = Buffer.from(sig, 'base64url');
      const expected = signature(id.toLowerCase(), hash);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      return { workspaceId: id.toLowerCase(), hash };
    },
  };
}
export type LogoTokens = ReturnType<typeof createLogoTokens>;
