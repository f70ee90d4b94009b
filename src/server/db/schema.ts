import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Status of an outbox message: waiting, claimed by a flush, handed to SMTP, kept in the
 * outbox (no SMTP configured), or given up on.
 */
export const OUTBOX_STATUSES = ['pending', 'sending', 'sent', 'outbox', 'failed'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

/**
 * Every e-mail the product sends goes through this table first (transactional outbox):
 * a row is written in the same transaction as the change that caused it, and a job delivers it.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The user the message is about; their messages go when the account is deleted. */
    userId: uuid('user_id'),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    status: text('status', { enum: OUTBOX_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** When a flush claimed the row; a claim older than the lease is taken over. */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('outbox_status_created_idx').on(t.status, t.createdAt), index('outbox_user_idx').on(t.userId)],
);

/** Anonymous product beacons (spec section 7): a name, non-personal properties and a time. */
export const beaconEvents = pgTable(
  'beacon_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    props: jsonb('props').$type<Record<string, string | number | boolean>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('beacon_events_name_created_idx').on(t.name, t.createdAt)],
);
