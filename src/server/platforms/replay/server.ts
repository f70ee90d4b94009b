import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { displayUrl, type Har, HarReplay } from './har';

/**
 * A local HTTP server that answers from a HAR recording. A request the recording does not hold
 * is answered 404 with a body naming it, and remembered in `misses` so the caller can fail
 * loudly even when the client turned the 404 into something else.
 */
export interface ReplayServer {
  /** http://127.0.0.1:<port>, no trailing slash. */
  origin: string;
  /** "METHOD URL" of every request the recording did not hold, in order. */
  misses: string[];
  /** "METHOD URL" of every request answered from the recording. */
  served: string[];
  close(): Promise<void>;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

export async function startReplayServer(har: Har): Promise<ReplayServer> {
  const replay = new HarReplay(har);
  const misses: string[] = [];
  const served: string[] = [];
  let origin = '';
  const server: Server = createServer((request, response) => {
    void (async () => {
      const method = request.method ?? 'GET';
      const url = `${origin}${request.url ?? '/'}`;
      const body = await readBody(request);
      const answer = replay.answer(method, url, body === '' ? undefined : body, origin);
      if (!answer) {
        misses.push(`${method} ${displayUrl(url)}`);
        response.writeHead(404, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ replay: 'not recorded', method, url }));
        return;
      }
      served.push(`${method} ${url}`);
      const headers: Record<string, string> = {};
      for (const header of answer.headers) headers[header.name.toLowerCase()] = header.value;
      response.writeHead(answer.status, headers);
      response.end(answer.bytes ?? answer.body);
    })().catch((error: unknown) => {
      response.writeHead(500, { 'content-type': 'text/plain' });
      response.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    misses,
    served,
    close: () => new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
