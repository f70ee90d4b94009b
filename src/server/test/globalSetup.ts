import { ensurePgliteTemplate } from './pgliteTemplate';
import { createPostgresTemplate, PG_TEMPLATE_ENV } from './postgresTemplate';

/**
 * Before the server tests' workers start: the migrated database each test app starts from, a
 * PGlite dump or, with DATABASE_URL, a PostgreSQL template database (named for the workers).
 */
export default async function globalSetup(): Promise<void> {
  if (process.env.DATABASE_URL) process.env[PG_TEMPLATE_ENV] = await createPostgresTemplate(process.env.DATABASE_URL);
  else await ensurePgliteTemplate();
}
