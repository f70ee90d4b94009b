/**
 * Runs the official MCP conformance suite (npm @modelcontextprotocol/conformance, server mode)
 * against Adwise's /api/mcp: the scenarios that apply to a product server.
 *
 *   npm run conformance:mcp
 *
 * The app runs on the embedded defaults (in-memory PGlite, no workers) with a user whose
 * workspace holds a small synced data set (bench/seedMetrics.ts), and a read grant minted for it
 * the way the tests mint one (src/server/test/mcp.ts). The suite's CLI has no option for request
 * headers, so it talks to a small reverse proxy in front of the app that adds
 * `Authorization: Bearer <token>` and passes everything else through unchanged (Host and Origin
 * too: the DNS-rebinding scenario's foreign Host reaches the app's own check). The proxy's address
 * is the app's public URL, as a reverse proxy's is in production, so the token's resource, the
 * allowed Host and the allowed Origin are the proxy's.
 *
 * The suite reads two fixed names, a resource `test://static-text` and a prompt
 * `test_prompt_with_arguments`: this app is built with `mcpConformanceFixtures`, which serves them
 * next to Adwise's own (main.ts never does). Exits 1 when a check fails.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';

import { addDays, isoDay } from '@shared/days';

import { seededUser, seedMetrics } from '../bench/seedMetrics';
import { buildApp } from '../src/server/app';
import { testConfig } from '../src/server/test/buildTestApp';
import { freePort } from '../src/server/test/listeningApp';
import { mintMcpGrant } from '../src/server/test/mcp';

export const SCENARIOS = [
  'server-initialize',
  'ping',
  'logging-set-level',
  'tools-list',
  'resources-list',
  'resources-read-text',
  'prompts-list',
  'prompts-get-with-args',
  'dns-rebinding-protection',
] as const;

const ROOT = path.resolve(__dirname, '..');
const CLI = path.join(ROOT, 'node_modules/@modelcontextprotocol/conformance/dist/index.js');

/** A reverse proxy on `port` to the app on `appPort` that adds the bearer token to every request. */
function tokenProxy(port: number, appPort: number, token: string): Promise<http.Server> {
  const server = http.createServer((request, response) => {
    const upstream = http.request(
      {
        host: '127.0.0.1',
        port: appPort,
        method: request.method,
        path: request.url,
        headers: { ...request.headers, authorization: `Bearer ${token}` },
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on('error', (error) => {
      response.writeHead(502, { 'content-type': 'text/plain' });
      response.end(String(error));
    });
    request.pipe(upstream);
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

/** Runs the suite's CLI in a child process without blocking this one (the app and the proxy answer it from here). */
function runCli(args: string[]): Promise<{ status: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill(), 120_000);
    child.on('close', (status) => {
      clearTimeout(timer);
      resolve({ status, output });
    });
  });
}

interface Check {
  id: string;
  status: string;
  errorMessage?: string;
}

async function main() {
  const [appPort, proxyPort] = [await freePort(), await freePort()];
  const publicUrl = `http://127.0.0.1:${proxyPort}`;
  const config = testConfig({ publicUrl, pgliteDataDir: 'memory://', logLevel: 'silent', workers: false });
  const app = await buildApp(config, {
    workers: false,
    schedules: false,
    mailTransport: null,
    mcpConformanceFixtures: true,
  });
  let proxy: http.Server | undefined;
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'adwise-mcp-conformance-'));
  try {
    await app.listen({ port: appPort, host: '127.0.0.1' });
    const today = isoDay(new Date());
    const world = {
      platforms: ['google', 'meta'],
      accountsPerPlatform: 1,
      campaignsPerAccount: 3,
      adsPerCampaign: 2,
      from: addDays(today, -29),
      days: 30,
    };
    const { userId, workspaceId } = await seededUser(app, (db, _userId, id) => seedMetrics(db, id, world));
    const grant = await mintMcpGrant(app, { userId, workspaceId, access: 'read', clientName: 'MCP conformance suite' });
    proxy = await tokenProxy(proxyPort, appPort, grant.tokens.access_token);
    const url = `${publicUrl}/api/mcp`;
    console.log(
      `MCP conformance: @modelcontextprotocol/conformance against ${url} (app on port ${appPort}, bearer token added by the proxy)\n`,
    );

    const results: { scenario: string; passed: number; failed: number; failures: Check[] }[] = [];
    for (const scenario of SCENARIOS) {
      const dir = path.join(outDir, scenario);
      const run = await runCli(['server', '--url', url, '--scenario', scenario, '-o', dir]);
      const files = fs.existsSync(dir)
        ? fs
            .readdirSync(dir, { recursive: true })
            .map(String)
            .filter((file) => file.endsWith('checks.json'))
        : [];
      const checks = files.flatMap((file) => JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as Check[]);
      const failures = checks.filter((check) => check.status !== 'SUCCESS' && check.status !== 'INFO');
      if (checks.length === 0)
        failures.push({
          id: scenario,
          status: 'FAILURE',
          errorMessage: `no checks written (exit ${run.status}): ${run.output.slice(0, 500)}`,
        });
      results.push({
        scenario,
        passed: checks.filter((check) => check.status === 'SUCCESS').length,
        failed: failures.length,
        failures,
      });
      if (process.env.CONFORMANCE_VERBOSE === '1') console.log(run.output);
    }

    console.log('=== SUMMARY ===');
    for (const r of results) {
      console.log(`${r.failed === 0 ? '✓' : '✗'} ${r.scenario}: ${r.passed} passed, ${r.failed} failed`);
      for (const failure of r.failures)
        console.log(`    ${failure.status} ${failure.id}: ${failure.errorMessage ?? ''}`);
    }
    const passed = results.reduce((sum, r) => sum + r.passed, 0);
    const failed = results.reduce((sum, r) => sum + r.failed, 0);
    console.log(
      `\nTotal: ${passed} passed, ${failed} failed (${results.filter((r) => r.failed === 0).length}/${results.length} scenarios)`,
    );
    process.exitCode = failed > 0 ? 1 : 0;
  } finally {
    await new Promise((resolve) => (proxy ? proxy.close(resolve) : resolve(undefined)));
    await app.close();
    fs.rmSync(outDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
