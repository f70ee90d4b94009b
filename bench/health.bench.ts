/**
 * Starts the production server (NODE_ENV=production, embedded database, info logging to a
 * discarded stdout) and a bare Fastify hello-world, loads each with autocannon on loopback, and
 * prints requests/s and latency for both and the ratio. Figures, not a test: nothing asserts on them.
 *
 *   npm run bench            (BENCH_SECONDS=20 BENCH_CONNECTIONS=50 to change the load)
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import autocannon from 'autocannon';

import { ROOT, spawnServer } from '../src/server/test/spawnServer';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = 3;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const hasTaskset = spawnSync('taskset', ['--version']).status === 0;

async function load(url: string, seconds: number) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds, pipelining: 1 });
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

async function measure(name: string, url: string) {
  await load(url, WARMUP_SECONDS);
  const figures = await load(url, SECONDS);
  console.log(
    `${name.padEnd(28)} ${String(figures.rps).padStart(8)} req/s   p50 ${figures.p50} ms   p99 ${figures.p99} ms   errors ${figures.errors}`,
  );
  return figures;
}

async function main() {
  if (hasTaskset) spawnSync('taskset', ['-cp', '1', String(process.pid)], { stdio: 'ignore' });
  if (!fs.existsSync(path.join(ROOT, 'dist/index.html'))) {
    console.log('building the SPA first (npm run build)…');
    spawnSync(path.join(ROOT, 'node_modules/.bin/webpack'), ['--mode', 'production'], { cwd: ROOT, stdio: 'inherit' });
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'adwise-bench-'));
  // Servers on core 0, the load generator (this process) on core 1.
  const adwise = await spawnServer({
    env: {
      NODE_ENV: 'production',
      PORT: '0',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      APP_SECRET: randomBytes(48).toString('base64url'),
      ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    },
    record: false,
    cpu: 0,
  });
  const hello = await spawnServer({ script: 'bench/hello.server.ts', env: { PORT: '0' }, record: false, cpu: 0 });
  try {
    console.log(
      `autocannon: ${CONNECTIONS} connections, ${SECONDS} s after a ${WARMUP_SECONDS} s warm-up, no pipelining${hasTaskset ? ', servers on core 0, load on core 1' : ''}`,
    );
    const baseline = await measure('bare Fastify hello-world', hello.url);
    const health = await measure('Adwise GET /api/health', `${adwise.url}/api/health`);
    console.log(`ratio /api/health ÷ hello-world: ${(health.rps / baseline.rps).toFixed(2)} (req/s)`);
  } finally {
    await Promise.all([adwise.stop(), hello.stop()]);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
