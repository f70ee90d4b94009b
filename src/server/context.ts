import type { FastifyBaseLogger } from 'fastify';

import type { AppConfig } from './config';
import type { Database, Db } from './db/connect';
import type { JobQueue } from './jobs/queue';
import type { Clock } from './lib/clock';
import type { Mailer } from './mail/mailer';
import type { AccessTokens } from './modules/auth/tokens';
import type { ClientRuntime } from './platforms/types';

/** What route modules and services may depend on; built once by buildApp. */
export interface AppContext {
  config: AppConfig;
  database: Database;
  db: Db;
  queue: JobQueue;
  mailer: Mailer;
  log: FastifyBaseLogger;
  clock: Clock;
  tokens: AccessTokens;
  /** How platform clients reach the network and wait (tests record waits instead). */
  platformRuntime: ClientRuntime;
}
