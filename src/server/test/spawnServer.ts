import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import path from 'node:path';

/** The repository root, where the server's scripts run from. */
export const ROOT = path.resolve(__dirname, '../../..');

/** The compiled API server `npm run build:server` writes and `npm run serve` runs. */
export const COMPILED_SERVER = 'build/server/main.cjs';

/** Compiles the API server (scripts/buildServer.mjs, well under a second); throws with esbuild's words when it fails. */
export function buildServer(): void {
  const result = spawnSync(process.execPath, [path.join(ROOT, 'scripts/buildServer.mjs')], {
    cwd: ROOT,
    env: { ...process.env, NODE_OPTIONS: '' },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`The server build failed:\n${result.stdout}\n${result.stderr}`);
}

/** One line the server printed: its pino JSON, or `{ msg }` for a plain line. */
export type LogLine = Record<string, unknown> & { msg?: string };

export interface SpawnedServer {
  child: ChildProcess;
  /** http://127.0.0.1:<port> the server said it listens on. */
  url: string;
  /** Resolves with the first line (already printed, when recorded, or still to come) that passes `test`. */
  waitForLog(test: (line: LogLine) => boolean): Promise<LogLine>;
  /** Resolves with the exit code once the process ends. */
  exited: Promise<number | null>;
  /** SIGTERM, then waits for the exit. */
  stop(): Promise<number | null>;
}

export interface SpawnOptions {
  /** The entry to run: TypeScript runs with tsx's loader, compiled JavaScript (.cjs, .js) with Node alone (default: the API server's source). */
  script?: string;
  /** Added to this process's environment (NODE_OPTIONS is cleared: jest's flags are not the server's). */
  env?: NodeJS.ProcessEnv;
  /** Keep every line for later waitForLog calls (default true; a load test turns it off). */
  record?: boolean;
  /** Pin the process to this CPU core with taskset, where taskset exists. */
  cpu?: number;
  /** How long to wait for the listening line. */
  startTimeoutMs?: number;
}

const LISTENING = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/;

/** Whether `taskset` can pin processes to cores here. */
export const canPin = spawnSync('taskset', ['--version']).status === 0;

/**
 * The Node flags `npm run serve` starts the compiled server with (package.json's `serve` script
 * spells them out; spawnServer.test.ts keeps the two the same). A young generation of 4 MiB
 * semi-spaces instead of V8's 16: the server's requests make short-lived garbage that a small
 * nursery collects as well, and the 3-minute PGlite soak held 453–459 MiB as sampled instead of
 * 515–522 (433–435 after a full GC instead of 442–443) at the same 100 requests/s
 * (docs/operations.md, "The young generation"). `SERVE_NODE_FLAGS=` in the environment runs the
 * test and bench servers without them, to compare.
 */
export const SERVE_NODE_FLAGS = ['--max-semi-space-size=4'];

/** The flags a compiled test or bench server runs with: `SERVE_NODE_FLAGS`, unless the environment's replaces them. */
function serveNodeFlags(): string[] {
  const chosen = process.env.SERVE_NODE_FLAGS;
  return chosen === undefined ? SERVE_NODE_FLAGS : chosen.split(' ').filter(Boolean);
}

/**
 * The command that runs a server script: Node itself (with tsx's loader for TypeScript), pinned to `cpu` where
 * taskset exists. Not tsx's own command: that one runs the script in a second process and SIGKILLs
 * it when it does not confirm a relayed signal within 30 ms, as happens under load, which cut off
 * the very requests a graceful shutdown is meant to finish. One process also makes the child's pid
 * the server's own (for RSS).
 */
export function nodeCommand(
  script: string,
  options: { cpu?: number; nodeFlags?: string[] } = {},
): { file: string; args: string[] } {
  const compiled = /\.c?js$/.test(script);
  const nodeArgs = [
    ...(options.nodeFlags ?? []),
    // The compiled server runs as `npm run serve` runs it: with its flags, and without
    // --enable-source-maps, whose parsed map holds about 34 MiB of heap (docs/operations.md, "The source map").
    ...(compiled ? serveNodeFlags() : ['--import', 'tsx']),
    script,
  ];
  return options.cpu !== undefined && canPin
    ? { file: 'taskset', args: ['-c', String(options.cpu), process.execPath, ...nodeArgs] }
    : { file: process.execPath, args: nodeArgs };
}

/**
 * Runs a server script as its own process (the real start-up path, with signals and exit codes)
 * and resolves once it prints Fastify's "Server listening at" line.
 */
export function spawnServer(options: SpawnOptions = {}): Promise<SpawnedServer> {
  const { script = 'src/server/main.ts', env = {}, record = true, cpu, startTimeoutMs = 60_000 } = options;
  const { file, args } = nodeCommand(script, { cpu });
  const child = spawn(file, args, {
    cwd: ROOT,
    env: { ...process.env, NODE_OPTIONS: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });

  const lines: LogLine[] = [];
  const waiters: { test: (line: LogLine) => boolean; resolve: (line: LogLine) => void }[] = [];
  let buffer = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    buffer += chunk.toString();
    let newline;
    while ((newline = buffer.indexOf('\n')) >= 0) {
      const text = buffer.slice(0, newline);
      buffer = buffer.slice(newline + 1);
      let line: LogLine;
      try {
        line = JSON.parse(text) as LogLine;
      } catch {
        line = { msg: text };
      }
      if (record) lines.push(line);
      for (const waiter of [...waiters]) {
        if (waiter.test(line)) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve(line);
        }
      }
    }
  });
  let errors = '';
  child.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString()));

  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const waitForLog = (test: (line: LogLine) => boolean) =>
    new Promise<LogLine>((resolve) => {
      const seen = lines.find(test);
      if (seen) resolve(seen);
      else waiters.push({ test, resolve });
    });

  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${script} did not start in time.\n${errors}`));
    }, startTimeoutMs);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`${script} exited with ${code} before it was ready.\n${errors}`));
    });
    void waitForLog((line) => LISTENING.test(line.msg ?? '')).then((line) => {
      clearTimeout(timer);
      resolve({
        child,
        url: LISTENING.exec(line.msg!)![1],
        waitForLog,
        exited,
        stop: () => {
          child.kill('SIGTERM');
          return exited;
        },
      });
    });
  });
}
