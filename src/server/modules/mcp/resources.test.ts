import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { eq } from 'drizzle-orm';

import { mcpCalls, workspaceMembers } from '../../db/schema';
import type { TestApp } from '../../test/buildTestApp';
import { userIdOf } from '../../test/connect';
import { signUp } from '../../test/factories';
import { connectMcpClient, mintMcpGrant, type SyncedMcpTestbed, syncedMcpTestbed } from '../../test/mcp';
import { SYNCED_SETUP_TIMEOUT_MS } from '../../test/tenants';
import { MCP_PROMPT_MESSAGES } from './prompts';
import { ACCOUNTS_URI, GLOSSARY_URI, MCP_RESOURCE_MESSAGES } from './resources';

const textOf = (result: { contents: ({ text?: unknown } | { blob?: unknown })[] }) =>
  String((result.contents[0] as { text?: string }).text);

describe('MCP resources and prompts', () => {
  let t: TestApp & { publicUrl: string };
  let workspaceId: string;
  let client: Client;
  let bed: SyncedMcpTestbed;

  beforeAll(async () => {
    bed = await syncedMcpTestbed(43);
    ({ t, workspaceId, client } = bed);
  }, SYNCED_SETUP_TIMEOUT_MS);
  afterAll(() => bed?.close());

  it('declares resources, prompts and logging, and accepts a logging level', async () => {
    expect(client.getServerCapabilities()).toMatchObject({ tools: {}, resources: {}, prompts: {}, logging: {} });
    await expect(client.setLoggingLevel('info')).resolves.toEqual({});
    await expect(client.ping()).resolves.toEqual({});
  });

  it('lists the glossary and the accounts, and no conformance fixture', async () => {
    const { resources } = await client.listResources();
    expect(resources.map((resource) => [resource.uri, resource.mimeType])).toEqual([
      [GLOSSARY_URI, 'text/markdown'],
      [ACCOUNTS_URI, 'application/json'],
    ]);
    for (const resource of resources) expect(resource.description!.length).toBeGreaterThan(40);
    const { prompts } = await client.listPrompts();
    expect(prompts.map((prompt) => prompt.name)).toEqual([
      'weekly_review',
      'why_did_metric_change',
      'what_should_i_pause',
    ]);
  });

  it('reads the metrics glossary: the formulas, each platform’s conversions and windows', async () => {
    const result = await client.readResource({ uri: GLOSSARY_URI });
    expect(result.contents).toHaveLength(1);
    expect(result.contents[0]).toMatchObject({ uri: GLOSSARY_URI, mimeType: 'text/markdown' });
    const text = textOf(result);
    for (const words of [
      'clicks ÷ impressions × 100',
      'spend ÷ clicks',
      'spend ÷ conversions',
      'conversion value ÷ spend',
      'conversions ÷ clicks × 100',
    ])
      expect(text).toContain(words);
    for (const words of [
      'Google Ads',
      'Meta',
      'LinkedIn',
      '**X**',
      'TikTok',
      'omni_purchase',
      'externalWebsiteConversions',
      'conversion_purchases',
      '7-day click and 1-day view',
    ])
      expect(text).toContain(words);
  });

  it('reads the connected accounts as list_ad_accounts answers them', async () => {
    const result = await client.readResource({ uri: ACCOUNTS_URI });
    expect(result.contents[0]).toMatchObject({ uri: ACCOUNTS_URI, mimeType: 'application/json' });
    const fromResource = JSON.parse(textOf(result)) as { accounts: { id: string; platform: string }[] };
    const fromTool = (await client.callTool({ name: 'list_ad_accounts', arguments: {} })).structuredContent;
    expect(fromResource).toEqual(fromTool);
    expect(fromResource.accounts).toEqual([expect.objectContaining({ platform: 'google' })]);
  });

  it('refuses an unknown resource with a JSON-RPC error', async () => {
    await expect(client.readResource({ uri: 'adwise://workspace/secrets' })).rejects.toThrow(/not found/i);
    await expect(client.readResource({ uri: 'test://static-text' })).rejects.toThrow(/not found/i);
  });

  it('refuses the accounts to a client member, as GET ad-accounts/ does, in words, and audits the reads', async () => {
    const member = await signUp(t.app);
    const memberId = await userIdOf(t.app, member);
    await t.app.ctx.db.insert(workspaceMembers).values({ workspaceId, userId: memberId, role: 'client' });
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/ad-accounts/',
          headers: { ...member.auth, 'x-workspace-id': workspaceId },
        })
      ).statusCode,
    ).toBe(403);
    const clientGrant = await mintMcpGrant(t.app, { userId: memberId, workspaceId });
    const asClient = await connectMcpClient(t.app, clientGrant.tokens.access_token);
    try {
      expect(textOf(await asClient.readResource({ uri: GLOSSARY_URI }))).toContain('CTR');
      await expect(asClient.readResource({ uri: ACCOUNTS_URI })).rejects.toThrow(
        MCP_RESOURCE_MESSAGES.notAllowed('client'),
      );
    } finally {
      await asClient.close();
    }
    const audit = await t.app.ctx.db
      .select()
      .from(mcpCalls)
      .where(eq(mcpCalls.grantId, clientGrant.grantId))
      .orderBy(mcpCalls.at);
    expect(audit.map((row) => [row.tool, row.outcome])).toEqual([
      [`resource:${GLOSSARY_URI}`, 'ok'],
      [`resource:${ACCOUNTS_URI}`, 'refused'],
    ]);
  });

  it('gets each prompt with its arguments, naming the Adwise tools to call', async () => {
    const weekly = await client.getPrompt({ name: 'weekly_review', arguments: { week_end: '2025-06-08' } });
    const weeklyText = JSON.stringify(weekly.messages);
    expect(weekly.messages[0]).toMatchObject({ role: 'user', content: { type: 'text' } });
    for (const words of [
      '2025-06-08',
      'list_workspaces',
      'list_ad_accounts',
      'get_performance',
      'list_suggestions',
      'list_alerts',
      'list_actions',
      'get_budgets',
    ])
      expect(weeklyText).toContain(words);
    expect(JSON.stringify((await client.getPrompt({ name: 'weekly_review', arguments: {} })).messages)).toContain(
      'ending yesterday',
    );

    const why = await client.getPrompt({
      name: 'why_did_metric_change',
      arguments: { metric: 'cpa', period: '2025-06-01..2025-06-07', account: 'Brand US', campaign: 'Summer sale' },
    });
    const whyText = JSON.stringify(why.messages);
    for (const words of [
      'CPA',
      '2025-06-01 to 2025-06-07',
      'Brand US',
      'Summer sale',
      'get_performance',
      'list_alerts',
      'list_actions',
      GLOSSARY_URI,
    ])
      expect(whyText).toContain(words);

    const pause = await client.getPrompt({ name: 'what_should_i_pause', arguments: { account: 'Brand US' } });
    const pauseText = JSON.stringify(pause.messages);
    for (const words of ['Brand US', 'list_suggestions', 'get_performance', 'list_actions', 'confidence'])
      expect(pauseText).toContain(words);
  });

  it('refuses bad prompt arguments and unknown prompts with JSON-RPC errors naming the problem', async () => {
    await expect(
      client.getPrompt({ name: 'why_did_metric_change', arguments: { metric: 'happiness' } }),
    ).rejects.toThrow(MCP_PROMPT_MESSAGES.badMetric);
    await expect(client.getPrompt({ name: 'why_did_metric_change', arguments: {} })).rejects.toThrow(/metric/);
    await expect(
      client.getPrompt({
        name: 'why_did_metric_change',
        arguments: { metric: 'roas', period: '2025-06-07..2025-06-01' },
      }),
    ).rejects.toThrow(MCP_PROMPT_MESSAGES.badPeriod);
    await expect(client.getPrompt({ name: 'weekly_review', arguments: { week_end: '2025-02-30' } })).rejects.toThrow(
      MCP_PROMPT_MESSAGES.badDay('week_end'),
    );
    await expect(
      client.getPrompt({ name: 'what_should_i_pause', arguments: { account: 'x'.repeat(201) } }),
    ).rejects.toThrow(MCP_PROMPT_MESSAGES.tooLong('account'));
    await expect(
      client.getPrompt({ name: 'test_prompt_with_arguments', arguments: { arg1: 'a', arg2: 'b' } }),
    ).rejects.toThrow(/not found/i);
  });
});
