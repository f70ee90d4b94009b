import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

import { type SpawnedServer, spawnServer } from './test/spawnServer';

describe('graceful shutdown of the real server process', () => {
  let dataDir: string;
  let server: SpawnedServer | undefined;
  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'adwise-main-'));
  });
  afterAll(() => {
    server?.child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('stops taking connections on SIGTERM but finishes the request in flight, then exits 0', async () => {
    server = await spawnServer({
      env: {
        PORT: '0',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'debug',
        NODE_ENV: 'development',
        STATIC_DIR: path.join(dataDir, 'no-spa'),
      },
    });
    const port = Number(new URL(server.url).port);
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
    // This request's own line: in development the demo's first syncs call the in-process sandbox through this server too.
    await server.waitForLog(
      (l) =>
        l.msg === 'incoming request' && (l.req as { url?: string } | undefined)?.url === '/api/analytics/start-trial',
    );

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
        // A reset means the listener accepted, then dropped the connection while closing: not yet refused.
        probe.on('error', (error: NodeJS.ErrnoException) =>
          error.code === 'ECONNREFUSED'
            ? resolve('refused')
            : error.code === 'ECONNRESET'
              ? resolve('connected')
              : reject(error),
        );
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
