import { PLANS } from '@shared/api/adAccounts';
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
  /** Billing plan; decides how many ad accounts may be connected (a running trial counts as Pro). */
  plan: text('plan', { enum: PLANS }).notNull().default('starter'),
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

/** A connection's health: 'needs_reconnect' once the platform expired or revoked the grant. */
export const CONNECTION_STATUSES = ['active', 'needs_reconnect'] as const;

/**
 * One OAuth grant at an ad platform. Tokens are sealed with AES-256-GCM (lib/secretBox) bound to
 * "connection:<id>"; they never leave the server. A connection that the platform ended keeps its
 * accounts and data and is marked needs_reconnect until the user connects again.
 */
export const platformConnections = pgTable(
  'platform_connections',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    platform: text('platform').notNull(),
    status: text('status', { enum: CONNECTION_STATUSES }).notNull().default('active'),
    /** Why it needs reconnecting (platform error code and message), for support. */
    statusReason: text('status_reason'),
    sealedTokens: text('sealed_tokens').notNull(),
    /** Bumped on every token write; a refresh only saves over the version it started from. */
    tokenVersion: integer('token_version').notNull().default(1),
    accessExpiresAt: timestamp('access_expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the user was told the connection needs reconnecting (told once per break). */
    reconnectNoticeAt: timestamp('reconnect_notice_at', { withTimezone: true }),
  },
  (t) => [index('platform_connections_user_idx').on(t.userId)],
);

/** An ad account the user connected through a connection (spec: id, platform, account_id). */
export const connectedAdAccounts = pgTable(
  'connected_ad_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    connectionId: uuid('connection_id')
      .notNull()
      .references(() => platformConnections.id, { onDelete: 'cascade' }),
    platform: text('platform').notNull(),
    /** The platform's own id (act_123, 1234567890 ...). */
    accountId: text('account_id').notNull(),
    name: text('name').notNull(),
    currency: text('currency').notNull(),
    timeZone: text('time_zone').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('connected_ad_accounts_owner_idx').on(t.userId, t.platform, t.accountId),
    index('connected_ad_accounts_connection_idx').on(t.connectionId),
  ],
);

/**
 * OAuth round trips in flight: the state (stored hashed, single use, 10 minutes) ties the
 * callback to the user who started it; the PKCE verifier is sealed.
 */
export const oauthStates = pgTable(
  'oauth_states',
  {
    stateHash: text('state_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    platform: text('platform').notNull(),
    sealedVerifier: text('sealed_verifier'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('oauth_states_user_idx').on(t.userId)],
);

/**
 * E-mailed one-time passwords that prove the right to disconnect an ad account: stored as an
 * HMAC, valid 10 minutes, 5 tries; a verified code allows one disconnect within a short window.
 */
export const otpCodes = pgTable(
  'otp_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    /** Used up: by a disconnect, by a newer code, or by too many wrong tries. */
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [index('otp_codes_user_created_idx').on(t.userId, t.createdAt)],
);
