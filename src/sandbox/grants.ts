import { createHash, randomBytes } from 'node:crypto';

import type { Platform } from '@shared/constants';

/**
 * The sandbox's authorization server state, shared by all five platforms: authorization codes
 * (single use, short-lived, PKCE-checked), grants (which ad accounts the user ticked on the
 * consent page), access tokens and refresh tokens with platform-specific lifetimes.
 */

export interface Grant {
  id: string;
  platform: Platform;
  clientId: string;
  /** The ad accounts the user ticked on the consent page. */
  accountIds: string[];
  scope: string;
  createdAt: Date;
  revoked: boolean;
  /** Non-rolling refresh lifetime (LinkedIn: 365 days from consent). */
  refreshExpiresAt: Date | null;
}

interface CodeRecord {
  grant: Grant;
  redirectUri: string;
  codeChallenge?: string;
  codeChallengeMethod?: string;
  expiresAt: number;
  used: boolean;
}

interface TokenRecord {
  grant: Grant;
  expiresAt: number | null;
  used?: boolean;
}

export type TokenCheck = { ok: true; grant: Grant } | { ok: false; reason: 'invalid' | 'expired' | 'revoked' };
export type CodeRedemption =
  | { ok: true; grant: Grant }
  | { ok: false; error: 'invalid_grant' | 'invalid_client' | 'invalid_request'; description: string };

/** Authorization codes last this long (X's is 30 s; the others are minutes). */
export const CODE_TTL_MS = 10 * 60 * 1000;

function s256(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

export class Grants {
  private readonly codes = new Map<string, CodeRecord>();
  private readonly access = new Map<string, TokenRecord>();
  private readonly refresh = new Map<string, TokenRecord>();

  constructor(private readonly now: () => Date) {}

  private token(prefix: string): string {
    return `${prefix}${randomBytes(24).toString('base64url')}`;
  }

  /** Records the user's consent and returns the one-time code for the redirect. */
  createCode(init: {
    platform: Platform;
    clientId: string;
    redirectUri: string;
    accountIds: string[];
    scope: string;
    codeChallenge?: string;
    codeChallengeMethod?: string;
    ttlMs?: number;
  }): string {
    const grant: Grant = {
      id: randomBytes(8).toString('hex'),
      platform: init.platform,
      clientId: init.clientId,
      accountIds: init.accountIds,
      scope: init.scope,
      createdAt: this.now(),
      revoked: false,
      refreshExpiresAt: null,
    };
    const code = this.token(`${init.platform}-code-`);
    this.codes.set(code, {
      grant,
      redirectUri: init.redirectUri,
      codeChallenge: init.codeChallenge,
      codeChallengeMethod: init.codeChallengeMethod,
      expiresAt: this.now().getTime() + (init.ttlMs ?? CODE_TTL_MS),
      used: false,
    });
    return code;
  }

  /**
   * Redeems a code once. Checks the client, the redirect URI (when given: platforms that send it
   * must send the same one) and the PKCE verifier (when the code was issued with a challenge).
   */
  redeemCode(
    platform: Platform,
    code: string,
    check: { clientId: string; redirectUri?: string; codeVerifier?: string },
  ): CodeRedemption {
    const record = this.codes.get(code);
    if (!record || record.grant.platform !== platform)
      return { ok: false, error: 'invalid_grant', description: 'Unknown authorization code.' };
    if (record.used) {
      // A replayed code revokes what it issued (RFC 6749 section 4.1.2).
      record.grant.revoked = true;
      return { ok: false, error: 'invalid_grant', description: 'Authorization code already used.' };
    }
    if (record.expiresAt < this.now().getTime())
      return { ok: false, error: 'invalid_grant', description: 'Authorization code expired.' };
    if (record.grant.clientId !== check.clientId)
      return { ok: false, error: 'invalid_client', description: 'Client id does not match the code.' };
    if (check.redirectUri !== undefined && check.redirectUri !== record.redirectUri) {
      return {
        ok: false,
        error: 'invalid_grant',
        description: 'redirect_uri does not match the authorization request.',
      };
    }
    if (record.codeChallenge) {
      if (!check.codeVerifier)
        return { ok: false, error: 'invalid_request', description: 'code_verifier is required.' };
      const computed = record.codeChallengeMethod === 'plain' ? check.codeVerifier : s256(check.codeVerifier);
      if (computed !== record.codeChallenge)
        return { ok: false, error: 'invalid_grant', description: 'code_verifier does not match the challenge.' };
    }
    record.used = true;
    return { ok: true, grant: record.grant };
  }

  /** A new access token; null lifetime means it never expires on its own. */
  issueAccess(grant: Grant, ttlSeconds: number | null): string {
    const token = this.token(`${grant.platform}-at-`);
    this.access.set(token, { grant, expiresAt: ttlSeconds === null ? null : this.now().getTime() + ttlSeconds * 1000 });
    return token;
  }

  /** A new refresh token; null lifetime means until revoked. */
  issueRefresh(grant: Grant, ttlSeconds: number | null): string {
    const token = this.token(`${grant.platform}-rt-`);
    this.refresh.set(token, {
      grant,
      expiresAt: ttlSeconds === null ? null : this.now().getTime() + ttlSeconds * 1000,
    });
    return token;
  }

  /** Checks a presented access token. */
  checkAccess(platform: Platform, token: string | undefined): TokenCheck {
    const record = token ? this.access.get(token) : undefined;
    if (!record || record.grant.platform !== platform) return { ok: false, reason: 'invalid' };
    if (record.grant.revoked) return { ok: false, reason: 'revoked' };
    if (record.expiresAt !== null && record.expiresAt <= this.now().getTime()) return { ok: false, reason: 'expired' };
    return { ok: true, grant: record.grant };
  }

  /**
   * Uses a refresh token. `rotate` marks it used (X rotates; presenting a used one again
   * revokes the grant); Google and LinkedIn keep theirs.
   */
  useRefresh(platform: Platform, token: string | undefined, rotate: boolean): TokenCheck {
    const record = token ? this.refresh.get(token) : undefined;
    if (!record || record.grant.platform !== platform) return { ok: false, reason: 'invalid' };
    if (record.grant.revoked) return { ok: false, reason: 'revoked' };
    if (record.used) {
      record.grant.revoked = true;
      return { ok: false, reason: 'revoked' };
    }
    const now = this.now().getTime();
    if (record.expiresAt !== null && record.expiresAt <= now) return { ok: false, reason: 'expired' };
    if (record.grant.refreshExpiresAt && record.grant.refreshExpiresAt.getTime() <= now)
      return { ok: false, reason: 'expired' };
    if (rotate) record.used = true;
    return { ok: true, grant: record.grant };
  }

  /** Finds the grant behind any token (access or refresh), for revocation endpoints. */
  grantOf(platform: Platform, token: string): Grant | undefined {
    const record = this.access.get(token) ?? this.refresh.get(token);
    return record && record.grant.platform === platform ? record.grant : undefined;
  }

  /** Revokes the grant behind a token; true when there was one. */
  revokeToken(platform: Platform, token: string): boolean {
    const grant = this.grantOf(platform, token);
    if (!grant) return false;
    grant.revoked = true;
    return true;
  }

  /** The user withdrew consent at the platform: every grant of the platform (or all) is revoked. */
  revokeAll(platform?: Platform): number {
    let count = 0;
    for (const record of [...this.access.values(), ...this.refresh.values()]) {
      if ((!platform || record.grant.platform === platform) && !record.grant.revoked) {
        record.grant.revoked = true;
        count += 1;
      }
    }
    return count;
  }

  /** Fault injection: every live access token of the platform (or all) expires now. */
  expireAccessTokens(platform?: Platform): number {
    let count = 0;
    const now = this.now().getTime();
    for (const record of this.access.values()) {
      if (!platform || record.grant.platform === platform) {
        record.expiresAt = now - 1;
        count += 1;
      }
    }
    return count;
  }

  /** Grants still live, for the admin view. */
  liveGrants(platform?: Platform): Grant[] {
    const seen = new Set<Grant>();
    for (const record of [...this.access.values(), ...this.refresh.values()]) {
      if ((!platform || record.grant.platform === platform) && !record.grant.revoked) seen.add(record.grant);
    }
    return [...seen];
  }
}
