import { randomUUID } from 'node:crypto';

import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  type ConstructorOptions,
  type DrizzleTransactionLike,
  fromDrizzle,
  fromPglite,
  type Job,
  PgBoss,
} from 'pg-boss';
import type { AnyObjectSchema, InferType } from 'yup';

import type { Database, Tx } from '../db/connect';
import { serializeError } from '../lib/logger';

/** One kind of job: a stable dotted id, the schema of its payload, and its handler. */
export interface JobDefinition<S extends AnyObjectSchema = AnyObjectSchema> {
  id: string;
  payload: S;
  handler(payload: InferType<S>, meta: JobMeta): Promise<void>;
  /** Cron expression for a recurring run (UTC). */
  cron?: string;
  /** How often a failed run is retried, with exponential back-off. */
  retryLimit?: number;
  /**
   * pg-boss queue policy. 'stately': per singletonKey at most one job waiting and one running
   * (a sync per connection); default 'standard'.
   */
  policy?: 'standard' | 'stately';
  /** Jobs of this kind one process runs at once (default 1). */
  concurrency?: number;
}

/** What a handler knows about its run. */
export interface JobMeta {
  jobId: string;
  log: FastifyBaseLogger;
  /** True on the run after which a failure is final (no retry remains): the handler may record it as failed. */
  lastTry: boolean;
}

/** Helps TypeScript infer the payload type of a job from its schema. */
export const defineJob = <S extends AnyObjectSchema>(definition: JobDefinition<S>): JobDefinition<S> => definition;

/** The Postgres-backed job queue (pg-boss) on whichever database the app uses. */
export interface JobQueue {
  /**
   * Creates the queues so jobs can be sent; with `work`, also starts a worker per job and the
   * cron schedules. An HTTP-only replica starts with `work: false` and still enqueues.
   */
  start(definitions: JobDefinition[], options: { work: boolean }): Promise<void>;
  /**
   * Enqueues a job. Given a transaction, the job is written in it, so it exists exactly when
   * the change that caused it commits.
   */
  send(
    id: string,
    payload: object,
    options?: { tx?: Tx; singletonKey?: string; startAfter?: Date },
  ): Promise<string | null>;
  /** Stops taking jobs, lets running ones finish (up to the timeout), and closes the queue's connections. */
  stop(): Promise<void>;
  readonly boss: PgBoss;
}

export interface QueueOptions {
  database: Database;
  log: FastifyBaseLogger;
  /** Cron schedules and maintenance; off in tests that do not need them. */
  schedule: boolean;
  /** Worker poll interval; notifications wake workers sooner where the database supports them. */
  pollingIntervalSeconds?: number;
  /**
   * Told about every run of a job this process works: its queue (the job id), whether the handler
   * completed or failed (a retried job is one run per attempt), and how long it took (metrics).
   */
  observeJob?: (queue: string, outcome: JobOutcome, seconds: number) => void;
}

/** How one run of a job ended. */
export type JobOutcome = 'completed' | 'failed';

/**
 * What pg-boss keeps of a failed run (it writes the thrown error into pgboss.job.output): the
 * type, the code, and the message and stack without any query parameters, as the log has them.
 * The error itself may carry every bound value of a failed query, or a payload's e-mail address.
 */
export function jobFailure(error: unknown): Error {
  const safe = serializeError(error);
  const failure = new Error(safe.message);
  failure.name = safe.type;
  failure.stack = safe.stack || `${safe.type}: ${safe.message}`;
  if (safe.code !== undefined) Object.assign(failure, { code: safe.code });
  // For a database error: its SQLSTATE code, constraint and table, never a value.
  if (safe.cause !== undefined) Object.assign(failure, { cause: safe.cause });
  return failure;
}

const SHUTDOWN_GRACE_MS = 20_000;
const DEFAULT_RETRY_LIMIT = 3;
const POSTGRES_QUEUE_POOL = 4;

/** Builds the queue; nothing touches the database until `start`. */
export function createJobQueue({
  database,
  log,
  schedule,
  pollingIntervalSeconds = 2,
  observeJob,
}: QueueOptions): JobQueue {
  const base: ConstructorOptions = { schema: 'pgboss', schedule, supervise: schedule, migrate: true };
  const boss =
    database.kind === 'pglite'
      ? new PgBoss({ ...base, db: fromPglite(database.pglite!), backend: 'pglite' })
      : new PgBoss({ ...base, connectionString: database.connectionString, max: POSTGRES_QUEUE_POOL });
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
  const known = new Map<string, JobDefinition>();
  let started = false;

  return {
    boss,
    async start(definitions, { work }) {
      await boss.start();
      started = true;
      // A restart finds its queues and schedules in place: only what is missing or changed is
      // written (one round trip each otherwise, for every job, on every start).
      const queues = new Map((await boss.getQueues()).map((queue) => [queue.name, queue]));
      const schedules = new Set(
        (await boss.getSchedules()).filter((entry) => !entry.key).map((entry) => `${entry.name} ${entry.cron}`),
      );
      for (const definition of definitions) {
        known.set(definition.id, definition);
        const options = { retryLimit: definition.retryLimit ?? DEFAULT_RETRY_LIMIT, retryBackoff: true };
        const existing = queues.get(definition.id);
        const changed =
          existing !== undefined &&
          (existing.retryLimit !== options.retryLimit || existing.retryBackoff !== options.retryBackoff);
        if (!existing) await boss.createQueue(definition.id, { ...options, policy: definition.policy ?? 'standard' });
        else if (changed) await boss.updateQueue(definition.id, options);
        // pg-boss caches queue metadata at start, before a new queue exists, and forgets a queue
        // it has just created or updated; a send inside a transaction would then look the queue up
        // on the main connection, which PGlite (one connection) cannot serve while the transaction
        // holds it. A lookup now fills the cache.
        if (!existing || changed) await boss.getJobById(definition.id, randomUUID());
        if (!work) continue;
        await boss.work(
          definition.id,
          { pollingIntervalSeconds, localConcurrency: definition.concurrency ?? 1 },
          async (jobs: Job<object>[]) => {
            for (const job of jobs) {
              const jobLog = log.child({ jobId: job.id, job: definition.id });
              const startedAt = performance.now();
              let outcome: JobOutcome = 'failed';
              try {
                const payload = await definition.payload.validate(job.data ?? {}, { stripUnknown: true });
                const lastTry = (job.retryCount ?? 0) >= (definition.retryLimit ?? DEFAULT_RETRY_LIMIT);
                await definition.handler(payload, { jobId: job.id, log: jobLog, lastTry });
                outcome = 'completed';
              } catch (error) {
                // Through the err serializer (no query parameters, no driver detail); never the
                // payload, which may hold an e-mail address.
                jobLog.error(
                  { err: error, retryCount: job.retryCount },
                  'job failed; the queue retries it while retries remain',
                );
                throw jobFailure(error);
              } finally {
                try {
                  observeJob?.(definition.id, outcome, (performance.now() - startedAt) / 1000);
                } catch {
                  // Metrics must never fail the job they measure.
                }
              }
            }
          },
        );
        if (definition.cron && schedule && !schedules.has(`${definition.id} ${definition.cron}`))
          await boss.schedule(definition.id, definition.cron, {});
      }
    },
    async send(id, payload, options = {}) {
      const definition = known.get(id);
      if (!definition) throw new Error(`Unknown job "${id}": add it to the job registry`);
      const data = await definition.payload.validate(payload, { stripUnknown: true });
      return boss.send(id, data, {
        singletonKey: options.singletonKey,
        startAfter: options.startAfter,
        ...(options.tx ? { db: fromDrizzle(options.tx as unknown as DrizzleTransactionLike, sql) } : {}),
      });
    },
    async stop() {
      if (!started) return;
      started = false;
      await boss.stop({ graceful: true, timeout: SHUTDOWN_GRACE_MS, close: true });
    },
  };
}
