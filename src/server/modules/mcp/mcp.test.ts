import http from 'node:http';

import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { type CampaignPage, type DashboardView } from '@shared/api/dashboard';
import { addDays, isoDay } from '@shared/days';
import { and, eq } from 'drizzle-orm';

import { mcpCalls, workspaceMembers } from '../../db/schema';
import type { TestApp } from '../../test/buildTestApp';
import { userIdOf } from '../../test/connect';
import { signUp, type TestUser } from '../../test/factories';
import {
  connectMcpClient,
  mintMcpGrant,
  revokeMcpGrant,
  type SyncedMcpTestbed,
  syncedMcpTestbed,
  type TestGrant,
} from '../../test/mcp';
import { SYNCED_SETUP_TIMEOUT_MS } from '../../test/tenants';
import { resourceMetadataUrl } from './mcp.auth';
import { MCP_ORIGIN_MESSAGES } from './mcp.origin';
import { MCP_TOOL_MESSAGES } from './mcp.server';
import { PERFORMANCE_TOOL_MESSAGES } from './tools/getPerformance';

// analyze_ad_copy follows them: it keeps its analysis in the history (workspaceTools.test.ts checks it).
const READ_TOOL_NAMES = [
  'list_workspaces',
  'list_ad_accounts',
  'get_performance',
  'list_suggestions',
  'list_alerts',
  'list_actions',
  'get_budgets',
  'preview_optimizer_plan',
  'list_rules',
  'dry_run_rule',
  'list_reports',
  'get_report_data',
];

describe('the MCP server at /api/mcp', () => {
  let t: TestApp & { publicUrl: string };
  let owner: TestUser;
  let ownerId: string;
  let workspaceId: string;
  let grant: TestGrant;
  let client: Client;
  let mcpUrl: string;
  const today = isoDay(new Date());
  // Well inside the 90 synced days, whatever the account's time zone.
  const range = { from: addDays(today, -20), to: addDays(today, -7) };
  let bed: SyncedMcpTestbed;

  beforeAll(async () => {
    bed = await syncedMcpTestbed(41);
    ({ t, owner, ownerId, workspaceId, grant, client } = bed);
    mcpUrl = `${t.publicUrl}/api/mcp`;
  }, SYNCED_SETUP_TIMEOUT_MS);
  afterAll(() => bed?.close());

  const call = (name: string, args: Record<string, unknown> = {}, as: Client = client) =>
    as.callTool({ name, arguments: args }) as Promise<CallToolResult>;
  const textOf = (result: CallToolResult) =>
    result.content.map((part) => (part.type === 'text' ? part.text : '')).join(' ');
  const post = (body: string, headers: Record<string, string> = {}) =>
    fetch(mcpUrl, {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
    });
  const listRequest = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
  const dashboard = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/${url}`, headers: owner.auth });
    expect(res.statusCode).toBe(200);
    return res.json();
  };

  it('initializes as adwise and lists the read tools with read-only annotations and output schemas', async () => {
    expect(client.getServerVersion()).toMatchObject({ name: 'adwise' });
    expect(client.getInstructions()).toContain('get_performance');
    const { tools: listed } = await client.listTools();
    // The act tools follow the read tools (act.test.ts checks them).
    const tools = listed.filter((tool) => tool.annotations?.readOnlyHint);
    expect(tools.map((tool) => tool.name)).toEqual(READ_TOOL_NAMES);
    expect(listed.slice(0, READ_TOOL_NAMES.length)).toEqual(tools);
    for (const tool of tools) {
      expect({ name: tool.name, annotations: tool.annotations }).toEqual({
        name: tool.name,
        annotations: {
          title: tool.title,
          readOnlyHint: true,
          destructiveHint: false,
          idempotentHint: true,
          openWorldHint: false,
        },
      });
      expect(tool.outputSchema).toMatchObject({ type: 'object' });
      expect(tool.description!.length).toBeGreaterThan(40);
    }
    const performance = tools.find((tool) => tool.name === 'get_performance')!;
    expect(performance.inputSchema.required).toEqual(expect.arrayContaining(['from', 'to', 'currency']));
  });

  it('answers each read tool on a synced workspace, with structured content and a text summary', async () => {
    const workspaces = await call('list_workspaces');
    expect(workspaces.isError).toBeFalsy();
    expect(workspaces.structuredContent).toMatchObject({
      workspaces: [{ id: workspaceId, role: 'owner', access: 'read', connected_accounts: 1, dashboard: true }],
    });

    const accounts = await call('list_ad_accounts');
    expect(accounts.isError).toBeFalsy();
    const listed = (
      accounts.structuredContent as {
        accounts: {
          id: string;
          platform: string;
          status: string;
          sync: { status: string; last_synced_at: string | null } | null;
        }[];
      }
    ).accounts;
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ platform: 'google', status: 'active', sync: { status: 'idle' } });
    expect(listed[0]!.sync!.last_synced_at).not.toBeNull();
    expect(textOf(accounts)).toContain('Google');

    for (const name of ['list_suggestions', 'list_alerts', 'list_actions']) {
      const result = await call(name);
      expect({ name, isError: result.isError ?? false }).toEqual({ name, isError: false });
      expect(textOf(result).length).toBeGreaterThan(0);
    }
    const suggestions = (await call('list_suggestions')).structuredContent as { suggestions: unknown[]; total: number };
    expect(suggestions.total).toBe((await dashboard('suggestions/')).total);
  });

  it('gives get_performance the figures GET /api/dashboard/ shows for the same filters', async () => {
    const [account] = (await dashboard('ad-accounts/')) as { id: string }[];
    for (const filters of [
      { currency: 'USD' },
      { currency: 'INR', platform: 'google' },
      { currency: 'EUR', account_id: account!.id },
    ] as Record<string, string>[]) {
      const result = await call('get_performance', { ...range, ...filters, breakdown: 'day' });
      expect(result.isError).toBeFalsy();
      const table = result.structuredContent as {
        totals: unknown;
        series: unknown;
        rows: { totals: { spend: number } }[];
      };
      const query = new URLSearchParams({
        ...range,
        currency: filters.currency!,
        ...(filters.platform ? { platform: filters.platform } : {}),
        ...(filters.account_id ? { account: filters.account_id } : {}),
      });
      const view = (await dashboard(`dashboard/?${query}`)) as DashboardView;
      expect(table.totals).toEqual(view.summary);
      expect(table.series).toEqual(view.series);
      // The one account's row is the whole workspace here.
      expect(table.rows.map((row) => row.totals)).toEqual([view.summary]);
    }
    // Campaign rows are the campaign table's.
    const campaigns = (await call('get_performance', { ...range, currency: 'USD', level: 'campaign', limit: 10 }))
      .structuredContent as {
      rows: { id: string; totals: { spend: number; clicks: number; ctr: number; cpc: number } }[];
    };
    const page = (await dashboard(
      `dashboard/campaigns/?${new URLSearchParams({ ...range, currency: 'USD', page_size: '10', sort: 'spend', order: 'desc' })}`,
    )) as CampaignPage;
    expect(
      campaigns.rows.map((row) => ({
        id: row.id,
        spend: row.totals.spend,
        clicks: row.totals.clicks,
        ctr: row.totals.ctr,
        cpc: row.totals.cpc,
      })),
    ).toEqual(
      page.items.map((item) => ({ id: item.id, spend: item.spend, clicks: item.clicks, ctr: item.ctr, cpc: item.cpc })),
    );
  });

  it('pages get_performance with an opaque cursor bound to its filters', async () => {
    const args = { ...range, currency: 'USD', level: 'ad' };
    const first = (await call('get_performance', { ...args, limit: 2 })).structuredContent as {
      rows: { id: string }[];
      total_rows: number;
      next_cursor: string | null;
    };
    expect(first.total_rows).toBeGreaterThan(2);
    expect(first.next_cursor).toEqual(expect.any(String));
    const second = (await call('get_performance', { ...args, limit: 2, cursor: first.next_cursor }))
      .structuredContent as { rows: { id: string }[] };
    const all = (await call('get_performance', { ...args, limit: 4 })).structuredContent as { rows: { id: string }[] };
    expect([...first.rows, ...second.rows].map((row) => row.id)).toEqual(all.rows.map((row) => row.id));
    const elsewhere = await call('get_performance', { ...args, currency: 'EUR', limit: 2, cursor: first.next_cursor });
    expect(elsewhere).toMatchObject({ isError: true });
    expect(textOf(elsewhere)).toBe(PERFORMANCE_TOOL_MESSAGES.badCursor);
  });

  it('refuses a call without a token, with the resource metadata in WWW-Authenticate', async () => {
    const res = await post(listRequest);
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe(`Bearer resource_metadata="${resourceMetadataUrl(t.config)}"`);
    expect(resourceMetadataUrl(t.config)).toBe(`${t.config.publicUrl}/.well-known/oauth-protected-resource/api/mcp`);
    expect(await res.json()).toMatchObject({ jsonrpc: '2.0', error: { code: -32000 } });
  });

  it('refuses a token for another resource, a revoked grant and a member who was removed', async () => {
    const elsewhere = await mintMcpGrant(t.app, {
      userId: ownerId,
      workspaceId,
      resource: 'https://other.example/mcp',
    });
    const revoked = await mintMcpGrant(t.app, { userId: ownerId, workspaceId });
    await revokeMcpGrant(t.app, revoked.grantId);
    const leaver = await signUp(t.app);
    const leaverId = await userIdOf(t.app, leaver);
    await t.app.ctx.db.insert(workspaceMembers).values({ workspaceId, userId: leaverId, role: 'viewer' });
    const removed = await mintMcpGrant(t.app, { userId: leaverId, workspaceId });
    expect((await post(listRequest, { authorization: `Bearer ${removed.tokens.access_token}` })).status).toBe(200);
    await t.app.ctx.db
      .delete(workspaceMembers)
      .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, leaverId)));
    for (const token of [
      elsewhere.tokens.access_token,
      revoked.tokens.access_token,
      removed.tokens.access_token,
      'not-a-token',
      grant.tokens.refresh_token,
    ]) {
      const res = await post(listRequest, { authorization: `Bearer ${token}` });
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toContain('error="invalid_token"');
    }
  });

  it('lets a client member read the dashboard figures but not suggestions or the actions log, in words, audited as refused', async () => {
    const member = await signUp(t.app);
    const memberId = await userIdOf(t.app, member);
    await t.app.ctx.db.insert(workspaceMembers).values({ workspaceId, userId: memberId, role: 'client' });
    const clientGrant = await mintMcpGrant(t.app, { userId: memberId, workspaceId });
    const asClient = await connectMcpClient(t.app, clientGrant.tokens.access_token);
    try {
      expect((await call('get_performance', { ...range, currency: 'USD' }, asClient)).isError).toBeFalsy();
      for (const name of ['list_suggestions', 'list_actions', 'list_alerts', 'list_ad_accounts']) {
        const refused = await call(name, {}, asClient);
        expect({ name, refused }).toEqual({
          name,
          refused: { isError: true, content: [{ type: 'text', text: MCP_TOOL_MESSAGES.notAllowed('client') }] },
        });
      }
    } finally {
      await asClient.close();
    }
    const audit = await t.app.ctx.db
      .select()
      .from(mcpCalls)
      .where(eq(mcpCalls.grantId, clientGrant.grantId))
      .orderBy(mcpCalls.at);
    expect(audit.map((row) => [row.tool, row.outcome])).toEqual([
      ['get_performance', 'ok'],
      ['list_suggestions', 'refused'],
      ['list_actions', 'refused'],
      ['list_alerts', 'refused'],
      ['list_ad_accounts', 'refused'],
    ]);
  });

  it('audits every tool call of a grant, with who and which app, never the arguments or the answer', async () => {
    const rows = await t.app.ctx.db.select().from(mcpCalls).where(eq(mcpCalls.grantId, grant.grantId));
    expect(rows.length).toBeGreaterThan(5);
    for (const row of rows) {
      expect(Object.keys(row).sort()).toEqual([
        'at',
        'clientId',
        'grantId',
        'id',
        'outcome',
        'tool',
        'userId',
        'workspaceId',
      ]);
      expect(row).toMatchObject({
        userId: ownerId,
        workspaceId,
        clientId: grant.clientId,
        outcome: expect.stringMatching(/^(ok|error)$/),
      });
    }
    // The tools this file calls with the grant (workspaceTools.test.ts calls the others).
    expect(new Set(rows.map((row) => row.tool))).toEqual(
      new Set([
        'list_workspaces',
        'list_ad_accounts',
        'get_performance',
        'list_suggestions',
        'list_alerts',
        'list_actions',
      ]),
    );
  });

  it('answers bad input with clear errors and changes nothing', async () => {
    const unknown = await call('delete_everything');
    expect(unknown).toMatchObject({ isError: true });
    expect(textOf(unknown)).toContain('delete_everything not found');
    const wrongTypes = await call('get_performance', { from: 20250101, to: range.to, currency: 'USD' });
    expect(wrongTypes).toMatchObject({ isError: true });
    expect(textOf(wrongTypes)).toContain(PERFORMANCE_TOOL_MESSAGES.badDay('from'));
    const tooMany = await call('get_performance', { ...range, currency: 'USD', limit: 10_000 });
    expect(textOf(tooMany)).toContain(PERFORMANCE_TOOL_MESSAGES.badLimit);
    const badAccount = await call('get_performance', {
      ...range,
      currency: 'USD',
      account_id: '00000000-0000-4000-8000-000000000000',
    });
    expect(badAccount).toMatchObject({ isError: true });
    const backwards = await call('get_performance', { from: range.to, to: range.from, currency: 'USD' });
    expect(backwards).toMatchObject({ isError: true });

    const auth = { authorization: `Bearer ${grant.tokens.access_token}` };
    const huge = await post(
      JSON.stringify({
        jsonrpc: '2.0',
        id: 2,
        method: 'tools/call',
        params: { name: 'list_alerts', arguments: { pad: 'x'.repeat(300_000) } },
      }),
      auth,
    );
    expect(huge.status).toBe(413);
    expect(await huge.json()).toMatchObject({ jsonrpc: '2.0', error: { message: 'The request body is too large.' } });
    const malformed = await post('{"jsonrpc": "2.0", "id": 3, "method": ', auth);
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ jsonrpc: '2.0', error: { code: -32700 } });
    const notRpc = await post(JSON.stringify({ hello: 'world' }), auth);
    expect(notRpc.status).toBe(400);
    expect(await notRpc.json()).toMatchObject({ jsonrpc: '2.0', error: { code: expect.any(Number) } });
  });

  it('audits a call the SDK answers before any tool runs (an unknown tool, refused arguments) as an error', async () => {
    const own = await mintMcpGrant(t.app, { userId: ownerId, workspaceId, access: 'read', clientName: 'Cursor' });
    const asOwn = await connectMcpClient(t.app, own.tokens.access_token);
    try {
      expect(await call('delete_everything', {}, asOwn)).toMatchObject({ isError: true });
      expect(await call('get_performance', { from: 20250101, to: range.to, currency: 'USD' }, asOwn)).toMatchObject({
        isError: true,
      });
      expect((await call('list_alerts', {}, asOwn)).isError ?? false).toBe(false);
    } finally {
      await asOwn.close();
    }
    const audit = await t.app.ctx.db
      .select()
      .from(mcpCalls)
      .where(eq(mcpCalls.grantId, own.grantId))
      .orderBy(mcpCalls.at, mcpCalls.id);
    expect(audit.map((row) => [row.tool, row.outcome])).toEqual([
      ['delete_everything', 'error'],
      ['get_performance', 'error'],
      ['list_alerts', 'ok'],
    ]);
  });

  it('answers GET and DELETE with 405, Allow: POST (no sessions)', async () => {
    for (const method of ['GET', 'DELETE']) {
      const res = await fetch(mcpUrl, {
        method,
        headers: { authorization: `Bearer ${grant.tokens.access_token}`, accept: 'text/event-stream' },
      });
      expect({ method, status: res.status, allow: res.headers.get('allow') }).toEqual({
        method,
        status: 405,
        allow: 'POST',
      });
    }
  });

  it('refuses another Host or a foreign Origin before reading the token (DNS rebinding)', async () => {
    const auth = { authorization: `Bearer ${grant.tokens.access_token}` };
    const foreign = await post(listRequest, { ...auth, origin: 'http://evil.example' });
    expect(foreign.status).toBe(403);
    expect(await foreign.json()).toMatchObject({ error: { message: MCP_ORIGIN_MESSAGES.badOrigin } });
    expect((await post(listRequest, { ...auth, origin: t.config.publicUrl })).status).toBe(200);

    const url = new URL(mcpUrl);
    const rebound = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.request(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname,
          method: 'POST',
          headers: {
            ...auth,
            host: 'evil.example',
            'content-type': 'application/json',
            accept: 'application/json, text/event-stream',
          },
        },
        (res) => {
          let body = '';
          res.on('data', (chunk) => (body += chunk));
          res.on('end', () => resolve({ status: res.statusCode!, body }));
        },
      );
      request.on('error', reject);
      request.end(listRequest);
    });
    expect(rebound.status).toBe(403);
    expect(JSON.parse(rebound.body)).toMatchObject({ error: { message: MCP_ORIGIN_MESSAGES.badHost } });
  });
});
