/**
 * Memory soak (issue 18): one server (`npm start`'s set-up: NODE_ENV=development, the embedded
 * PGlite database in a temporary folder, the in-process sandbox, job workers, info request logging
 * to a discarded stdout) as its own process, the compiled one `npm run serve` runs. With
 * BENCH_DATABASE_URL set, the server runs on PostgreSQL instead: a scratch database of a unique
 * name on that server, dropped at the end, whatever happened. Once the demo account has its three sandbox platforms
 * connected and backfilled, mixed traffic runs for the whole soak (autocannon at a fixed rate:
 * dashboard summary and campaign page, user-info, account-info, sync state), a manual sync of every
 * connection is asked for every minute, and the server's RSS is read every 10 s: as it is, then
 * right after a full GC (asked through the inspector, so the second figure is what the process
 * retains, not garbage V8 has yet to collect: left alone, V8 lets the heap grow by a few hundred MiB
 * between major collections, a saw-tooth that is no leak). Prints both series and whether each stays
 * within 10% after the warm-up (the first 20% of the run, at most 2 minutes); the verdict is the
 * retained RSS's. The last line is a one-line summary.
 *
 *   npm run bench:soak                  (10 minutes)
 *   npx tsx bench/soak.bench.ts --minutes 2
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:soak -- --minutes 3
 *   BENCH_SOAK_RATE=100 (requests/s) BENCH_SOAK_CONNECTIONS=8
 *   BENCH_SERVER_LOG=/tmp/soak.log (the server's stdout) BENCH_NODE_FLAGS="--trace-gc" (the server's node flags)
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import autocannon from 'autocannon';

import { DEMO_USER } from '../src/server/modules/users/users.service';
import { createScratchDatabase } from '../src/server/test/buildTestApp';
import { TIME_ZONE_HEADER } from '../src/shared/api/auth';
import type { SyncStatus } from '../src/shared/api/dashboard';
import { canPin, collectGarbage, COMPILED_SERVER, pinSelf, rssMiB, startServer } from './process';

function minutesFlag(): number {
  const at = process.argv.indexOf('--minutes');
  const raw =
    at >= 0
      ? process.argv[at + 1]
      : process.argv.find((arg) => arg.startsWith('--minutes='))?.slice('--minutes='.length);
  const minutes = raw === undefined ? 10 : Number(raw);
  if (!(minutes > 0)) throw new Error(`--minutes needs a positive number (got ${raw})`);
  return minutes;
}

const MINUTES = minutesFlag();
const RUN_MS = MINUTES * 60_000;
const WARMUP_MS = Math.min(2 * 60_000, 0.2 * RUN_MS);
const SAMPLE_MS = 10_000;
const SYNC_EVERY_MS = 60_000;
const RATE = Number(process.env.BENCH_SOAK_RATE ?? 100);
const CONNECTIONS = Number(process.env.BENCH_SOAK_CONNECTIONS ?? 8);
const FLAT_WITHIN = 0.1;
/** Longest the demo's first backfill may take before the soak starts anyway. */
const BACKFILL_TIMEOUT_MS = 5 * 60_000;
/** Access tokens last 15 minutes: the soak logs in again well before. */
const RELOGIN_MS = 5 * 60_000;

const METRICS_TOKEN = randomBytes(24).toString('base64url');
/** A PostgreSQL server to soak on (a scratch database is made there); unset: the embedded PGlite. */
const POSTGRES_URL = process.env.BENCH_DATABASE_URL || undefined;
const DATABASE_NAME = POSTGRES_URL ? 'PostgreSQL' : 'PGlite';

/** The V8 heap in use and the memory outside it (ArrayBuffers, Buffers) in MiB, from the server's own Prometheus metrics. */
async function heapMiB(api: string): Promise<{ heap: number; external: number } | undefined> {
  try {
    const res = await fetch(`${api}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    const text = await res.text();
    const metric = (name: string) => Number(new RegExp(`^${name} (\\S+)`, 'm').exec(text)?.[1] ?? NaN) / 2 ** 20;
    return { heap: metric('nodejs_heap_size_used_bytes'), external: metric('nodejs_external_memory_bytes') };
  } catch {
    return undefined;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function main() {
  pinSelf(1);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'adwise-soak-'));
  const scratch = POSTGRES_URL ? await createScratchDatabase(POSTGRES_URL, 'adwise_soak') : undefined;
  let cleaned: Promise<void> | undefined;
  const cleanUp = () =>
    (cleaned ??= (async () => {
      fs.rmSync(dataDir, { recursive: true, force: true });
      // Dropped WITH (FORCE): the server's pool may still hold connections when the run failed.
      await scratch?.drop();
    })());
  // Ctrl-C or a kill skips `finally`: the scratch database still goes.
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => void cleanUp().finally(() => process.exit(1)));
  try {
    await soak(dataDir, scratch?.url);
  } finally {
    await cleanUp();
  }
}

async function soak(dataDir: string, databaseUrl: string | undefined) {
  console.log(
    `soak: ${MINUTES} min of mixed traffic at ${RATE} req/s over ${CONNECTIONS} connections, a sync every ${SYNC_EVERY_MS / 1000} s, RSS every ${SAMPLE_MS / 1000} s; ` +
      `warm-up ${WARMUP_MS / 1000} s; ${DATABASE_NAME} + in-process sandbox${canPin ? '; server on core 0, load on core 1' : ''}; ${os.cpus().length} cores, load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
  );
  const startedAt = performance.now();
  const server = await startServer({
    script: COMPILED_SERVER,
    env: {
      NODE_ENV: 'development',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? '',
      SANDBOX: 'inprocess',
      STATIC_DIR: path.join(dataDir, 'no-spa'),
      // One client address sends everything here.
      RATE_LIMIT_PER_MINUTE: String(1_000_000_000),
      LOG_LEVEL: 'info',
      METRICS_TOKEN,
    },
    readyPath: '/api/health',
    cpu: 0,
    logFile: process.env.BENCH_SERVER_LOG,
    // The inspector lets the soak ask for a full GC before it reads the retained RSS.
    nodeFlags: ['--inspect=127.0.0.1:0', ...(process.env.BENCH_NODE_FLAGS?.split(' ').filter(Boolean) ?? [])],
  });
  const api = `${server.url}/api`;
  let access = '';
  const login = async () => {
    const res = await fetch(`${api}/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: DEMO_USER.email, password: DEMO_USER.password }),
    });
    if (res.status !== 200) throw new Error(`demo login answered ${res.status}: ${await res.text()}`);
    access = ((await res.json()) as { access: string }).access;
  };
  const get = async <T>(url: string): Promise<T> => {
    const res = await fetch(`${api}${url}`, { headers: { authorization: `Bearer ${access}` } });
    if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}: ${await res.text()}`);
    return (await res.json()) as T;
  };

  let traffic: autocannon.Instance | undefined;
  try {
    // The demo is seeded right after start: wait for its connections and their first backfill.
    await login();
    let sync: SyncStatus | undefined;
    for (const deadline = Date.now() + BACKFILL_TIMEOUT_MS; Date.now() < deadline; await sleep(2000)) {
      // Seeding starts once the server listens: until it has started the demo's trial, the sync
      // state answers 403 (a busy machine makes that window seconds long).
      const res = await fetch(`${api}/sync/`, { headers: { authorization: `Bearer ${access}` } });
      if (res.status === 403) {
        await res.arrayBuffer();
        continue;
      }
      if (res.status !== 200) throw new Error(`GET /sync/ answered ${res.status}: ${await res.text()}`);
      sync = (await res.json()) as SyncStatus;
      if (sync.connections.length >= 3 && sync.connections.every((c) => c.backfilled) && !sync.running) break;
    }
    console.log(
      `ready after ${((performance.now() - startedAt) / 1000).toFixed(0)} s: demo account with ${sync?.connections.map((c) => `${c.platform} (${c.backfilled ? 'backfilled' : c.status})`).join(', ')}; RSS ${rssMiB(server.pid)?.toFixed(0)} MiB`,
    );

    const paths = ['/dashboard/', '/dashboard/campaigns/', '/user-info/', '/dashboard/', '/account-info/', '/sync/'];
    let next = 0;
    const served = { requests: 0, non2xx: 0, errors: 0 };
    traffic = autocannon(
      {
        url: server.url,
        connections: CONNECTIONS,
        overallRate: RATE,
        duration: Math.ceil(RUN_MS / 1000) + 30,
        requests: [
          {
            method: 'GET',
            path: '/api/user-info/',
            setupRequest: (request) => ({
              ...request,
              path: `/api${paths[next++ % paths.length]}`,
              headers: { ...request.headers, authorization: `Bearer ${access}`, [TIME_ZONE_HEADER]: 'UTC' },
            }),
          },
        ],
      },
      (error) => {
        if (error) console.error(error);
      },
    );
    traffic.on('response', (_client, statusCode) => {
      served.requests++;
      if (statusCode < 200 || statusCode >= 300) served.non2xx++;
    });
    traffic.on('reqError', () => served.errors++);

    const soakStart = performance.now();
    const samples: { at: number; rss: number; retained: number }[] = [];
    const syncs = { asked: 0, refused: 0 };
    const sample = async () => {
      const rss = rssMiB(server.pid);
      await collectGarbage(server);
      const retained = rssMiB(server.pid);
      if (rss === undefined || retained === undefined) throw new Error('the server is gone');
      samples.push({ at: (performance.now() - soakStart) / 1000, rss, retained });
      const v8 = await heapMiB(api);
      console.log(
        `  t=${String(Math.round(samples.at(-1)!.at)).padStart(4)} s   RSS ${rss.toFixed(1).padStart(6)} MiB   after a full GC ${retained.toFixed(1).padStart(6)} MiB` +
          `${v8 ? ` (V8 heap used ${v8.heap.toFixed(1)}, external ${v8.external.toFixed(1)})` : ''}` +
          `   requests ${served.requests}   non-2xx ${served.non2xx}   syncs asked ${syncs.asked}`,
      );
    };
    await sample();
    for (let tick = 1; tick * SAMPLE_MS <= RUN_MS; tick++) {
      // By the sample clock (t = 0, 60, 120 s …), however long a sample took.
      const elapsed = (tick - 1) * SAMPLE_MS;
      if (elapsed > 0 && elapsed % RELOGIN_MS === 0) await login();
      if (elapsed % SYNC_EVERY_MS === 0) {
        const res = await fetch(`${api}/sync/`, {
          method: 'POST',
          headers: { authorization: `Bearer ${access}`, 'content-type': 'application/json' },
          body: JSON.stringify({ platform: 'all' }),
        });
        await res.arrayBuffer();
        syncs.asked++;
        if (res.status !== 200) syncs.refused++;
      }
      await sleep(Math.max(0, soakStart + tick * SAMPLE_MS - performance.now()));
      await sample();
    }
    traffic.stop();
    const finalSync = await get<SyncStatus>('/sync/');

    const steady = samples.filter((s) => s.at * 1000 >= WARMUP_MS);
    const judge = (series: number[]) => {
      const low = Math.min(...series);
      const high = Math.max(...series);
      const n = series.length;
      const times = steady.map((s) => s.at);
      const meanT = times.reduce((a, t) => a + t, 0) / n;
      const meanR = series.reduce((a, r) => a + r, 0) / n;
      const slope =
        times.reduce((a, t, i) => a + (t - meanT) * (series[i]! - meanR), 0) /
          times.reduce((a, t) => a + (t - meanT) ** 2, 0) || 0;
      const spread = (high - low) / low;
      return {
        low,
        high,
        spread,
        perMinute: slope * 60,
        flat: spread <= FLAT_WITHIN,
        first: series[0]!,
        last: series.at(-1)!,
      };
    };
    const describe = (j: ReturnType<typeof judge>) =>
      `${j.low.toFixed(0)}–${j.high.toFixed(0)} MiB, spread ${(j.spread * 100).toFixed(1)}% of min, first ${j.first.toFixed(0)} → last ${j.last.toFixed(0)} MiB, trend ${j.perMinute.toFixed(2)} MiB/min`;
    const raw = judge(steady.map((s) => s.rss));
    const retained = judge(steady.map((s) => s.retained));
    console.log(
      `\nRSS series (MiB, every ${SAMPLE_MS / 1000} s):                 ${samples.map((s) => s.rss.toFixed(0)).join(' ')}`,
    );
    console.log(
      `RSS right after a full GC (MiB, every ${SAMPLE_MS / 1000} s): ${samples.map((s) => s.retained.toFixed(0)).join(' ')}`,
    );
    console.log(`after the ${WARMUP_MS / 1000} s warm-up (${steady.length} samples):`);
    console.log(
      `  RSS as sampled:       ${describe(raw)}: ${raw.flat ? 'flat' : 'NOT flat'} within ${FLAT_WITHIN * 100}%`,
    );
    console.log(
      `  RSS after a full GC:  ${describe(retained)}: ${retained.flat ? 'flat' : 'NOT flat'} within ${FLAT_WITHIN * 100}%`,
    );
    console.log(
      `traffic: ${served.requests} requests (${(served.requests / (RUN_MS / 1000)).toFixed(0)}/s of ${RATE}/s asked), ${served.non2xx} non-2xx, ${served.errors} errors; ` +
        `syncs asked ${syncs.asked} (${syncs.refused} refused); last synced ${finalSync.last_synced_at ?? 'never'}, ${finalSync.connections.filter((c) => c.last_error).length} connections with an error`,
    );
    console.log(
      `soak ${MINUTES} min: retained RSS ${retained.flat ? 'FLAT' : 'NOT FLAT'} within ${FLAT_WITHIN * 100}% after warm-up (${retained.low.toFixed(0)}–${retained.high.toFixed(0)} MiB, ${retained.perMinute.toFixed(2)} MiB/min; ` +
        `as sampled ${raw.low.toFixed(0)}–${raw.high.toFixed(0)} MiB, ${raw.flat ? 'flat' : 'not flat'}) on ${DATABASE_NAME}, ${served.requests} requests, ${served.non2xx + served.errors} failed, ${syncs.asked} syncs`,
    );
  } finally {
    traffic?.stop();
    await server.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
