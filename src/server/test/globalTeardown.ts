import { dropPostgresTemplate, PG_TEMPLATE_ENV } from './postgresTemplate';

/** After the server tests: drops the PostgreSQL template globalSetup made (the PGlite dump stays for the next run). */
export default async function globalTeardown(): Promise<void> {
  const name = process.env[PG_TEMPLATE_ENV];
  if (process.env.DATABASE_URL && name) await dropPostgresTemplate(process.env.DATABASE_URL, name);
}
