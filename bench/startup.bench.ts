import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { COMPILED_SERVER, startServer } from './process';

/**
 * npm run bench:startup [-- --runs N]
 *
 * How long the API server takes from its process starting to answering GET /api/ready (database
 * reachable) with 200, as `npm run serve` runs it in production: compiled JavaScript
 * (build/server/main.cjs, built first), PGlite in a data folder, no SPA. The first start of a
 * fresh folder also migrates the database; the restarts after it are what a deploy or a crash
 * costs. The same restarts through tsx's loader (`npm start`'s way) are printed beside them.
 * Target: a compiled restart under 2 s. Last line:
 * `startup: compiled p50=… ms max=… ms; tsx p50=… ms; first start (migrations)=… ms`
 */

const runsAt = process.argv.indexOf('--runs');
const runs = runsAt >= 0 ? Number(process.argv[runsAt + 1]) : 5;
const env = (dataDir: string) => ({
  NODE_ENV: 'production',
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  STATIC_DIR: path.join(dataDir, 'no-spa'),
  APP_SECRET: randomBytes(48).toString('base64url'),
  ENCRYPTION_KEY: randomBytes(32).toString('base64'),
  LOG_LEVEL: 'warn',
});

/** Milliseconds from spawning the server to its first 200 from /api/ready; the server is stopped after. */
async function timeStart(script: string, dataDir: string, keys: ReturnType<typeof env>): Promise<number> {
  const started = performance.now();
  const server = await startServer({ script, env: keys, readyPath: '/api/ready', pollMs: 10 });
  const elapsed = performance.now() - started;
  await server.stop();
  return elapsed;
}

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length - 1) * p))];

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'adwise-startup-bench-'));
  try {
    const keys = env(dataDir);
    // The first start builds the server (outside the timing) and migrates a fresh database.
    await timeStart(COMPILED_SERVER, path.join(dataDir, 'warm'), { ...keys, DATA_DIR: path.join(dataDir, 'warm') });
    const first = await timeStart(COMPILED_SERVER, dataDir, keys);
    const compiled: number[] = [];
    const tsx: number[] = [];
    for (let i = 0; i < runs; i++) {
      compiled.push(await timeStart(COMPILED_SERVER, dataDir, keys));
      tsx.push(await timeStart('src/server/main.ts', dataDir, keys));
    }
    const ms = (value: number) => Math.round(value);
    console.log(
      `startup: ${runs} restarts each on a migrated PGlite, ${os.cpus().length} cores, load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    console.log(`  compiled: ${compiled.map(ms).join(', ')} ms`);
    console.log(`  tsx:      ${tsx.map(ms).join(', ')} ms`);
    console.log(
      `startup: compiled p50=${ms(percentile(compiled, 0.5))} ms max=${ms(Math.max(...compiled))} ms; tsx p50=${ms(percentile(tsx, 0.5))} ms; first start (migrations)=${ms(first)} ms`,
    );
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

void main();
