import { randomBytes } from 'node:crypto';

import { type Platform, PLATFORM_LABELS } from '@shared/constants';
import type { FastifyReply } from 'fastify';

import type { Grants } from './grants';
import type { SandboxAccount } from './world';

/**
 * The consent page every platform's authorize endpoint ends in: a real HTML form where the user
 * ticks which test ad accounts to grant (the first is ticked) or denies. Allow redirects to the
 * app's redirect_uri with a one-time code and the state; Deny redirects with the platform's
 * denial parameters.
 */

export interface PendingConsent {
  platform: Platform;
  clientId: string;
  redirectUri: string;
  state: string;
  scope: string;
  codeChallenge?: string;
  codeChallengeMethod?: string;
  /** Query names the code goes under (TikTok sends auth_code and code). */
  codeParams?: string[];
  /** Query the platform sends when the user denies. */
  denyParams?: Record<string, string>;
}

interface StoredConsent extends PendingConsent {
  expiresAt: number;
}

/** How long a consent page stays answerable; longer than anyone reads one, short enough to forget. */
export const CONSENT_TTL_MS = 10 * 60 * 1000;
/**
 * Most consent pages kept open at once. Authorize endpoints need no login and sit outside the
 * product's rate limit, so a flood of page loads must not grow the map without bound.
 */
export const MAX_PENDING_CONSENTS = 10_000;

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Appends query parameters to a redirect URI that may already have some. */
export function withQuery(uri: string, params: Record<string, string>): string {
  const url = new URL(uri);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url.toString();
}

export class ConsentPages {
  private readonly pending = new Map<string, StoredConsent>();

  constructor(
    private readonly grants: Grants,
    private readonly accounts: (platform: Platform) => SandboxAccount[],
    private readonly now: () => Date,
  ) {}

  /** Consent pages still open (expired ones are dropped as new ones open). */
  get openCount(): number {
    return this.pending.size;
  }

  /** Shows the consent page for a checked authorize request. */
  show(reply: FastifyReply, consentUrl: string, request: PendingConsent, error?: string): FastifyReply {
    const now = this.now().getTime();
    this.sweep(now);
    const id = randomBytes(16).toString('base64url');
    this.pending.set(id, { ...request, expiresAt: now + CONSENT_TTL_MS });
    return this.render(reply, consentUrl, id, request, error);
  }

  /**
   * Drops expired entries, then the oldest ones while the map is full. Entries go in with the same
   * lifetime, so the map is in expiry order and the sweep stops at the first live one.
   */
  private sweep(now: number): void {
    for (const [id, stored] of this.pending) {
      if (stored.expiresAt > now && this.pending.size < MAX_PENDING_CONSENTS) break;
      this.pending.delete(id);
    }
  }

  private render(
    reply: FastifyReply,
    consentUrl: string,
    id: string,
    request: PendingConsent,
    error?: string,
  ): FastifyReply {
    const label = PLATFORM_LABELS[request.platform];
    const accounts = this.accounts(request.platform);
    const rows = accounts
      .map(
        (account, index) => `
        <li>
          <label>
            <input type="checkbox" name="account" value="${escape(account.id)}"${index === 0 ? ' checked' : ''}>
            <span class="name">${escape(account.name)}</span>
            <span class="meta">${escape(account.id)} · ${escape(account.currency)} · ${escape(account.timeZone)}</span>
          </label>
        </li>`,
      )
      .join('');
    const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(label)} sandbox: allow access</title>
<style>
  body { font-family: system-ui, sans-serif; background: #f4f6fb; margin: 0; padding: 2rem 1rem; color: #1c2333; }
  main { max-width: 32rem; margin: 0 auto; background: #fff; border-radius: 12px; padding: 1.5rem 2rem; box-shadow: 0 2px 12px rgba(0,0,0,.08); }
  h1 { font-size: 1.25rem; margin-top: 0; }
  .badge { display: inline-block; font-size: .75rem; background: #fff4d6; color: #7a5200; border-radius: 999px; padding: .15rem .6rem; }
  ul { list-style: none; padding: 0; }
  li label { display: grid; grid-template-columns: auto 1fr; gap: .1rem .6rem; padding: .6rem; border: 1px solid #dde2ee; border-radius: 8px; margin-bottom: .5rem; cursor: pointer; }
  li input { grid-row: span 2; align-self: center; }
  .meta { color: #5b6478; font-size: .8rem; }
  .error { color: #b3261e; }
  .actions { display: flex; gap: .75rem; justify-content: flex-end; }
  button { font: inherit; padding: .55rem 1.2rem; border-radius: 8px; border: 1px solid #3056d3; cursor: pointer; }
  button[value=allow] { background: #3056d3; color: #fff; }
  button[value=deny] { background: #fff; color: #3056d3; }
</style>
</head>
<body>
<main>
  <span class="badge">Sandbox: test data only</span>
  <h1>Adwise wants to access your ${escape(label)} ad accounts</h1>
  <p>Adwise will be able to read performance data and manage campaign status and budgets (${escape(request.scope || 'default scopes')}).</p>
  ${error ? `<p class="error" role="alert">${escape(error)}</p>` : ''}
  <form method="post" action="${escape(consentUrl)}">
    <input type="hidden" name="request_id" value="${escape(id)}">
    <fieldset style="border:0;padding:0;margin:0">
      <legend>Choose the ad accounts to share</legend>
      <ul>${rows}</ul>
    </fieldset>
    <div class="actions">
      <button type="submit" name="decision" value="deny">Deny</button>
      <button type="submit" name="decision" value="allow">Allow</button>
    </div>
  </form>
</main>
</body>
</html>`;
    return reply
      .code(200)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(html);
  }

  /** Handles the form post: a redirect back to the app with a code, or with the denial. */
  decide(reply: FastifyReply, consentUrl: string, form: Record<string, string | string[] | undefined>): FastifyReply {
    const id = typeof form.request_id === 'string' ? form.request_id : '';
    const request = this.pending.get(id);
    if (!request || request.expiresAt < this.now().getTime()) {
      return reply
        .code(400)
        .header('content-type', 'text/plain; charset=utf-8')
        .send('This consent request expired. Start the connection again from Adwise.');
    }
    const picked = ([] as string[])
      .concat(form.account ?? [])
      .filter((accountId) => this.accounts(request.platform).some((a) => a.id === accountId));
    if (form.decision === 'deny') {
      this.pending.delete(id);
      return reply.redirect(
        withQuery(request.redirectUri, { ...(request.denyParams ?? { error: 'access_denied' }), state: request.state }),
        302,
      );
    }
    if (picked.length === 0) {
      this.pending.delete(id);
      return this.show(reply, consentUrl, request, 'Pick at least one ad account, or choose Deny.');
    }
    this.pending.delete(id);
    const code = this.grants.createCode({
      platform: request.platform,
      clientId: request.clientId,
      redirectUri: request.redirectUri,
      accountIds: picked,
      scope: request.scope,
      codeChallenge: request.codeChallenge,
      codeChallengeMethod: request.codeChallengeMethod,
    });
    const params: Record<string, string> = { state: request.state };
    for (const name of request.codeParams ?? ['code']) params[name] = code;
    return reply.redirect(withQuery(request.redirectUri, params), 302);
  }
}
