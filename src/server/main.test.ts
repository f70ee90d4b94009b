import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');

/** Starts the real server process and reads its JSON log lines. */
function startServer(dataDir: string) {
  const child = spawn(path.join(ROOT, 'node_modules/.bin/tsx'), ['src/server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, NODE_OPTIONS: '', PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'debug', NODE_ENV: 'development', STATIC_DIR: path.join(dataDir, 'no-spa') },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: Record<string, unknown>[] = [];
  const waiters: { test: (l: Record<string, unknown>) => boolean; resolve: (l: Record<string, unknown>) => void }[] = [];
  let buffer = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    buffer += chunk.toString();
    let newline;
    while ((newline = buffer.indexOf('\n')) >= 0) {
      const text = buffer.slice(0, newline);
      buffer = buffer.slice(newline + 1);
      try {
        const line = JSON.parse(text) as Record<string, unknown>;
        lines.push(line);
        for (const w of [...waiters]) if (w.test(line)) waiters.splice(waiters.indexOf(w), 1) && w.resolve(line);
      } catch {
        // not a log line
      }
    }
  });
  const waitForLog = (test: (l: Record<string, unknown>) => boolean) =>
    new Promise<Record<string, unknown>>((resolve) => {
      const seen = lines.find(test);
      if (seen) resolve(seen);
      else waiters.push({ test, resolve });
    });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, lines, waitForLog, exited };
}

describe('graceful shutdown of the real server process', () => {
  let dataDir: string;
  let server: ReturnType<typeof startServer> | undefined;
  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'adwise-main-'));
  });
  afterAll(() => {
    (server?.child as ChildProcess | undefined)?.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('stops taking connections on SIGTERM but finishes the request in flight, then exits 0', async () => {
    server = startServer(dataDir);
    const listening = await server.waitForLog((l) => typeof l.msg === 'string' && l.msg.startsWith('Server listening at http://127.0.0.1:'));
    const port = Number(new URL(String(listening.msg).replace('Server listening at ', '')).port);
    await server.waitForLog((l) => typeof l.msg === 'string' && l.msg.startsWith('Adwise is running at'));

    // Send the headers and half the body of a request, so it is in flight when the signal comes.
    const body = JSON.stringify({ ts: 1_763_700_000_000 });
    const socket = net.connect(port, '127.0.0.1');
    let response = '';
    socket.on('data', (chunk) => (response += chunk.toString()));
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    socket.write(
      `POST /api/analytics/start-trial HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body.slice(0, 5)}`,
    );
    await server.waitForLog((l) => l.msg === 'incoming request');

    server.child.kill('SIGTERM');
    await server.waitForLog((l) => typeof l.msg === 'string' && l.msg.startsWith('shutting down'));

    // The listener closes right after the signal (asynchronously); from then on new connections
    // are refused while the old request is still open.
    const tryConnect = () =>
      new Promise<'connected' | 'refused'>((resolve, reject) => {
        const probe = net.connect(port, '127.0.0.1', () => {
          probe.destroy();
          resolve('connected');
        });
        probe.on('error', (error: NodeJS.ErrnoException) => (error.code === 'ECONNREFUSED' ? resolve('refused') : reject(error)));
      });
    let outcome = await tryConnect();
    for (let attempt = 0; outcome === 'connected' && attempt < 100; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      outcome = await tryConnect();
    }
    expect(outcome).toBe('refused');

    socket.write(body.slice(5));
    await closed;
    expect(response).toMatch(/^HTTP\/1\.1 204 /);
    expect(await server.exited).toBe(0);
  });
});
