import { eq } from 'drizzle-orm';

import type { DbOrTx } from '../../db/connect';
import { mcpClients } from '../../db/schema';

/** The MCP OAuth clients: registered ones and those known by their metadata document's URL. */

export type ClientRow = typeof mcpClients.$inferSelect;

export async function clientById(db: DbOrTx, clientId: string): Promise<ClientRow | undefined> {
  const [row] = await db.select().from(mcpClients).where(eq(mcpClients.id, clientId));
  return row;
}

/** Stores (or refreshes) a client read from its metadata document, whose URL is its id. */
export async function upsertDocumentClient(
  db: DbOrTx,
  clientId: string,
  now: Date,
  values: { name: string; clientUri: string | null; redirectUris: string[]; fetchedAt: Date },
): Promise<ClientRow> {
  const [row] = await db
    .insert(mcpClients)
    .values({ id: clientId, fromMetadataDocument: true, createdAt: now, ...values })
    .onConflictDoUpdate({ target: mcpClients.id, set: values })
    .returning();
  return row;
}

/** Stores a dynamically registered client (RFC 7591). */
export async function insertClient(
  db: DbOrTx,
  client: { id: string; name: string; clientUri: string | null; redirectUris: string[]; createdAt: Date },
): Promise<void> {
  await db.insert(mcpClients).values(client);
}
