import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

import { buildServer, COMPILED_SERVER, ROOT, spawnServer } from '../../src/server/test/spawnServer';
/** globalSetup records the running server here; test workers read it. */
const STATE_FILE = path.join(ROOT, 'node_modules/.cache/adwise-e2e/state.json');

export interface E2eState {
  baseUrl: string;
  pid: number;
  dataDir: string;
}

/**
 * Builds what production runs: the SPA and the compiled server (skipped when E2E_SKIP_BUILD=1 and
 * both exist). The browser tests run against the compiled server, as `npm run serve` does.
 */
export function buildForE2e(): void {
  if (
    process.env.E2E_SKIP_BUILD === '1' &&
    fs.existsSync(path.join(ROOT, 'dist/index.html')) &&
    fs.existsSync(path.join(ROOT, COMPILED_SERVER))
  )
    return;
  buildServer();
  const result = spawnSync(path.join(ROOT, 'node_modules/.bin/webpack'), ['--mode', 'production'], {
    cwd: ROOT,
    env: { ...process.env, NODE_OPTIONS: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`The production build failed:\n${result.stdout}\n${result.stderr}`);
}

/** A server of its own for a test file that moves the clock (time travel), so no other file is disturbed. */
export interface OwnServer extends E2eState {
  stop(): Promise<void>;
}

/**
 * Starts the real server (development mode: demo account, in-process sandbox) on a free port
 * with a fresh embedded database; resolves when it is ready. `env` adds to or overrides its
 * environment (a sandbox seed, say).
 */
export async function launchServer(env: Record<string, string> = {}): Promise<OwnServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'adwise-e2e-data-'));
  // OAuth redirect URIs and the in-process sandbox are built from PUBLIC_URL, so the port is
  // picked up front instead of letting the server choose one.
  const port = await freePort();
  const server = await spawnServer({
    script: COMPILED_SERVER,
    env: {
      NODE_ENV: 'development',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      STATIC_DIR: path.join(ROOT, 'dist'),
      LOG_LEVEL: 'info',
      DATABASE_URL: '',
      // Every browser test is a different user, but all of them come from 127.0.0.1: the suite peaks
      // at about 400 requests a minute on a busy 2-core machine and, on one twice as fast, past the
      // per-address budget one office gets (600), so a page's reads failed with 429 mid-test.
      // Signed-in requests are now counted per user, but sign-up, sign-in and the public pages
      // are still counted per address. The routes' own budgets (failed logins and the like,
      // which tests check) are kept.
      RATE_LIMIT_PER_MINUTE: '100000',
      ...env,
    },
    // It runs for the whole file or suite: drain its output without keeping it.
    record: false,
  });
  return {
    baseUrl: server.url,
    pid: server.child.pid!,
    dataDir,
    stop: () => stopProcess(server.child.pid!, dataDir),
  };
}

/** Starts the suite's shared server and records it for the test workers. */
export async function startServer(): Promise<E2eState> {
  const { stop: _stop, ...state } = await launchServer();
  fs.mkdirSync(path.dirname(STATE_FILE), { recursive: true });
  fs.writeFileSync(STATE_FILE, JSON.stringify(state));
  return state;
}

/** A port nothing listens on right now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** The running server's address, for a test file. */
export function readState(): E2eState {
  return JSON.parse(fs.readFileSync(STATE_FILE, 'utf8')) as E2eState;
}

/** Stops the server started by globalSetup (SIGTERM, then waits for it) and removes its data. */
export async function stopServer(): Promise<void> {
  if (!fs.existsSync(STATE_FILE)) return;
  const state = readState();
  await stopProcess(state.pid, state.dataDir);
  fs.rmSync(STATE_FILE, { force: true });
}

/** SIGTERM, then waits up to 15 s for the process to end; removes its data directory. */
async function stopProcess(pid: number, dataDir: string): Promise<void> {
  try {
    process.kill(pid, 'SIGTERM');
  } catch {
    // already gone
  }
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    try {
      process.kill(pid, 0);
      await new Promise((resolve) => setTimeout(resolve, 100));
    } catch {
      break;
    }
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
}
