import { PLATFORM_LABELS } from '@shared/constants';
import { z } from 'zod';

import { connectionIdsOf } from './accountConnections';
import { platformSchema } from './schemas';
import { readTool } from './tool';

/** list_ad_accounts: GET ad-accounts/ joined with GET sync/status/'s state of each account's connection. */
export const listAdAccounts = readTool({
  name: 'list_ad_accounts',
  title: 'List connected ad accounts',
  description:
    'The ad accounts connected in the workspace (Google Ads, Meta, LinkedIn, X, TikTok), each with its platform, currency, connection status and sync state (last synced, running, last error). Use the `id` values as `account_id` in get_performance.',
  // The connected accounts screen (GET ad-accounts/).
  action: 'accounts:read',
  input: z.object({}),
  output: z.object({
    accounts: z.array(
      z.object({
        id: z.string().describe('Adwise id of the account; pass it as account_id.'),
        platform: platformSchema,
        account_id: z.string().describe('The platform’s own account id.'),
        name: z.string(),
        currency: z.string(),
        status: z.enum(['active', 'needs_reconnect']),
        connected_at: z.string(),
        expires_at: z
          .string()
          .nullable()
          .describe(
            'When the connection stops working unless a person reconnects it; null: it does not end on its own.',
          ),
        expiring: z
          .boolean()
          .describe('True when an active connection ends within 7 days: a person should reconnect it.'),
        sync: z
          .object({
            status: z.string(),
            last_synced_at: z.string().nullable(),
            last_error: z.string().nullable(),
            next_attempt_at: z.string().nullable(),
            backfilled: z.boolean(),
          })
          .nullable(),
      }),
    ),
    sync_interval_minutes: z.number(),
    last_synced_at: z.string().nullable(),
  }),
  async run(_args, { principal, services, ctx }) {
    const [accounts, sync] = await Promise.all([
      services.adAccounts.list(principal),
      services.sync.status(principal.workspaceId),
    ]);
    const connectionOf = await connectionIdsOf(ctx.db, principal.workspaceId);
    const items = accounts.map((account) => {
      const state = sync.connections.find((connection) => connection.connection_id === connectionOf.get(account.id));
      return {
        ...account,
        sync: state
          ? {
              status: state.status,
              last_synced_at: state.last_synced_at,
              last_error: state.last_error,
              next_attempt_at: state.next_attempt_at,
              backfilled: state.backfilled,
            }
          : null,
      };
    });
    const lines = items.map(
      (a) =>
        `${PLATFORM_LABELS[a.platform]} “${a.name}” (${a.currency}, ${a.status === 'active' ? 'connected' : 'needs reconnecting'})`,
    );
    return {
      structured: {
        accounts: items,
        sync_interval_minutes: sync.interval_minutes,
        last_synced_at: sync.last_synced_at,
      },
      summary:
        items.length === 0
          ? 'No ad account is connected in this workspace yet.'
          : `${items.length} connected account(s): ${lines.join('; ')}.`,
    };
  },
});
