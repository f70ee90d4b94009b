/**
 * Starts the production server (NODE_ENV=production, embedded database, info logging to a
 * discarded stdout) and a bare Fastify hello-world, loads each with autocannon on loopback, and
 * prints requests/s and latency for both and the ratio. Figures, not a test: nothing asserts on them.
 *
 *   npm run bench            (BENCH_SECONDS=20 BENCH_CONNECTIONS=50 to change the load)
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

const ROOT = path.resolve(__dirname, '..');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = 3;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const hasTaskset = spawnSync('taskset', ['--version']).status === 0;

/** Runs a server pinned to core 0 (when taskset exists) and resolves with its base URL. */
function start(args: string[], env: NodeJS.ProcessEnv, ready: RegExp): Promise<{ url: string; child: ChildProcess }> {
  const tsx = path.join(ROOT, 'node_modules/.bin/tsx');
  const [command, argv] = hasTaskset ? ['taskset', ['-c', '0', tsx, ...args]] : [tsx, args];
  const child = spawn(command, argv, { cwd: ROOT, env: { ...process.env, NODE_OPTIONS: '', ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let buffer = '';
    const onData = (chunk: Buffer) => {
      buffer += chunk.toString();
      const match = ready.exec(buffer);
      if (match) {
        child.stdout!.off('data', onData);
        child.stdout!.resume();
        resolve({ url: match[1], child });
      }
    };
    child.stdout!.on('data', onData);
    child.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
}

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
  console.log(`${name.padEnd(28)} ${String(figures.rps).padStart(8)} req/s   p50 ${figures.p50} ms   p99 ${figures.p99} ms   errors ${figures.errors}`);
  return figures;
}

async function main() {
  if (hasTaskset) spawnSync('taskset', ['-cp', '1', String(process.pid)], { stdio: 'ignore' });
  if (!fs.existsSync(path.join(ROOT, 'dist/index.html'))) {
    console.log('building the SPA first (npm run build)…');
    spawnSync(path.join(ROOT, 'node_modules/.bin/webpack'), ['--mode', 'production'], { cwd: ROOT, stdio: 'inherit' });
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'adwise-bench-'));
  const adwise = await start(
    ['src/server/main.ts'],
    {
      NODE_ENV: 'production',
      PORT: '0',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      APP_SECRET: randomBytes(48).toString('base64url'),
      ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    },
    /Server listening at (http:\/\/127\.0\.0\.1:\d+)/,
  );
  const hello = await start(['bench/hello.server.ts'], { PORT: '0' }, /listening (http:\/\/127\.0\.0\.1:\d+)/);
  try {
    console.log(`autocannon: ${CONNECTIONS} connections, ${SECONDS} s after a ${WARMUP_SECONDS} s warm-up, no pipelining${hasTaskset ? ', servers on core 0, load on core 1' : ''}`);
    const baseline = await measure('bare Fastify hello-world', hello.url);
    const health = await measure('Adwise GET /api/health', `${adwise.url}/api/health`);
    console.log(`ratio /api/health ÷ hello-world: ${(health.rps / baseline.rps).toFixed(2)} (req/s)`);
  } finally {
    adwise.child.kill('SIGTERM');
    hello.child.kill('SIGTERM');
    await new Promise((resolve) => adwise.child.on('exit', resolve));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
