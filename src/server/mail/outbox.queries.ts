import { and, asc, eq, inArray, sql } from 'drizzle-orm';

import { type DbOrTx, executeRows } from '../db/connect';
import { outbox, outboxAttachments } from '../db/schema';

/** The e-mail outbox and its attachments: every message is written here and delivered from here. */

export type OutboxRow = typeof outbox.$inferSelect;
export type NewOutboxRow = typeof outbox.$inferInsert;
export type NewOutboxAttachmentRow = typeof outboxAttachments.$inferInsert;

export async function insertOutboxMessage(db: DbOrTx, message: NewOutboxRow): Promise<string> {
  const [row] = await db.insert(outbox).values(message).returning({ id: outbox.id });
  return row.id;
}

export async function insertOutboxAttachments(db: DbOrTx, files: NewOutboxAttachmentRow[]): Promise<void> {
  await db.insert(outboxAttachments).values(files);
}

/**
 * Claims up to `batch` messages for delivery in one statement: pending ones, and ones whose
 * claim is older than `leaseSeconds` (a crashed worker's), oldest first; SKIP LOCKED, so flushes
 * on several workers never take the same row. The claimed ids.
 */
export async function claimOutboxBatch(db: DbOrTx, batch: number, leaseSeconds: number): Promise<string[]> {
  const claimed = await executeRows<{ id: string }>(
    db,
    sql`
      update ${outbox} set status = 'sending', claimed_at = now()
      where id in (
        select id from ${outbox}
        where status = 'pending'
           or (status = 'sending' and claimed_at < now() - make_interval(secs => ${leaseSeconds}))
        order by created_at
        limit ${batch}
        for update skip locked
      )
      returning id`,
  );
  return claimed.map((r) => r.id);
}

/** The messages with these ids, oldest first. */
export async function outboxMessages(db: DbOrTx, ids: string[]): Promise<OutboxRow[]> {
  return db.select().from(outbox).where(inArray(outbox.id, ids)).orderBy(asc(outbox.createdAt));
}

/** Records a delivery's outcome and releases the claim, unless the message is no longer being sent. */
export async function settleOutboxMessage(db: DbOrTx, id: string, update: Partial<NewOutboxRow>): Promise<void> {
  await db
    .update(outbox)
    .set({ ...update, claimedAt: null })
    .where(and(eq(outbox.id, id), eq(outbox.status, 'sending')));
}

export async function outboxMessage(db: DbOrTx, id: string): Promise<OutboxRow | undefined> {
  const [row] = await db.select().from(outbox).where(eq(outbox.id, id));
  return row;
}

/** The files of an outbox message, in order. */
export async function attachmentsOf(db: DbOrTx, outboxId: string) {
  return db
    .select()
    .from(outboxAttachments)
    .where(eq(outboxAttachments.outboxId, outboxId))
    .orderBy(asc(outboxAttachments.position));
}

/** Most recent outbox rows, newest first, for the development mailbox page. */
export async function listOutbox(db: DbOrTx, limit: number) {
  return db
    .select()
    .from(outbox)
    .orderBy(sql`${outbox.createdAt} desc`)
    .limit(limit);
}
