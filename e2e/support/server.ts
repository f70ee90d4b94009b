import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const ROOT = path.resolve(__dirname, '../..');
/** globalSetup records the running server here; test workers read it. */
const STATE_FILE = path.join(ROOT, 'node_modules/.cache/adwise-e2e/state.json');

export interface E2eState {
  baseUrl: string;
  pid: number;
  dataDir: string;
}

/** Builds the production SPA (skipped when E2E_SKIP_BUILD=1 and a build exists). */
export function buildSpa(): void {
  if (process.env.E2E_SKIP_BUILD === '1' && fs.existsSync(path.join(ROOT, 'dist/index.html'))) return;
  const result = spawnSync(path.join(ROOT, 'node_modules/.bin/webpack'), ['--mode', 'production'], {
    cwd: ROOT,
    env: { ...process.env, NODE_OPTIONS: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`The production build failed:\n${result.stdout}\n${result.stderr}`);
}

/** Starts the real server on a free port with a fresh embedded database; resolves when it is ready. */
export async function startServer(): Promise<{ state: E2eState; child: ChildProcess }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'adwise-e2e-data-'));
  const child = spawn(path.join(ROOT, 'node_modules/.bin/tsx'), ['src/server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_OPTIONS: '',
      NODE_ENV: 'development',
      PORT: '0',
      DATA_DIR: dataDir,
      STATIC_DIR: path.join(ROOT, 'dist'),
      LOG_LEVEL: 'info',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const baseUrl = await new Promise<string>((resolve, reject) => {
    let buffer = '';
    let errors = '';
    const timer = setTimeout(() => reject(new Error(`The server did not start in time.\n${errors}`)), 60_000);
    child.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.stdout!.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(buffer);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.on('exit', (code) => reject(new Error(`The server exited with ${code} before it was ready.\n${errors}`)));
  });
  // Keep draining the pipes so a chatty server never blocks on a full buffer.
  child.stdout!.removeAllListeners('data');
  child.stdout!.resume();
  child.stderr!.resume();
  const state = { baseUrl, pid: child.pid!, dataDir };
  fs.mkdirSync(path.dirname(STATE_FILE), { recursive: true });
  fs.writeFileSync(STATE_FILE, JSON.stringify(state));
  return { state, child };
}

/** The running server's address, for a test file. */
export function readState(): E2eState {
  return JSON.parse(fs.readFileSync(STATE_FILE, 'utf8')) as E2eState;
}

/** Stops the server started by globalSetup (SIGTERM, then waits for it) and removes its data. */
export async function stopServer(): Promise<void> {
  if (!fs.existsSync(STATE_FILE)) return;
  const state = readState();
  try {
    process.kill(state.pid, 'SIGTERM');
  } catch {
    // already gone
  }
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    try {
      process.kill(state.pid, 0);
      await new Promise((resolve) => setTimeout(resolve, 100));
    } catch {
      break;
    }
  }
  fs.rmSync(state.dataDir, { recursive: true, force: true });
  fs.rmSync(STATE_FILE, { force: true });
}
