/**
 * GET /api/user-info/ under load (issue 18), against a bare Fastify hello-world in the same run.
 * For each database (PostgreSQL when reachable, then the embedded PGlite) 200 users are registered
 * through the API (each with its day's visit counted, the common case), then the production server
 * (NODE_ENV=production, info request logging to a discarded stdout) is started as its own process on
 * that database and autocannon loads, one after the other:
 *   - the hello-world,
 *   - user-info/ for one user,
 *   - user-info/ across the 200 users (each request takes the next user's token).
 * Prints requests/s, p50/p99, errors and the ratio to the hello-world, and whether PostgreSQL meets
 * its targets (≥ 0.5× hello-world and p99 < 20 ms). Servers run on core 0, autocannon on core 1
 * (PostgreSQL's backends are not pinned). On a shared 2-core machine the figures move by ±30%
 * between runs; the ratio, taken in the same minute, moves less.
 *
 * Each run also prints where a request's CPU goes: the server's, the PostgreSQL backends' (those
 * connected to the bench's database, by pg_stat_activity) and the load generator's, per request,
 * and the rate the machine's cores would allow if they did nothing else. That bounds the ratio
 * whatever the server does: one indexed read costs PostgreSQL and the load generator more CPU per
 * request (about 54 + 45 µs measured) than a whole hello-world request costs both sides (about
 * 17 + 15 µs), so on 2 cores user-info/ stays under 0.35× hello-world even at no server cost.
 *
 * What bounds the embedded database: PGlite is PostgreSQL compiled to WebAssembly inside the
 * server's own process, one connection, on the event-loop thread. Every query of every request is
 * parsed, planned and run there, one at a time, between Fastify's own work, and its results are
 * copied out through PGlite's JavaScript glue; a V8 CPU profile of this bench (BENCH_PROFILE_DIR)
 * puts about a third of the server's time in PGlite (JS glue and WASM) against a few per cent in
 * the pg driver on PostgreSQL, whose backends run the same SQL in other processes, beside Node.
 * One server core is the ceiling: on PGlite user-info/ stays near 1,000 requests/s whatever the
 * concurrency, and extra connections only add queueing (p50/p99).
 *
 *   npm run bench:api
 *   BENCH_SECONDS=10 BENCH_WARMUP_SECONDS=3 BENCH_CONNECTIONS=32 BENCH_USERS=200
 *   BENCH_DATABASE_URL=postgres://… BENCH_ONLY=postgres|pglite BENCH_PROFILE_DIR=/tmp/prof (a .cpuprofile per server)
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import autocannon from 'autocannon';
import pg from 'pg';

import { buildApp } from '../src/server/app';
import { testConfig } from '../src/server/test/buildTestApp';
import { signUp } from '../src/server/test/factories';
import { TIME_ZONE_HEADER } from '../src/shared/api/auth';
import { type BenchServer, canPin, COMPILED_SERVER, cpuMs, pinSelf, startServer, stopCpuSampling } from './process';
import { createScratchDatabase, postgresUnreachable } from './support';

const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ONLY = process.env.BENCH_ONLY;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const USERS = Number(process.env.BENCH_USERS ?? 200);
/** Where the Adwise server writes a V8 CPU profile per database (--cpu-prof), when set. */
const PROFILE_DIR = process.env.BENCH_PROFILE_DIR;
const TARGET_RATIO = 0.5;
const TARGET_P99_MS = 20;
const APP_SECRET = randomBytes(48).toString('base64url');
const ENCRYPTION_KEY = randomBytes(32);
const USER_INFO = '/api/user-info/';

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** CPU time per request, in µs: the server's, PostgreSQL's backends' and the load generator's. */
  cpu: { server: number; database: number; load: number };
}

/** The processes whose CPU a run is charged: the server under load and, on PostgreSQL, its backends. */
interface Charged {
  server: BenchServer;
  /** The PostgreSQL backends serving the server's pool, read once its connections are open (after the warm-up). */
  databasePids?: () => Promise<number[]>;
}

type Load = Pick<autocannon.Options, 'url' | 'headers' | 'requests'>;

const run = (target: Load, seconds: number) =>
  autocannon({ ...target, connections: CONNECTIONS, duration: seconds, pipelining: 1 });

/** A warm-up, then the measured run, with the CPU each side spent on it. */
async function measure(target: Load, charged: Charged): Promise<Figures> {
  await run(target, WARMUP_SECONDS);
  const databasePids = (await charged.databasePids?.()) ?? [];
  const before = {
    server: await cpuMs([charged.server.pid]),
    database: await cpuMs(databasePids),
    load: process.cpuUsage(),
  };
  const result = await run(target, SECONDS);
  const load = process.cpuUsage(before.load);
  const perRequest = (ms: number) => Math.round((ms * 1000) / Math.max(1, result.requests.total));
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    cpu: {
      server: perRequest((await cpuMs([charged.server.pid])) - before.server),
      database: perRequest((await cpuMs(databasePids)) - before.database),
      load: perRequest((load.user + load.system) / 1000),
    },
  };
}

/** The PostgreSQL backends connected to `databaseUrl`'s database (pg_stat_activity), this query's own excluded. */
async function backendPids(databaseUrl: string): Promise<number[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    return rows.map((row) => row.pid);
  } finally {
    await client.end();
  }
}

/** Registers `count` users on the database (through the API, in-process), counts each one's visit for today, and returns their access tokens. */
async function prepareUsers(databaseUrl: string | undefined, pgliteDataDir: string, count: number): Promise<string[]> {
  const config = testConfig({
    databaseUrl,
    pgliteDataDir,
    appSecret: APP_SECRET,
    encryptionKey: ENCRYPTION_KEY,
    logLevel: 'silent',
    workers: false,
  });
  const app = await buildApp(config, { workers: false, schedules: false, mailTransport: null });
  await app.ready();
  try {
    const tokens: string[] = [];
    const queue = Array.from({ length: count }, (_, i) => i);
    // argon2 runs on libuv's threads: a few registrations at a time.
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        while (queue.shift() !== undefined) {
          const user = await signUp(app, { timeZone: 'UTC' });
          const info = await app.inject({
            method: 'GET',
            url: USER_INFO,
            headers: { ...user.auth, [TIME_ZONE_HEADER]: 'UTC' },
          });
          if (info.statusCode !== 200) throw new Error(`user-info answered ${info.statusCode}: ${info.body}`);
          tokens.push(user.session.access);
        }
      }),
    );
    return tokens;
  } finally {
    await app.close();
  }
}

const line = (label: string, f: Figures, baseline?: Figures) =>
  `${label.padEnd(40)} ${String(f.rps).padStart(7)} req/s   p50 ${String(f.p50).padStart(3)} ms   p99 ${String(f.p99).padStart(4)} ms   errors ${String(f.errors).padStart(3)}` +
  (baseline ? `   ${(f.rps / baseline.rps).toFixed(2)}× hello-world` : '');

/**
 * Where a request's CPU goes, and the rate the machine's cores could reach if they did nothing
 * else: with every core busy, requests/s cannot exceed cores ÷ CPU per request.
 */
const cpuLine = (label: string, f: Figures) => {
  const total = f.cpu.server + f.cpu.database + f.cpu.load;
  return (
    `${label.padEnd(40)} CPU per request: server ${f.cpu.server} µs, PostgreSQL ${f.cpu.database} µs, load generator ${f.cpu.load} µs;` +
    ` ${os.cpus().length} cores allow at most ${Math.round((os.cpus().length * 1e6) / Math.max(1, total))} req/s`
  );
};

async function benchOne(kind: 'postgres' | 'pglite', hello: BenchServer): Promise<string[]> {
  const scratch = kind === 'postgres' ? await createScratchDatabase(PG_URL, 'adwise_bench') : undefined;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'adwise-api-bench-'));
  let server: BenchServer | undefined;
  try {
    const started = performance.now();
    const tokens = await prepareUsers(scratch?.url, path.join(dataDir, 'pglite'), USERS);
    console.log(
      `${kind}: ${tokens.length} users registered, their visits counted, in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    server = await startServer({
      script: COMPILED_SERVER,
      env: {
        NODE_ENV: 'production',
        DATA_DIR: dataDir,
        DATABASE_URL: scratch?.url ?? '',
        STATIC_DIR: path.join(dataDir, 'no-spa'),
        APP_SECRET,
        ENCRYPTION_KEY: ENCRYPTION_KEY.toString('base64'),
        // One client address sends everything here; in production each user has their own budget.
        RATE_LIMIT_PER_MINUTE: String(1_000_000_000),
        LOG_LEVEL: 'info',
      },
      readyPath: '/api/health',
      cpu: 0,
      nodeFlags: PROFILE_DIR ? ['--cpu-prof', '--cpu-prof-dir', path.join(PROFILE_DIR, kind)] : [],
    });

    const baseline = await measure({ url: hello.url }, { server: hello });
    const charged: Charged = { server, databasePids: scratch ? () => backendPids(scratch.url) : undefined };
    const oneHeaders = { authorization: `Bearer ${tokens[0]}`, [TIME_ZONE_HEADER]: 'UTC' };
    const one = await measure({ url: `${server.url}${USER_INFO}`, headers: oneHeaders }, charged);
    let next = 0;
    const many = await measure(
      {
        url: server.url,
        requests: [
          {
            method: 'GET',
            path: USER_INFO,
            setupRequest: (request) => {
              const token = tokens[next++ % tokens.length];
              return {
                ...request,
                headers: { ...request.headers, authorization: `Bearer ${token}`, [TIME_ZONE_HEADER]: 'UTC' },
              };
            },
          },
        ],
      },
      charged,
    );

    const runs: [label: string, figures: Figures][] = [
      [`${kind.padEnd(9)} bare Fastify hello-world`, baseline],
      [`${kind.padEnd(9)} GET user-info/, one user`, one],
      [`${kind.padEnd(9)} GET user-info/, ${tokens.length} users`, many],
    ];
    const lines = [
      ...runs.map(([label, figures]) => line(label, figures, figures === baseline ? undefined : baseline)),
      ...runs.map(([label, figures]) => cpuLine(label, figures)),
    ];
    if (kind === 'postgres') {
      for (const [label, f] of [
        ['one user', one],
        [`${tokens.length} users`, many],
      ] as const) {
        const ratio = f.rps / baseline.rps;
        const met = ratio >= TARGET_RATIO && f.p99 < TARGET_P99_MS && f.errors === 0;
        lines.push(
          `${kind.padEnd(9)} target (≥ ${TARGET_RATIO}× hello-world, p99 < ${TARGET_P99_MS} ms, no errors), ${label}: ${met ? 'MET' : 'NOT MET'} (${ratio.toFixed(2)}×, p99 ${f.p99} ms, ${f.errors} errors)`,
        );
      }
    } else {
      lines.push(
        `${kind.padEnd(9)} no fixed target on the embedded database: one in-process PGlite connection runs every query on the server's own thread (see the notes atop bench/api.bench.ts)`,
      );
    }
    for (const text of lines) console.log(text);
    return lines;
  } finally {
    await server?.stop();
    await scratch?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  // Servers on core 0, the load generator (this process) on core 1.
  pinSelf(1);
  console.log(
    `api bench: autocannon ${CONNECTIONS} connections, ${SECONDS} s after a ${WARMUP_SECONDS} s warm-up each, no pipelining` +
      `${canPin ? ', servers on core 0, load on core 1' : ''}; ${os.cpus().length} cores, load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
  );
  const hello = await startServer({ script: 'bench/hello.server.ts', env: {}, readyPath: '/', cpu: 0 });
  const summary: string[] = [];
  try {
    if (ONLY !== 'pglite') {
      const problem = await postgresUnreachable(PG_URL);
      if (problem) {
        const note = `postgres  skipped: ${PG_URL.replace(/\/\/[^@]*@/, '//…@')} is unreachable (${problem})`;
        console.log(note);
        summary.push(note);
      } else summary.push(...(await benchOne('postgres', hello)));
    }
    if (ONLY !== 'postgres') summary.push(...(await benchOne('pglite', hello)));
  } finally {
    await hello.stop();
    stopCpuSampling();
  }
  console.log('\nsummary');
  for (const text of summary) console.log(text);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
