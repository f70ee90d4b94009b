import { ROLES } from '@shared/access/policy';
import { ACTION_STATUSES } from '@shared/api/actions';
import { PLANS } from '@shared/api/adAccounts';
import { ALERT_SENSITIVITIES } from '@shared/api/alerts';
import type { AdCreative } from '@shared/api/creative';
import { CONVERSION_BASES } from '@shared/api/firstParty';
import { MCP_ACCESS_LEVELS } from '@shared/api/mcp';
import { NEWSLETTER_SOURCES, NEWSLETTER_STATUSES } from '@shared/api/newsletter';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

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
    /** The display name of the sender (the product's address stays the From address); null: the product's. */
    fromName: text('from_name'),
    replyTo: text('reply_to'),
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
  /** The one currency the dashboard shows totals in (ISO 4217). */
  displayCurrency: text('display_currency').notNull().default('INR'),
  /**
   * Access tokens carry the version they were signed under; logout, a refresh token's reuse and a
   * password reset bump it, so every access token already handed out stops working at once.
   */
  tokenVersion: integer('token_version').notNull().default(0),
  /** The workspace the user last switched to (the client sends it back as X-Workspace-Id). */
  currentWorkspaceId: uuid('current_workspace_id').references((): AnyPgColumn => workspaces.id, {
    onDelete: 'set null',
  }),
});

/**
 * A tenant: connections, accounts, campaigns, sync state and every later feature table belong to
 * a workspace, never to a user. Each user has one personal workspace (made at registration); an
 * agency makes one per client.
 */
export const workspaces = pgTable('workspaces', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  /** The user whose personal workspace this is (null for the others, and once that user is gone). */
  personalOf: uuid('personal_of')
    .unique()
    .references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
  createdBy: uuid('created_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** How often its connections sync on their own, in minutes (SYNC_INTERVAL_MINUTES limits). */
  syncIntervalMinutes: integer('sync_interval_minutes').notNull().default(60),
  /** How readily its anomaly alerts fire: a monthly budget of false alarms shared by everything it watches (analysis/noiseBudget). */
  alertSensitivity: text('alert_sensitivity', { enum: ALERT_SENSITIVITIES }).notNull().default('balanced'),
  /** Which conversions suggestions and the optimizer weigh: the platforms' own, or calibrated to first-party numbers (opt-in). */
  conversionBasis: text('conversion_basis', { enum: CONVERSION_BASES }).notNull().default('platform'),
});

/** Who belongs to a workspace, with which role (@shared/access/policy decides what each may do). */
export const workspaceMembers = pgTable(
  'workspace_members',
  {
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ROLES }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.userId] }), index('workspace_members_user_idx').on(t.userId)],
);

/**
 * Invitations to a workspace: the mailed link's token is stored as a SHA-256 hash, works once and
 * for 7 days, and only for the address it was sent to. At most one pending invitation per address.
 */
export const workspaceInvitations = pgTable(
  'workspace_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role', { enum: ROLES }).notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The last time the link went out (a re-send makes a new token and moves this). */
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('workspace_invitations_token_idx').on(t.tokenHash),
    uniqueIndex('workspace_invitations_pending_idx')
      .on(t.workspaceId, t.email)
      .where(sql`accepted_at is null and revoked_at is null`),
  ],
);

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
    /**
     * The token this one was rotated into, sealed under the encryption key: for a few seconds after
     * a rotation the same token may come back (two tabs refreshing at once) and gets the same
     * successor instead of ending the session.
     */
    sealedSuccessor: text('sealed_successor'),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_idx').on(t.tokenHash),
    index('refresh_tokens_family_idx').on(t.familyId),
    index('refresh_tokens_user_idx').on(t.userId),
  ],
);

/**
 * Failed-login counters, one row per throttled key ("account:<email>" or "ip:<address>"), kept in
 * the database so a cooldown holds across server replicas.
 */
export const loginThrottle = pgTable('login_throttle', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  /** When the key's current run of failures first reached its threshold (the first cooldown began). */
  lockStartedAt: timestamp('lock_started_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Hits per route budget (a route's own `config.rateLimit`), one row per "<method> <url>|<client>"
 * key, kept in the database so the budget holds across server replicas. A row whose window has
 * ended counts from 1 again on its next hit; ended rows are swept now and then.
 */
export const rateLimitHits = pgTable('rate_limit_hits', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
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
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
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
    /** The expiry the owners and managers were last told of a week ahead (adAccounts/expiryNotice.ts): told once per date. */
    expiryNoticeFor: timestamp('expiry_notice_for', { withTimezone: true }),
  },
  (t) => [index('platform_connections_workspace_idx').on(t.workspaceId)],
);

/** An ad account connected to a workspace through a connection (spec: id, platform, account_id). */
export const connectedAdAccounts = pgTable(
  'connected_ad_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    connectionId: uuid('connection_id')
      .notNull()
      .references(() => platformConnections.id, { onDelete: 'cascade' }),
    platform: text('platform').notNull(),
    /** The platform's own id (act_123, 1234567890 ...). */
    accountId: text('account_id').notNull(),
    name: text('name').notNull(),
    currency: text('currency').notNull(),
    timeZone: text('time_zone').notNull(),
    /**
     * The conversion windows the platform reported on the last sync (AttributionWindow[] of
     * platforms/types.ts): conversions are platform-reported, counted under these. null until a
     * sync read them, or when the platform would not say.
     */
    attribution:
      jsonb('attribution').$type<
        { clickDays: number | null; viewDays: number | null; label: string; source: string }[]
      >(),
    attributionUpdatedAt: timestamp('attribution_updated_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('connected_ad_accounts_owner_idx').on(t.workspaceId, t.platform, t.accountId),
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
    /** The workspace the accounts will join (the starter's current one when the flow began). */
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    platform: text('platform').notNull(),
    sealedVerifier: text('sealed_verifier'),
    /**
     * SHA-256 of the nonce in the browser cookie set when the flow started: the callback must come
     * back in that same browser (null only for states created before the binding existed).
     */
    browserHash: text('browser_hash'),
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

/** Campaign states the product shows and changes. */
export const CAMPAIGN_STATUSES = ['ACTIVE', 'PAUSED'] as const;

/** A campaign of a connected ad account, as last read from the platform (or changed from here). */
export const campaigns = pgTable(
  'campaigns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    accountRef: uuid('account_ref')
      .notNull()
      .references(() => connectedAdAccounts.id, { onDelete: 'cascade' }),
    platform: text('platform').notNull(),
    /** The platform's campaign id. */
    campaignId: text('campaign_id').notNull(),
    name: text('name').notNull(),
    status: text('status', { enum: CAMPAIGN_STATUSES }).notNull(),
    /** Minor units of `currency`; null when the campaign has no budget of its own. */
    dailyBudgetMinor: bigint('daily_budget_minor', { mode: 'number' }),
    currency: text('currency').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('campaigns_account_campaign_idx').on(t.accountRef, t.campaignId),
    index('campaigns_workspace_idx').on(t.workspaceId),
  ],
);

/** An ad of a campaign (names come with the ad-level report rows). */
export const ads = pgTable(
  'ads',
  {
    accountRef: uuid('account_ref')
      .notNull()
      .references(() => connectedAdAccounts.id, { onDelete: 'cascade' }),
    adId: text('ad_id').notNull(),
    campaignId: text('campaign_id').notNull(),
    name: text('name').notNull(),
    /** As the platform last listed it (or as changed from here). */
    status: text('status', { enum: CAMPAIGN_STATUSES }).notNull().default('ACTIVE'),
    /** The ad's text and image as the platform last listed them (AdCreative); null until listed or when the platform gave none. */
    creative: jsonb('creative').$type<AdCreative>(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountRef, t.adId] }),
    index('ads_account_campaign_idx').on(t.accountRef, t.campaignId),
  ],
);

/** The figures of one day, in the account's currency (money in minor units); shared by the daily tables. */
const metricColumns = () => ({
  currency: text('currency').notNull(),
  spendMinor: bigint('spend_minor', { mode: 'number' }).notNull(),
  impressions: bigint('impressions', { mode: 'number' }).notNull(),
  clicks: bigint('clicks', { mode: 'number' }).notNull(),
  conversions: doublePrecision('conversions').notNull(),
  conversionValueMinor: bigint('conversion_value_minor', { mode: 'number' }).notNull(),
});

/** Report levels stored: one row per campaign-day and one per ad-day. */
export const METRIC_LEVELS = ['campaign', 'ad'] as const;

/**
 * Daily performance, one row per (account, level, entity, day) — the natural key every sync
 * upserts on, so re-running or overlapping syncs never duplicate or lose a row. Money stays in
 * the account's currency (minor units); conversion happens when reading.
 */
export const metricsDaily = pgTable(
  'metrics_daily',
  {
    accountRef: uuid('account_ref')
      .notNull()
      .references(() => connectedAdAccounts.id, { onDelete: 'cascade' }),
    level: text('level', { enum: METRIC_LEVELS }).notNull(),
    /** Campaign id on campaign rows, ad id on ad rows (the platform's ids). */
    entityId: text('entity_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    campaignId: text('campaign_id').notNull(),
    ...metricColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.accountRef, t.level, t.entityId, t.day] }),
    index('metrics_daily_account_level_day_idx').on(t.accountRef, t.level, t.day),
  ],
);

/**
 * Rollup of campaign rows per account and day (what the summary cards and the chart read),
 * rebuilt for the synced window in the same transaction as the rows it sums.
 */
export const accountDaily = pgTable(
  'account_daily',
  {
    accountRef: uuid('account_ref')
      .notNull()
      .references(() => connectedAdAccounts.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    ...metricColumns(),
  },
  (t) => [primaryKey({ columns: [t.accountRef, t.day, t.currency] })],
);

/**
 * Rollup of campaign rows per account, campaign, calendar month (its first day) and currency:
 * what the campaign table reads for the whole months of a long range instead of every day
 * (modules/metrics/metrics.queries.ts, campaignRows). Kept by database triggers on metrics_daily
 * (migration 0027), so every writer of campaign rows (sync, seeds, fixtures) keeps it in step.
 */
export const campaignMonthly = pgTable(
  'campaign_monthly',
  {
    accountRef: uuid('account_ref')
      .notNull()
      .references(() => connectedAdAccounts.id, { onDelete: 'cascade' }),
    campaignId: text('campaign_id').notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    ...metricColumns(),
  },
  (t) => [primaryKey({ columns: [t.accountRef, t.month, t.campaignId, t.currency] })],
);

/**
 * Running totals of campaign rows: per account, campaign and currency, the sums of every campaign
 * row up to and including `day`, one row for every day from the campaign's first row to its last
 * (days without a row carry the sums on). A window's sums are then the row at its end minus the
 * row the day before its start, two rows per campaign whatever the window's length, instead of a
 * row per campaign and day (the campaign table's short windows; modules/metrics/metrics.queries.ts,
 * campaignTotals); past a campaign's last row its sums are its row in campaign_running_last. Kept
 * by database triggers on metrics_daily (migrations 0033 and 0034) from the earliest day a
 * statement touched.
 */
export const campaignRunning = pgTable(
  'campaign_running',
  {
    accountRef: uuid('account_ref')
      .notNull()
      .references(() => connectedAdAccounts.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    campaignId: text('campaign_id').notNull(),
    ...metricColumns(),
  },
  (t) => [primaryKey({ columns: [t.accountRef, t.day, t.campaignId, t.currency] })],
);

/**
 * Each campaign's last running row (its sums at its last campaign row): a window that ends after a
 * campaign stopped reads its sums here, so a stopped campaign adds no row a day to
 * campaign_running. Kept with it by the same triggers (migration 0034).
 */
export const campaignRunningLast = pgTable(
  'campaign_running_last',
  {
    accountRef: uuid('account_ref')
      .notNull()
      .references(() => connectedAdAccounts.id, { onDelete: 'cascade' }),
    campaignId: text('campaign_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    ...metricColumns(),
  },
  (t) => [primaryKey({ columns: [t.accountRef, t.campaignId, t.currency] })],
);

/**
 * What each sync saw of an account's conversions on a day when that day was `age` days old:
 * platforms fill in late conversions for a week, and the analysis learns each account's lag
 * profile from these restatements (analysis/lag.ts). Written by sync, read by modules/metrics.
 */
export const conversionObservations = pgTable(
  'conversion_observations',
  {
    accountRef: uuid('account_ref')
      .notNull()
      .references(() => connectedAdAccounts.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    age: integer('age').notNull(),
    conversions: doublePrecision('conversions').notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountRef, t.day, t.age] })],
);

/** Where a connection's sync stands; one row per connection. */
export const SYNC_STATUSES = ['idle', 'queued', 'running', 'retrying', 'failed'] as const;

export const syncState = pgTable('sync_state', {
  connectionId: uuid('connection_id')
    .primaryKey()
    .references(() => platformConnections.id, { onDelete: 'cascade' }),
  workspaceId: uuid('workspace_id')
    .notNull()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  status: text('status', { enum: SYNC_STATUSES }).notNull().default('idle'),
  progressDone: integer('progress_done').notNull().default(0),
  progressTotal: integer('progress_total').notNull().default(0),
  /** Finish time of the last run that succeeded. */
  lastSyncedAt: timestamp('last_synced_at', { withTimezone: true }),
  /** When the 90-day backfill first completed. */
  backfilledAt: timestamp('backfilled_at', { withTimezone: true }),
  startedAt: timestamp('started_at', { withTimezone: true }),
  lastError: text('last_error'),
  /** Failed tries in a row; the back-off grows with it. */
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Exchange rates: units of `currency` per US dollar on a day. A row's money converts with the
 * latest rate on or before its day (the earliest rate when it is older than every rate). Seed
 * rates ship with the migrations; `npm run rates:import` adds more.
 */
export const exchangeRates = pgTable(
  'exchange_rates',
  {
    currency: text('currency').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    perUsd: doublePrecision('per_usd').notNull(),
  },
  (t) => [primaryKey({ columns: [t.currency, t.day] })],
);

/**
 * Messages sent through the contact form (get-in-touch/): exactly what the person typed and the
 * two boxes, nothing else (no IP address, no user agent).
 */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fullName: text('full_name').notNull(),
    email: text('email').notNull(),
    message: text('message').notNull(),
    newsletter: boolean('newsletter').notNull(),
    partnership: boolean('partnership').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('contact_messages_created_idx').on(t.createdAt)],
);

/**
 * One row per e-mail address (lower-cased). Tokens are stored only as SHA-256 hashes: the confirm
 * link's token is random and expires; the unsubscribe token is derived from APP_SECRET and the
 * row's random nonce, so every mail can carry the same working link without storing the token.
 * A subscription tied to an account goes with it (on delete cascade).
 */
export const newsletterSubscriptions = pgTable(
  'newsletter_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull().unique(),
    status: text('status', { enum: NEWSLETTER_STATUSES }).notNull().default('pending'),
    source: text('source', { enum: NEWSLETTER_SOURCES }).notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    confirmTokenHash: text('confirm_token_hash'),
    confirmExpiresAt: timestamp('confirm_expires_at', { withTimezone: true }),
    /** When the last confirmation mail went out; a pending address gets at most one per 10 minutes. */
    confirmSentAt: timestamp('confirm_sent_at', { withTimezone: true }),
    unsubscribeNonce: text('unsubscribe_nonce').notNull(),
    unsubscribeTokenHash: text('unsubscribe_token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('newsletter_confirm_token_idx').on(t.confirmTokenHash),
    uniqueIndex('newsletter_unsubscribe_token_idx').on(t.unsubscribeTokenHash),
    index('newsletter_user_idx').on(t.userId),
  ],
);

/** Where a suggestion stands: open (shown), snoozed (until snoozed_until), dismissed, applied, withdrawn (its entity changed). */
export const SUGGESTION_STATUSES = ['open', 'snoozed', 'dismissed', 'applied', 'withdrawn'] as const;

/**
 * Smart Suggestions: the findings of the analysis per account, one row per advice key (type and
 * entity), refreshed by the job that runs after every successful sync. Evidence, impact and the
 * change are stored as computed, so what a user applies is what they saw.
 */
export const suggestions = pgTable(
  'suggestions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    accountRef: uuid('account_ref')
      .notNull()
      .references(() => connectedAdAccounts.id, { onDelete: 'cascade' }),
    platform: text('platform').notNull(),
    type: text('type').notNull(),
    /** Type and entity: the same advice on the same entity keeps its row across runs. */
    key: text('key').notNull(),
    headline: text('headline').notNull(),
    confidence: doublePrecision('confidence').notNull(),
    /** { evidence, chart, impact, change } as the API presents them. */
    body: jsonb('body').notNull(),
    /** Expected conversions a week (the impact's mid), for ordering. */
    score: doublePrecision('score').notNull(),
    status: text('status', { enum: SUGGESTION_STATUSES }).notNull().default('open'),
    dismissReason: text('dismiss_reason'),
    dismissNote: text('dismiss_note'),
    snoozedUntil: timestamp('snoozed_until', { withTimezone: true }),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('suggestions_account_key_idx').on(t.accountRef, t.key),
    index('suggestions_workspace_status_idx').on(t.workspaceId, t.status),
  ],
);

/** The last run of the suggestions job per account, and what it left unjudged. */
export const suggestionRuns = pgTable('suggestion_runs', {
  accountRef: uuid('account_ref')
    .primaryKey()
    .references(() => connectedAdAccounts.id, { onDelete: 'cascade' }),
  workspaceId: uuid('workspace_id')
    .notNull()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  computedAt: timestamp('computed_at', { withTimezone: true }).notNull(),
  /** Ads and campaigns still learning (not judged yet). */
  learning: integer('learning').notNull(),
});

/**
 * Who asked for a change, which decides what else is settled with it when it ends: an applied
 * suggestion, an automated rule, a budget plan applied by a person, a step of a followed plan, or
 * a person's own pause or resume from the dashboard.
 */
export const ACTION_SOURCES = ['suggestion', 'rule', 'optimizer', 'optimizer_plan', 'dashboard'] as const;
export type ActionSource = (typeof ACTION_SOURCES)[number];

/**
 * The actions log and the journal of every write Adwise makes at an ad platform: an applied
 * suggestion, a rule's change, a budget plan. A row is written (`applying`, with its steps)
 * before the first platform call; each step's outcome is written as it lands; the row ends
 * applied, failed or partially_applied, and Undo is another journaled run over the same steps.
 * After its horizon the outcome is measured against the forecast made at the time.
 */
export const actions = pgTable(
  'actions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    accountRef: uuid('account_ref')
      .notNull()
      .references(() => connectedAdAccounts.id, { onDelete: 'cascade' }),
    source: text('source', { enum: ACTION_SOURCES }).notNull().default('suggestion'),
    suggestionId: uuid('suggestion_id').references(() => suggestions.id, { onDelete: 'set null' }),
    /** The followed optimizer plan a step belongs to. */
    planId: uuid('plan_id').references((): AnyPgColumn => optimizerPlans.id, { onDelete: 'set null' }),
    platform: text('platform').notNull(),
    type: text('type').notNull(),
    headline: text('headline').notNull(),
    /** The change made, as the API presents it (SuggestionChange), and the platform campaign it concerns. */
    change: jsonb('change').notNull(),
    campaignId: text('campaign_id'),
    /**
     * The journal (JournalStep[]): each platform write of the change in the order it is made, with
     * the value before and after, where it stood when the current run began, and where it stands.
     * Empty for a task done by hand, and for actions logged before the journal existed.
     */
    steps: jsonb('steps').notNull().default([]),
    /** Conversions a week the change was expected to add: { mid, low, high }. */
    forecast: jsonb('forecast').notNull(),
    appliedBy: uuid('applied_by').references(() => users.id, { onDelete: 'set null' }),
    /** The connected app (MCP client) the change was asked through, for `applied_by`; null when asked in Adwise itself. */
    viaClient: text('via_client'),
    /** When the change was asked for (recorded before the first platform call). */
    appliedAt: timestamp('applied_at', { withTimezone: true }).notNull(),
    undoUntil: timestamp('undo_until', { withTimezone: true }).notNull(),
    status: text('status', { enum: ACTION_STATUSES }).notNull().default('applied'),
    /**
     * Written every few seconds by the process running the change's writes (or checking them):
     * an `applying` or `undoing` row whose heartbeat went stale was interrupted, and the
     * reconciler settles it from what the platform holds.
     */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    /** When the last run over the steps ended. */
    settledAt: timestamp('settled_at', { withTimezone: true }),
    /** What went wrong, in words, with what is at the platform now. */
    problem: text('problem'),
    /** How the reconciler settled an interrupted run. */
    note: text('note'),
    undoneAt: timestamp('undone_at', { withTimezone: true }),
    undoneBy: uuid('undone_by').references(() => users.id, { onDelete: 'set null' }),
    horizonDays: integer('horizon_days').notNull(),
    /** { observed: {mid, low, high}, verdict, measured_at } once measured. */
    outcome: jsonb('outcome'),
    measuredAt: timestamp('measured_at', { withTimezone: true }),
    /** The automated rule that made the change (its name kept for when the rule is deleted). */
    ruleId: uuid('rule_id').references((): AnyPgColumn => rules.id, { onDelete: 'set null' }),
    ruleName: text('rule_name'),
  },
  (t) => [
    index('actions_workspace_applied_idx').on(t.workspaceId, t.appliedAt),
    // The reconciler's look: the few rows still being written.
    index('actions_unsettled_idx')
      .on(t.heartbeatAt)
      .where(sql`${t.status} in ('applying', 'undoing')`),
  ],
);

/** What the alert checks found after a sync: one row per entity, metric and day (per streak for the checks). */
export const alerts = pgTable(
  'alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Order of raising, across the database: the live stream's event id (Last-Event-ID resumes after it). */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity().notNull(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /** The account it is about; null for a budget of the whole workspace or of a platform. */
    accountRef: uuid('account_ref').references(() => connectedAdAccounts.id, { onDelete: 'cascade' }),
    platform: text('platform'),
    key: text('key').notNull(),
    kind: text('kind').notNull(),
    severity: text('severity').notNull(),
    metric: text('metric'),
    direction: text('direction'),
    level: text('level').notNull(),
    entityId: text('entity_id').notNull(),
    entityName: text('entity_name').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    headline: text('headline').notNull(),
    /** In the metric's unit: money in minor units of the account currency, CTR as a fraction. */
    observed: doublePrecision('observed'),
    expected: doublePrecision('expected'),
    low: doublePrecision('low'),
    high: doublePrecision('high'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('alerts_account_key_idx').on(t.accountRef, t.key),
    // Alerts about no one account (a workspace's or platform's budget) are once per key in their workspace.
    uniqueIndex('alerts_workspace_key_unattached_idx')
      .on(t.workspaceId, t.key)
      .where(sql`${t.accountRef} is null`),
    index('alerts_workspace_created_idx').on(t.workspaceId, t.createdAt),
    index('alerts_workspace_seq_idx').on(t.workspaceId, t.seq),
  ],
);

/** Which user has read which alert (read state is per user). */
export const alertReads = pgTable(
  'alert_reads',
  {
    alertId: uuid('alert_id')
      .notNull()
      .references(() => alerts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.alertId, t.userId] })],
);

/** Each user's alert e-mail settings (no row: both on). */
export const alertPreferences = pgTable('alert_preferences', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** A mail as soon as a critical alert is raised in one of the user's workspaces. */
  emailCritical: boolean('email_critical').notNull().default(true),
  /** A daily mail of the other alerts the user has not read. */
  emailDigest: boolean('email_digest').notNull().default(true),
  /** When the last digest covered up to (the next one starts there). */
  digestSentAt: timestamp('digest_sent_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A workspace's alert webhook (Slack-compatible incoming webhook), one per workspace. */
export const alertWebhooks = pgTable('alert_webhooks', {
  workspaceId: uuid('workspace_id')
    .primaryKey()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  url: text('url').notNull(),
  /** The signing secret, sealed with ENCRYPTION_KEY: shown once when the webhook is created. */
  secretSealed: text('secret_sealed').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  lastDeliveryAt: timestamp('last_delivery_at', { withTimezone: true }),
  /** HTTP status of the last delivery (null: none yet or no answer). */
  lastStatus: integer('last_status'),
  lastError: text('last_error'),
});

/** An automated rule of a workspace: its definition as the builder sent it (RuleDefinition, checked by ruleSchema). */
export const rules = pgTable(
  'rules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    definition: jsonb('definition').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('rules_workspace_name_idx').on(t.workspaceId, t.name)],
);

/**
 * One evaluation of a rule. `dataVersion` names the data it judged (the workspace's latest sync,
 * or the scheduled slot): the unique key is what makes two syncs finishing together evaluate a
 * rule once.
 */
export const ruleRuns = pgTable(
  'rule_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ruleId: uuid('rule_id')
      .notNull()
      .references(() => rules.id, { onDelete: 'cascade' }),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    dataVersion: text('data_version').notNull(),
    trigger: text('trigger').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    judged: integer('judged').notNull().default(0),
    matched: integer('matched').notNull().default(0),
    acted: integer('acted').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    revived: integer('revived').notNull().default(0),
    skipped: integer('skipped').notNull().default(0),
  },
  (t) => [
    uniqueIndex('rule_runs_rule_version_idx').on(t.ruleId, t.dataVersion),
    index('rule_runs_rule_started_idx').on(t.ruleId, t.startedAt),
  ],
);

export const RULE_ACTION_ROW_STATUSES = [
  'pending',
  'applying',
  'applied',
  'failed',
  'rejected',
  'notified',
  'expired',
] as const;

/** What a rule did, or queued for approval, to one entity; written changes also have an actions-log entry. */
export const ruleActions = pgTable(
  'rule_actions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    ruleId: uuid('rule_id').references(() => rules.id, { onDelete: 'set null' }),
    ruleName: text('rule_name').notNull(),
    runId: uuid('run_id').references(() => ruleRuns.id, { onDelete: 'set null' }),
    accountRef: uuid('account_ref')
      .notNull()
      .references(() => connectedAdAccounts.id, { onDelete: 'cascade' }),
    platform: text('platform').notNull(),
    level: text('level').notNull(),
    entityId: text('entity_id').notNull(),
    entityName: text('entity_name').notNull(),
    /** notify, pause, resume, budget_up, budget_down, or revive. */
    kind: text('kind').notNull(),
    /** The platform change (SuggestionChange), null for notify. */
    change: jsonb('change'),
    /** Each condition in words with the value seen. */
    reasons: jsonb('reasons').notNull(),
    status: text('status', { enum: RULE_ACTION_ROW_STATUSES }).notNull(),
    error: text('error'),
    actionId: uuid('action_id').references(() => actions.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('rule_actions_workspace_status_idx').on(t.workspaceId, t.status),
    index('rule_actions_rule_entity_idx').on(t.ruleId, t.entityId, t.createdAt),
  ],
);

export const BUDGET_SCOPES = ['workspace', 'platform', 'account'] as const;

/** A monthly budget of a workspace, of one of its platforms or of one of its accounts. */
export const budgets = pgTable(
  'budgets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    scope: text('scope', { enum: BUDGET_SCOPES }).notNull(),
    platform: text('platform'),
    accountRef: uuid('account_ref').references(() => connectedAdAccounts.id, { onDelete: 'cascade' }),
    /** Per month, minor units of `currency`. */
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    /** For an account's budget: daily budget bounds per campaign the optimizer keeps to (minor units of the account currency). */
    campaignCaps: jsonb('campaign_caps')
      .$type<{ campaign_id: string; min: number | null; max: number | null }[]>()
      .notNull()
      .default([]),
    /** The pacing band's half-width on the month's first and last day (Optmyzr's ±25% to ±1% by default). */
    bandStart: doublePrecision('band_start').notNull().default(0.25),
    bandEnd: doublePrecision('band_end').notNull().default(0.01),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('budgets_workspace_idx').on(t.workspaceId)],
);

/**
 * An optimizer plan the user asked to follow: its first step was applied by hand, and each new
 * day of the account the follow job takes the next step towards `target`, until it is reached,
 * the results fall credibly short of the forecast, or someone changes a budget outside the plan.
 */
export const optimizerPlans = pgTable(
  'optimizer_plans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    accountRef: uuid('account_ref')
      .notNull()
      .references(() => connectedAdAccounts.id, { onDelete: 'cascade' }),
    objective: text('objective').notNull(),
    maxStep: doublePrecision('max_step').notNull(),
    /** Campaigns the user locked when the plan was made: kept as they are. */
    locked: jsonb('locked').$type<string[]>().notNull(),
    /** Per campaign: the budget the plan started from, the target, and what the last step wrote (minor units). */
    campaigns: jsonb('campaigns')
      .$type<{ campaign_id: string; name: string; start: number; target: number; written: number }[]>()
      .notNull(),
    /** Each step: the account day it was taken, its action, and the conversions a day it was expected to bring ({mid, low, high}). */
    steps: jsonb('steps')
      .$type<{ day: string; action_id: string; expected: { mid: number; low: number; high: number } }[]>()
      .notNull(),
    status: text('status', { enum: ['following', 'done', 'stopped'] }).notNull(),
    /** Why it stopped, in words (null while following or when done). */
    stopReason: text('stop_reason'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('optimizer_plans_account_idx').on(t.accountRef, t.status)],
);

/** Raw bytes (a thumbnail): Buffer on both drivers (PGlite hands back a Uint8Array). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Every Creative Analyzer result a workspace made: its inputs (the copy, and of an image only its
 * hash, size, format and a small thumbnail; the upload is never kept) and the API's answer.
 */
export const creativeAnalyses = pgTable(
  'creative_analyses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    kind: text('kind', { enum: ['analysis', 'comparison'] }).notNull(),
    placement: text('placement').notNull(),
    /** CreativeStoredInput of @shared/api/creative. */
    input: jsonb('input').$type<Record<string, unknown>>().notNull(),
    /** The API's response body (CreativeAnalysis or CreativeComparison). */
    result: jsonb('result').$type<Record<string, unknown>>().notNull(),
    /** ≤ 320 px WebP, no metadata; null without an image. */
    thumbnail: bytea('thumbnail'),
    /** The analysis this one re-analysed. */
    previousId: uuid('previous_id').references((): AnyPgColumn => creativeAnalyses.id, { onDelete: 'set null' }),
    /** The first headline, for the list. */
    title: text('title').notNull(),
  },
  (t) => [index('creative_analyses_workspace_created_idx').on(t.workspaceId, t.createdAt, t.id)],
);

/**
 * A read-only link to one saved analysis. The link's token is the row's id signed with the app
 * secret, so the token itself is never stored; revoking sets revoked_at.
 */
export const creativeShares = pgTable(
  'creative_shares',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    analysisId: uuid('analysis_id')
      .notNull()
      .references(() => creativeAnalyses.id, { onDelete: 'cascade' }),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('creative_shares_analysis_idx').on(t.analysisId)],
);

/**
 * A workspace's pre-launch weights refit toward its own launched ads (analysis/creative/
 * workspaceRefit), one row per workspace, replaced at each refit. `weights` and `evaluation`
 * are null while it has too few ads; `applied` says whether the analyzer uses the weights (only
 * when they ranked the workspace's held-out ads better than the global ones).
 */
export const creativeWorkspaceModels = pgTable('creative_workspace_models', {
  workspaceId: uuid('workspace_id')
    .primaryKey()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  fittedAt: timestamp('fitted_at', { withTimezone: true }).notNull(),
  state: text('state', { enum: ['not_enough', 'fitted'] }).notNull(),
  ads: integer('ads').notNull(),
  campaigns: integer('campaigns').notNull(),
  /** OverallWeights of analysis/creative/textScore, summing to 1. */
  weights: jsonb('weights').$type<Record<string, number>>(),
  /** RefitEvaluation of analysis/creative/workspaceRefit. */
  evaluation: jsonb('evaluation').$type<Record<string, number>>(),
  applied: boolean('applied').notNull().default(false),
});

/**
 * A workspace's branding (issue 17), one row per workspace once someone saved it: the name on
 * reports, a primary colour (white text on it meets WCAG AA), the sender name and reply-to of
 * report e-mails, and a logo (a metadata-free PNG or a sanitised SVG, at most 1 MB) with the
 * SHA-256 of its stored bytes, which the logo's URL carries.
 */
export const workspaceBranding = pgTable('workspace_branding', {
  workspaceId: uuid('workspace_id')
    .primaryKey()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  primaryColor: text('primary_color').notNull(),
  senderName: text('sender_name'),
  replyTo: text('reply_to'),
  logo: bytea('logo'),
  logoType: text('logo_type', { enum: ['image/png', 'image/svg+xml'] }),
  logoSha256: text('logo_sha256'),
  logoWidth: integer('logo_width'),
  logoHeight: integer('logo_height'),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

export const REPORT_PERIOD_KINDS = ['last_week', 'last_month', 'custom'] as const;

/**
 * A client report of a workspace (issue 17): a template of ordered sections (REPORT_SECTIONS of
 * @shared/api/reports) over a period (last week, last month, or custom days) in a display
 * currency. Schedules, drafts for review and sent reports refer to it by id.
 */
export const reports = pgTable(
  'reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    sections: jsonb('sections').$type<string[]>().notNull(),
    period: text('period', { enum: REPORT_PERIOD_KINDS }).notNull(),
    /** A custom period's days (null otherwise). */
    periodFrom: date('period_from', { mode: 'string' }),
    periodTo: date('period_to', { mode: 'string' }),
    currency: text('currency').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('reports_workspace_created_idx').on(t.workspaceId, t.createdAt)],
);

/**
 * A read-only link to one report over the days it covered when the link was made. Its token is
 * the row's id signed with the app secret (never stored); revoking sets revoked_at.
 */
export const reportShares = pgTable(
  'report_shares',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reportId: uuid('report_id')
      .notNull()
      .references(() => reports.id, { onDelete: 'cascade' }),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    periodFrom: date('period_from', { mode: 'string' }).notNull(),
    periodTo: date('period_to', { mode: 'string' }).notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('report_shares_report_idx').on(t.reportId)],
);

/** Files an outbox message carries: attachments, and images its HTML shows inline (content_id, cid:…). */
export const outboxAttachments = pgTable(
  'outbox_attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    outboxId: uuid('outbox_id')
      .notNull()
      .references(() => outbox.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    /** Set for an inline image the HTML refers to as cid:<content_id>. */
    contentId: text('content_id'),
    content: bytea('content').notNull(),
  },
  (t) => [index('outbox_attachments_outbox_idx').on(t.outboxId, t.position)],
);

export const REPORT_FREQUENCY_KINDS = ['weekly', 'monthly'] as const;

/**
 * When a report goes out on its own (issue 17): weekly on a weekday or monthly on a day, at a local
 * hour in its time zone, to members (by id, so a changed address follows) and outside addresses;
 * with review, each draft waits for the reviewer's approval. next_run_at is null while it is off.
 */
export const reportSchedules = pgTable(
  'report_schedules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reportId: uuid('report_id')
      .notNull()
      .unique()
      .references(() => reports.id, { onDelete: 'cascade' }),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    frequency: text('frequency', { enum: REPORT_FREQUENCY_KINDS }).notNull(),
    /** ISO weekday (Monday 1) of a weekly schedule. */
    weekday: integer('weekday'),
    /** Day (1–28) of a monthly schedule. */
    dayOfMonth: integer('day_of_month'),
    hour: integer('hour').notNull(),
    timeZone: text('time_zone').notNull(),
    memberIds: jsonb('member_ids').$type<string[]>().notNull(),
    emails: jsonb('emails').$type<string[]>().notNull(),
    review: boolean('review').notNull(),
    reviewerId: uuid('reviewer_id').references(() => users.id, { onDelete: 'set null' }),
    enabled: boolean('enabled').notNull(),
    nextRunAt: timestamp('next_run_at', { withTimezone: true }),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('report_schedules_due_idx').on(t.nextRunAt)],
);

export const REPORT_DELIVERY_STATUSES = [
  'generating',
  'awaiting_review',
  'approved',
  'sent',
  'skipped',
  'failed',
] as const;

/**
 * One run of a schedule over one period: its draft (data and PDF), its review, and the outbox
 * rows it was sent as. Unique per (schedule, period), so a run is made once; its status moves
 * generating → (awaiting_review → approved | skipped) → sent, or failed after the last try.
 */
export const reportDeliveries = pgTable(
  'report_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    scheduleId: uuid('schedule_id').references(() => reportSchedules.id, { onDelete: 'set null' }),
    reportId: uuid('report_id').references(() => reports.id, { onDelete: 'set null' }),
    reportName: text('report_name').notNull(),
    /** last_week for a weekly schedule's run, last_month for a monthly one's. */
    periodKind: text('period_kind', { enum: REPORT_PERIOD_KINDS }).notNull(),
    periodFrom: date('period_from', { mode: 'string' }).notNull(),
    periodTo: date('period_to', { mode: 'string' }).notNull(),
    status: text('status', { enum: REPORT_DELIVERY_STATUSES }).notNull(),
    review: boolean('review').notNull(),
    reviewerId: uuid('reviewer_id').references(() => users.id, { onDelete: 'set null' }),
    /** The addresses it goes to, resolved when the draft was made. */
    recipients: jsonb('recipients').$type<string[]>().notNull(),
    /** The draft's figures (ReportData), as reviewed and sent. */
    data: jsonb('data'),
    pdf: bytea('pdf'),
    pdfFileName: text('pdf_file_name'),
    comment: text('comment'),
    reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    /** The outbox rows it was sent as, one per recipient. */
    outboxIds: jsonb('outbox_ids')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('report_deliveries_schedule_period_idx').on(t.scheduleId, t.periodFrom, t.periodTo),
    index('report_deliveries_workspace_created_idx').on(t.workspaceId, t.createdAt),
  ],
);

/**
 * An app (an AI assistant's MCP client) known to Adwise's OAuth server: registered through Dynamic
 * Client Registration (RFC 7591; the id is ours) or named by its Client ID Metadata Document (the
 * id is that document's https URL, read again when it is older than a day).
 */
export const mcpClients = pgTable('mcp_clients', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  clientUri: text('client_uri'),
  redirectUris: jsonb('redirect_uris').$type<string[]>().notNull(),
  /** True when the id is a metadata document's URL (no registration row of its own). */
  fromMetadataDocument: boolean('from_metadata_document').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** When the metadata document was last read (metadata-document clients only). */
  fetchedAt: timestamp('fetched_at', { withTimezone: true }),
});

/**
 * A user's consent for one app in one workspace ("Connected apps"): read, or read and act. Tokens
 * hang off it; revoking it (or the user leaving the workspace) ends them at once.
 */
export const mcpGrants = pgTable(
  'mcp_grants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    clientId: text('client_id')
      .notNull()
      .references(() => mcpClients.id, { onDelete: 'cascade' }),
    access: text('access', { enum: MCP_ACCESS_LEVELS }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('mcp_grants_user_idx').on(t.userId), index('mcp_grants_workspace_idx').on(t.workspaceId)],
);

/** An authorization code (hashed), single use, bound to its PKCE challenge, redirect URI and resource. */
export const mcpAuthCodes = pgTable('mcp_auth_codes', {
  codeHash: text('code_hash').primaryKey(),
  grantId: uuid('grant_id')
    .notNull()
    .references(() => mcpGrants.id, { onDelete: 'cascade' }),
  codeChallenge: text('code_challenge').notNull(),
  redirectUri: text('redirect_uri').notNull(),
  resource: text('resource').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

export const MCP_TOKEN_KINDS = ['access', 'refresh'] as const;

/**
 * Access and refresh tokens of a grant (hashed; opaque to the client), each bound to the MCP
 * resource it was issued for (RFC 8707). A refresh token is used once: it rotates into a new pair,
 * and a used one presented again ends every token of its grant.
 */
export const mcpTokens = pgTable(
  'mcp_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    grantId: uuid('grant_id')
      .notNull()
      .references(() => mcpGrants.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: MCP_TOKEN_KINDS }).notNull(),
    tokenHash: text('token_hash').notNull(),
    resource: text('resource').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('mcp_tokens_hash_idx').on(t.tokenHash), index('mcp_tokens_grant_idx').on(t.grantId)],
);

export const MCP_CALL_OUTCOMES = ['ok', 'error', 'refused'] as const;

/**
 * Every MCP tool call, audited: who, through which app, in which workspace, which tool and how it
 * ended. Never the call's arguments or its answer.
 */
export const mcpCalls = pgTable(
  'mcp_calls',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    grantId: uuid('grant_id').references(() => mcpGrants.id, { onDelete: 'set null' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    clientId: text('client_id').notNull(),
    tool: text('tool').notNull(),
    outcome: text('outcome', { enum: MCP_CALL_OUTCOMES }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mcp_calls_workspace_at_idx').on(t.workspaceId, t.at)],
);

/**
 * The second step of an MCP write: a preview answered with this id, and only the same call again
 * (same grant, same tool, the same arguments) with it writes, once, within its 5 minutes. Kept
 * here, not in a process, so whichever replica answers the second call accepts it.
 */
export const mcpConfirmations = pgTable(
  'mcp_confirmations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    grantId: uuid('grant_id')
      .notNull()
      .references(() => mcpGrants.id, { onDelete: 'cascade' }),
    tool: text('tool').notNull(),
    /** SHA-256 of the call's arguments (without the confirmation id), canonical JSON. */
    argumentsHash: text('arguments_hash').notNull(),
    /** SHA-256 of what the preview showed (the state it starts from): a different state on confirmation is refused. */
    previewHash: text('preview_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('mcp_confirmations_grant_idx').on(t.grantId), index('mcp_confirmations_expires_idx').on(t.expiresAt)],
);

/** Where a first-party day came from: a CSV import, or the signed ingestion endpoint. */
export const FIRST_PARTY_SOURCES = ['csv', 'ingest'] as const;

/**
 * A workspace's own conversions and revenue of one day (issue 37, first-party truth), from its
 * shop or CRM: one row per workspace and day, replaced whole when the day is sent again (so a
 * resend never counts twice). Revenue in minor units of its own currency; converted when read.
 * Owned by modules/firstParty.
 */
export const firstPartyDays = pgTable(
  'first_party_days',
  {
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    conversions: bigint('conversions', { mode: 'number' }).notNull(),
    revenueMinor: bigint('revenue_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    source: text('source', { enum: FIRST_PARTY_SOURCES }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.day] })],
);

/**
 * A workspace's key for the signed first-party ingestion endpoint: its public id (sent in
 * X-Adwise-Key-Id) and its HMAC secret sealed with ENCRYPTION_KEY (shown once, when made). One per
 * workspace: rotating replaces the row, and the old key stops working at once.
 */
export const firstPartyKeys = pgTable('first_party_keys', {
  id: uuid('id').primaryKey().defaultRandom(),
  workspaceId: uuid('workspace_id')
    .notNull()
    .unique()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  secretSealed: text('secret_sealed').notNull(),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
});
