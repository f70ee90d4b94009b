import type { Platform } from '@shared/constants';
import type { FastifyBaseLogger } from 'fastify';

import type { TokenSet } from '../../platforms/types';
import type { Connections } from '../adAccounts/connections';
import type { Grant } from './workspaces.queries';

/**
 * Best-effort revocation, at their platforms, of the grants of connections that were just deleted
 * (with a workspace or an account), so the platform stops listing Adwise as connected. Never
 * throws: a platform that fails or cannot be reached is logged by revokeQuietly; the deletion
 * stands either way.
 */
export function createGrantRevoker(connections: Pick<Connections, 'open' | 'revokeQuietly'>, log: FastifyBaseLogger) {
  async function revokeOne(grant: Grant): Promise<void> {
    const platform = grant.platform as Platform;
    let tokens: TokenSet;
    try {
      tokens = connections.open(grant.id, grant.sealedTokens);
    } catch (error) {
      // Sealed under another key, or damaged: nothing to revoke with. The platform may keep
      // listing Adwise until the user removes it there; no token for it is left with us.
      log.warn(
        { connectionId: grant.id, platform, err: error },
        'could not open the tokens of a deleted connection; its grant was not revoked',
      );
      return;
    }
    await connections.revokeQuietly(platform, tokens);
  }

  return async function revokeGrants(grants: Grant[]): Promise<void> {
    await Promise.all(grants.map((grant) => revokeOne(grant)));
  };
}
