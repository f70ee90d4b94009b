import fs from 'node:fs';

import { loadConfigOrExit } from '../config';
import { connectDatabase } from '../db/connect';
import { importRates, parseRatesCsv } from '../modules/metrics/rates';

/**
 * npm run rates:import -- <file.csv>
 * Adds or replaces exchange rates from "day,currency,per_usd" lines (units of the currency per US
 * dollar on that day). Reads the same environment as the server (DATABASE_URL or the embedded
 * PGlite under DATA_DIR; stop a server using PGlite first, it holds the data folder).
 */
async function main() {
  const file = process.argv[2];
  if (!file) {
    console.error(
      'Usage: npm run rates:import -- <file.csv>   (lines: day,currency,per_usd — e.g. 2026-11-20,INR,88.61)',
    );
    process.exit(2);
  }
  const config = loadConfigOrExit();
  let rows;
  try {
    rows = parseRatesCsv(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    console.error(`${file}: ${error instanceof Error ? error.message : String(error)} Nothing was imported.`);
    process.exit(1);
  }
  const database = await connectDatabase({ databaseUrl: config.databaseUrl, pgliteDataDir: config.pgliteDataDir });
  try {
    const count = await importRates(database.db, rows);
    const currencies = new Set(rows.map((r) => r.currency)).size;
    console.log(
      `Imported ${count} exchange rate${count === 1 ? '' : 's'} for ${currencies} ${currencies === 1 ? 'currency' : 'currencies'}.`,
    );
  } finally {
    await database.close();
  }
}

void main();
