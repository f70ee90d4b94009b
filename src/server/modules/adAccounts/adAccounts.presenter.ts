import type { ConnectedAdAccount, ConnectionStatus } from '@shared/api/adAccounts';
import type { Platform } from '@shared/constants';

import type { connectedAdAccounts } from '../../db/schema';
import type { ConnectionExpiry } from './expiry';

/** A connected account row as the API shows it (spec: id, platform, account_id). */
export function presentAdAccount(
  row: typeof connectedAdAccounts.$inferSelect,
  status: ConnectionStatus,
  expiry: ConnectionExpiry = { expiresAt: null, expiring: false },
): ConnectedAdAccount {
  return {
    id: row.id,
    platform: row.platform as Platform,
    account_id: row.accountId,
    name: row.name,
    currency: row.currency,
    status,
    connected_at: row.createdAt.toISOString(),
    expires_at: expiry.expiresAt?.toISOString() ?? null,
    // A connection already waiting for a reconnect says so through its status instead.
    expiring: status === 'active' && expiry.expiring,
  };
}
