import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';

import pidusage from 'pidusage';

import { buildServer, canPin, COMPILED_SERVER, nodeCommand, ROOT } from '../src/server/test/spawnServer';

export { COMPILED_SERVER };

/** Whether this bench process has compiled the server yet: each run measures the source as it is now. */
let compiled = false;

/** A server the bench started as its own process (see nodeCommand). */
export interface BenchServer {
  child: ChildProcess;
  pid: number;
  url: string;
  /** The DevTools WebSocket address, when started with --inspect. */
  inspectorUrl(): string | undefined;
  /** SIGTERM, then waits for the exit. */
  stop(): Promise<number | null>;
}

export { canPin };

/** Pins this process (the load generator) to `cpu`, where taskset exists. */
export function pinSelf(cpu: number): void {
  if (canPin) spawnSync('taskset', ['-cp', String(cpu), String(process.pid)], { stdio: 'ignore' });
}

/** A TCP port nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts `script` with its stdout (the request log) going to `logFile`, or nowhere: the load
 * generator never parses it. Resolves once `readyPath` answers 200.
 */
export async function startServer(options: {
  script: string;
  env: NodeJS.ProcessEnv;
  readyPath: string;
  cpu?: number;
  logFile?: string;
  startTimeoutMs?: number;
  /** Extra node flags, e.g. --cpu-prof. */
  nodeFlags?: string[];
  /** How often `readyPath` is asked while the server starts (default 200 ms; the start-up bench asks more often). */
  pollMs?: number;
}): Promise<BenchServer> {
  const { script, env, readyPath, cpu, logFile, startTimeoutMs = 120_000, nodeFlags = [], pollMs = 200 } = options;
  if (script === COMPILED_SERVER && !compiled) {
    buildServer();
    compiled = true;
  }
  const port = await freePort();
  const { file, args } = nodeCommand(script, { cpu, nodeFlags });
  const stdout = logFile ? fs.openSync(logFile, 'a') : 'ignore';
  const child = spawn(file, args, {
    cwd: ROOT,
    env: { ...process.env, NODE_OPTIONS: '', ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', stdout, 'pipe'],
  });
  if (typeof stdout === 'number') fs.closeSync(stdout);
  let errors = '';
  let inspector: string | undefined;
  child.stderr!.on('data', (chunk: Buffer) => {
    errors = (errors + chunk.toString()).slice(-4000);
    inspector ??= /Debugger listening on (ws:\/\/\S+)/.exec(errors)?.[1];
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  let gone = false;
  void exited.then(() => (gone = true));

  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + startTimeoutMs;
  for (;;) {
    if (gone) throw new Error(`${script} exited before it was ready.\n${errors}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${script} did not answer ${readyPath} in time.\n${errors}`);
    }
    try {
      const res = await fetch(`${url}${readyPath}`);
      await res.arrayBuffer();
      if (res.status === 200) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
  return {
    child,
    pid: child.pid!,
    url,
    inspectorUrl: () => inspector,
    stop: () => {
      if (!gone) child.kill('SIGTERM');
      return exited;
    },
  };
}

/**
 * Runs a full, compacting garbage collection in a server started with --inspect=127.0.0.1:0,
 * through the DevTools protocol (HeapProfiler.collectGarbage), so memory read next is what the
 * process retains rather than garbage V8 has not yet collected.
 */
export async function collectGarbage(server: BenchServer): Promise<void> {
  const url = server.inspectorUrl();
  if (!url) throw new Error('the server was not started with --inspect');
  const socket = new WebSocket(url);
  await new Promise<void>((resolve, reject) => {
    socket.addEventListener('open', () => resolve(), { once: true });
    socket.addEventListener('error', () => reject(new Error('cannot reach the inspector')), { once: true });
  });
  try {
    await new Promise<void>((resolve, reject) => {
      socket.addEventListener('message', (event) => {
        const reply = JSON.parse(String(event.data)) as { id?: number; error?: { message: string } };
        if (reply.id !== 1) return;
        if (reply.error) reject(new Error(reply.error.message));
        else resolve();
      });
      socket.send(JSON.stringify({ id: 1, method: 'HeapProfiler.collectGarbage' }));
    });
  } finally {
    socket.close();
  }
}

/** Resident set size of a process in MiB (Linux /proc), or undefined when it cannot be read. */
export function rssMiB(pid: number): number | undefined {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
    return match ? Number(match[1]) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** CPU time (user + system, in ms) the processes `pids` have used since they started, summed (pidusage). */
export async function cpuMs(pids: number[]): Promise<number> {
  if (pids.length === 0) return 0;
  const stats = await pidusage(pids);
  return Object.values(stats).reduce((sum, stat) => sum + stat.ctime, 0);
}

/** Stops pidusage's history sweep so the bench can exit. */
export const stopCpuSampling = (): void => pidusage.clear();
