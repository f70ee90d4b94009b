import { ensurePgliteTemplate } from './pgliteTemplate';

/** Before the server tests' workers start: the migrated PGlite database each test file starts from. */
export default async function globalSetup(): Promise<void> {
  if (!process.env.DATABASE_URL) await ensurePgliteTemplate();
}
