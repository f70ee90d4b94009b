import { defineConfig } from 'drizzle-kit';

// Generates the one set of SQL migrations that both PGlite and PostgreSQL run.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema.ts',
  out: './src/server/db/migrations',
});
