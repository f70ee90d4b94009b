import { type RunningSandbox, startSandbox } from '@sandbox/sandbox';
import { encodeQueryComponent, jsonBodyText, nastyString, queryString } from '@shared/test/arbitraryInput';
import fc from 'fast-check';

import type { RegisteredRoute } from './app';
import { isYupSchema } from './lib/validate';
import { sandboxSettings } from './platforms/settings';
import { buildTestApp, type TestApp } from './test/buildTestApp';
import { recordingRuntime } from './test/platforms';
import { SYNCED_SETUP_TIMEOUT_MS, syncedTenant, type Tenant } from './test/tenants';

/**
 * Every JSON endpoint gets arbitrary JSON and every route arbitrary query strings and path
 * parameters, signed in or not. The property: a 2xx or 3xx, or a 4xx with a string `detail`;
 * never a 5xx; and the server is still ready afterwards. Seeded and bounded, so it is the same
 * run every time; a failure prints the request that broke it.
 */

const SEED = 11_22_2026;
const RUNS_PER_ROUTE = 25;
/** Routes that end the caller's account or session; fuzzed with their own throw-away user, last. */
const DESTRUCTIVE = new Set(['POST /api/delete-account/']);

describe('fuzzing every API route', () => {
  let t: TestApp;
  let sandbox: RunningSandbox;
  let tenant: Tenant;

  beforeAll(async () => {
    sandbox = await startSandbox({ seed: 5, sleep: async () => {} });
    t = await buildTestApp({
      workers: false,
      platformRuntime: recordingRuntime(),
      config: { platforms: sandboxSettings(sandbox.url), sandbox: { mode: 'external', url: sandbox.url } },
    });
    tenant = await syncedTenant(t, sandbox, 'google', 0);
  }, SYNCED_SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await t?.close();
    await sandbox?.close();
  });

  const apiRoutes = () => t.app.registeredRoutes.filter((route) => route.url.startsWith('/api/'));

  /** Field and parameter names a route's schemas read, so the fuzzer hits them as well as others. */
  const namesOf = (route: RegisteredRoute, part: 'body' | 'querystring'): string[] => {
    const schema = route.schema?.[part];
    return isYupSchema(schema)
      ? Object.keys(schema.fields)
      : ['q', 'from', 'to', 'platform', 'account', 'page', 'state', 'code', 'token'];
  };

  const fillParams = (url: string, values: string[]) => {
    let index = 0;
    return url.replace(/:[A-Za-z]+/g, () => encodeQueryComponent(values[index++ % values.length] ?? 'x') || 'x');
  };

  async function fuzz(route: RegisteredRoute, auth: Record<string, string>) {
    const hasBody = ['POST', 'PUT', 'PATCH'].includes(route.method);
    const bodyNames = hasBody ? namesOf(route, 'body') : [];
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.oneof(
            nastyString.map((v) => v.slice(0, 200)),
            fc.uuid(),
          ),
          { minLength: 1, maxLength: 3 },
        ),
        queryString(namesOf(route, 'querystring')),
        hasBody ? jsonBodyText(bodyNames) : fc.constant(undefined),
        fc.boolean(),
        async (params, query, body, signedIn) => {
          const url = `${fillParams(route.url, params)}${query ? `?${query}` : ''}`;
          const res = await t.app.inject({
            method: route.method as 'GET',
            url,
            headers: {
              ...(signedIn ? auth : {}),
              ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
            },
            ...(body !== undefined ? { payload: body } : {}),
          });
          const where = `${route.method} ${url} body=${body?.slice(0, 300)}`;
          if (res.statusCode >= 500) throw new Error(`${res.statusCode} for ${where}: ${res.body.slice(0, 300)}`);
          if (res.statusCode >= 400) {
            // The MCP endpoint answers in JSON-RPC's strict shape, which keeps the detail in error.data.
            const answer = res.json() as {
              detail?: unknown;
              jsonrpc?: unknown;
              error?: { data?: { detail?: unknown } };
            };
            const detail = answer.jsonrpc === '2.0' ? answer.error?.data?.detail : answer.detail;
            if (typeof detail !== 'string' || detail === '')
              throw new Error(`${res.statusCode} without a detail for ${where}: ${res.body.slice(0, 300)}`);
          }
        },
      ),
      { seed: SEED, numRuns: RUNS_PER_ROUTE },
    );
  }

  it('never answers 5xx or an error without a detail, and stays ready', async () => {
    const routes = apiRoutes();
    expect(routes.length).toBeGreaterThan(20);
    for (const route of routes.filter((r) => !DESTRUCTIVE.has(`${r.method} ${r.url}`)))
      await fuzz(route, tenant.user.auth);
    for (const route of routes.filter((r) => DESTRUCTIVE.has(`${r.method} ${r.url}`))) {
      const victim = await syncedTenant(t, sandbox, 'meta', 1);
      await fuzz(route, victim.user.auth);
    }
    const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
  });
});
