import net from 'node:net';

import type { BuildOptions } from '../app';
import type { AppConfig } from '../config';
import { buildTestApp, type TestApp } from './buildTestApp';

/** A port nothing listens on right now. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * The real app listening on a loopback port that is also its public URL: for clients that talk
 * HTTP to it (an MCP client, OAuth redirects), since the app must know its public URL (the MCP
 * resource its tokens are bound to) before it starts. `config` may build on that URL.
 */
export async function buildListeningTestApp(
  options: BuildOptions & { config?: (publicUrl: string) => Partial<AppConfig> } = {},
): Promise<TestApp & { publicUrl: string }> {
  const { config, ...buildOptions } = options;
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  const t = await buildTestApp({ ...buildOptions, config: { publicUrl, ...config?.(publicUrl) } });
  await t.app.listen({ port, host: '127.0.0.1' });
  return { ...t, publicUrl };
}
