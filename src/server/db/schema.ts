import { boolean, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

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

/** A person's account. E-mails are stored lower-cased and unique. */
export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull().unique(),
  fullName: text('full_name').notNull(),
  /** argon2id hash (PHC string). */
  passwordHash: text('password_hash').notNull(),
  /** IANA time zone; streaks and daily visits count in the user's own days. */
  timeZone: text('time_zone').notNull().default('UTC'),
  newsletter: boolean('newsletter').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  trialStartedAt: timestamp('trial_started_at', { withTimezone: true }),
  trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }),
  trialReminderSentAt: timestamp('trial_reminder_sent_at', { withTimezone: true }),
  points: integer('points').notNull().default(0),
  streak: integer('streak').notNull().default(0),
  /** The last local day (in timeZone) the user was active. */
  lastActiveDay: date('last_active_day'),
});

/**
 * Opaque refresh tokens, stored as SHA-256 hashes. Each login starts a family; every refresh
 * marks the presented token used and issues the next one in the same family. Presenting a used
 * token again revokes the whole family (reuse detection).
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('refresh_tokens_hash_idx').on(t.tokenHash), index('refresh_tokens_family_idx').on(t.familyId), index('refresh_tokens_user_idx').on(t.userId)],
);

/**
 * Failed-login counters, one row per throttled key ("account:<email>" or "ip:<address>"), kept in
 * the database so a cooldown holds across server replicas.
 */
export const loginThrottle = pgTable('login_throttle', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Single-use password reset links, stored as hashes, valid for 30 minutes. */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('password_resets_hash_idx').on(t.tokenHash), index('password_resets_user_idx').on(t.userId)],
);

/**
 * Points a user earned, one row per (kind, key): the key makes an award happen once (the day
 * of a daily visit, "once" for a first connection, the suggestion id for acting on it).
 */
export const pointEvents = pgTable(
  'point_events',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    key: text('key').notNull(),
    points: integer('points').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind, t.key] })],
);
