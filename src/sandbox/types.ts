import type { Platform } from '@shared/constants';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import type { PendingConsent } from './consent';
import type { Faults } from './faults';
import type { Grants } from './grants';
import type { RedirectCheck } from './redirects';
import type { World } from './world';

/**
 * What the sandbox and its platform emulators agree on. The emulators under platforms/ import
 * these types from here, never from sandbox.ts, which imports them (no import cycle).
 */

/** How a platform renders injected faults in its own wire format. */
export interface FaultRenderer {
  rateLimit(reply: FastifyReply, retryAfterSeconds: number): FastifyReply;
  serverError(reply: FastifyReply): FastifyReply;
  expiredToken(reply: FastifyReply): FastifyReply;
  revoked(reply: FastifyReply): FastifyReply;
}

/** What each platform module gets. */
export interface SandboxContext {
  world: World;
  grants: Grants;
  faults: Faults;
  now: () => Date;
  /** Absolute URL of the sandbox root as this request reached it (for paging links and downloads). */
  baseUrl(request: FastifyRequest): string;
  /**
   * Whether the sandbox may send the browser to this redirect_uri (an absolute http(s) URL on an
   * allowed origin). Authorize endpoints check it before anything that redirects, and answer a
   * refusal with their own error page, like a real platform facing an unregistered URI.
   */
  checkRedirect(redirectUri: string | undefined): RedirectCheck;
  /** Shows the consent page for an authorize request the platform module has checked. */
  showConsent(request: FastifyRequest, reply: FastifyReply, pending: PendingConsent): FastifyReply;
  /**
   * Fault injection for one API request: resolves true when it already replied (the route must
   * then return the reply), false to go on (after stalling, for 'slow').
   */
  fault(platform: Platform, request: FastifyRequest, reply: FastifyReply, render: FaultRenderer): Promise<boolean>;
}

export interface SandboxPlatform {
  platform: Platform;
  /** Registers the platform's routes; they are mounted under /<platform>. */
  routes(app: FastifyInstance, ctx: SandboxContext): Promise<void> | void;
}
