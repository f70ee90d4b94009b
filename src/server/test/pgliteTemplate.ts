import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';

// As db/connect.ts migrates; not imported from there, since jest's globalSetup (which makes the
// template) resolves no path aliases and connect.ts's schema uses them.
const MIGRATIONS_FOLDER = path.join(__dirname, '..', 'db', 'migrations');

/**
 * One migrated PGlite database for every test file to start from. A new in-memory PGlite runs
 * initdb and then every migration, which on a loaded 2-core machine costs each file tens of
 * seconds; a dump of one already migrated (by the migrator connectDatabase uses, once per
 * migrations and PGlite version) loads in a fraction of that. Migrations still run over it at
 * each start (up to date, so they apply nothing); db/migrations.test.ts tests them one by one.
 */

/** A name for the current migrations and PGlite version. */
export function templateKey(): string {
  const hash = createHash('sha256');
  // The data folder's format is PGlite's (its package.json is not exported; it sits above dist/).
  const pglitePackage = path.join(path.dirname(require.resolve('@electric-sql/pglite')), '..', 'package.json');
  hash.update(JSON.parse(fs.readFileSync(pglitePackage, 'utf8')).version as string);
  const walk = (dir: string): void => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else hash.update(`${path.relative(MIGRATIONS_FOLDER, file)}\0`).update(fs.readFileSync(file));
    }
  };
  walk(MIGRATIONS_FOLDER);
  return hash.digest('hex').slice(0, 16);
}

/** Where the dump for the current migrations lives (outside the repository). */
export function pgliteTemplatePath(): string {
  return path.join(os.tmpdir(), `adwise-pglite-template-${templateKey()}.tar`);
}

/** Makes the dump unless it exists (jest's globalSetup does it once before the workers start). */
export async function ensurePgliteTemplate(): Promise<string> {
  const file = pgliteTemplatePath();
  if (fs.existsSync(file)) return file;
  const client = new PGlite('memory://');
  try {
    await client.waitReady;
    await migrate(drizzle({ client }), { migrationsFolder: MIGRATIONS_FOLDER });
    const dump = await client.dumpDataDir('none');
    // Written aside and renamed, so a reader never sees half a file.
    const partial = `${file}.${process.pid}.partial`;
    fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    fs.renameSync(partial, file);
  } finally {
    await client.close();
  }
  return file;
}

/** The migrated database, for `connectDatabase`'s (and so `buildApp`'s) `pgliteTemplate`. */
export async function migratedPgliteTemplate(): Promise<Blob> {
  return new Blob([fs.readFileSync(await ensurePgliteTemplate())], { type: 'application/x-tar' });
}
