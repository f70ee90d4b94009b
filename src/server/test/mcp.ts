import { randomUUID } from 'node:crypto';

import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { type RunningSandbox, startSandbox } from '@sandbox/sandbox';
import type { McpAccess } from '@shared/api/mcp';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';

import { mcpClients, mcpGrants } from '../db/schema';
import type { Clock } from '../lib/clock';
import { issueTokenPair, type McpTokenPair, revokeGrantTokens } from '../modules/mcpAuth/mcpTokens';
import { mcpResourceUrl } from '../modules/mcpAuth/urls';
import { sandboxSettings } from '../platforms/settings';
import type { TestApp } from './buildTestApp';
import { userIdOf, workspaceIdOf } from './connect';
import { signUp, type TestUser } from './factories';
import { buildListeningTestApp } from './listeningApp';
import { recordingRuntime } from './platforms';
import { syncedTenant } from './tenants';
import { type SyncedWorkspace, syncedWorkspace } from './workspaceTenants';

/** A grant as the consent page would leave it, with its first token pair. */
export interface TestGrant {
  grantId: string;
  clientId: string;
  tokens: McpTokenPair;
}

/**
 * A grant and a token pair minted straight in the database, as if `userId` had approved an app
 * for `workspaceId` on the consent page: for tests of the MCP server, not of the OAuth flow.
 * `resource` defaults to the app's own MCP resource.
 */
export async function mintMcpGrant(
  app: FastifyInstance,
  options: { userId: string; workspaceId: string; access?: McpAccess; clientName?: string; resource?: string },
): Promise<TestGrant> {
  const { db } = app.ctx;
  const now = app.ctx.clock.now();
  const clientId = `test-client-${randomUUID()}`;
  await db.insert(mcpClients).values({
    id: clientId,
    name: options.clientName ?? 'Test assistant',
    redirectUris: ['http://127.0.0.1:1/callback'],
    createdAt: now,
  });
  const access = options.access ?? 'read';
  const [grant] = await db
    .insert(mcpGrants)
    .values({ userId: options.userId, workspaceId: options.workspaceId, clientId, access, createdAt: now })
    .returning({ id: mcpGrants.id });
  const tokens = await issueTokenPair(
    db,
    { id: grant!.id, access },
    options.resource ?? mcpResourceUrl(app.ctx.config),
    now,
  );
  return { grantId: grant!.id, clientId, tokens };
}

/** Revokes a grant as "Connected apps" does: the grant and every token of it. */
export async function revokeMcpGrant(app: FastifyInstance, grantId: string): Promise<void> {
  const now = app.ctx.clock.now();
  await app.ctx.db.update(mcpGrants).set({ revokedAt: now }).where(eq(mcpGrants.id, grantId));
  await revokeGrantTokens(app.ctx.db, grantId, now);
}

/** The SDK's own client, connected over Streamable HTTP to the app's MCP endpoint with the token. */
export async function connectMcpClient(app: FastifyInstance, accessToken: string): Promise<Client> {
  const client = new Client({ name: 'adwise-test', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(mcpResourceUrl(app.ctx.config)), {
    requestInit: { headers: { Authorization: `Bearer ${accessToken}` } },
  });
  await client.connect(transport);
  return client;
}

/** The MCP tests' world: one owner with a synced Google account, the app on its public URL, and a client holding a read grant. */
export interface SyncedMcpTestbed {
  t: TestApp & { publicUrl: string };
  sandbox: RunningSandbox;
  owner: TestUser;
  ownerId: string;
  workspaceId: string;
  grant: TestGrant;
  client: Client;
  close(): Promise<void>;
}

/** Builds a SyncedMcpTestbed (the sandbox seeded with `seed`); call `close` in afterAll. */
export async function syncedMcpTestbed(seed: number): Promise<SyncedMcpTestbed> {
  const sandbox = await startSandbox({ seed, sleep: async () => {} });
  const t = await buildListeningTestApp({
    workers: false,
    platformRuntime: recordingRuntime(),
    config: () => ({ platforms: sandboxSettings(sandbox.url), sandbox: { mode: 'external', url: sandbox.url } }),
  });
  const { user: owner } = await syncedTenant(t, sandbox, 'google', 0);
  const ownerId = await userIdOf(t.app, owner);
  const workspaceId = await workspaceIdOf(t.app, owner);
  const grant = await mintMcpGrant(t.app, { userId: ownerId, workspaceId, access: 'read', clientName: 'Claude' });
  const client = await connectMcpClient(t.app, grant.tokens.access_token);
  return {
    t,
    sandbox,
    owner,
    ownerId,
    workspaceId,
    grant,
    client,
    close: async () => {
      await client.close();
      await t.close();
      await sandbox.close();
    },
  };
}

/**
 * The act tools' and the authorization matrix's world: an agency owner (Olga Owner, on a trial)
 * with two workspaces, A ("Acme Shoes") and B ("Bolt Bikes"), each with one synced Google sandbox
 * account (the sandbox seeded 23), and the app on its public URL, both on `clock`. Allow
 * SYNCED_SETUP_TIMEOUT_MS; call `close` in afterAll.
 */
export interface AgencyMcpTestbed {
  t: TestApp & { publicUrl: string };
  sandbox: RunningSandbox;
  owner: TestUser;
  ownerId: string;
  A: SyncedWorkspace;
  B: SyncedWorkspace;
  close(): Promise<void>;
}

export async function agencyMcpTestbed(clock: Clock): Promise<AgencyMcpTestbed> {
  const sandbox = await startSandbox({ seed: 23, sleep: async () => {}, now: () => clock.now() });
  let t: (TestApp & { publicUrl: string }) | undefined;
  const close = async () => {
    await t?.close();
    await sandbox.close();
  };
  try {
    t = await buildListeningTestApp({
      workers: false,
      clock,
      platformRuntime: recordingRuntime(),
      config: () => ({ platforms: sandboxSettings(sandbox.url), sandbox: { mode: 'external', url: sandbox.url } }),
    });
    const owner = await signUp(t.app, { fullName: 'Olga Owner' });
    const trial = await t.app.inject({ method: 'POST', url: '/api/start-trial/', headers: owner.auth, payload: {} });
    if (trial.statusCode !== 200) throw new Error(`start-trial answered ${trial.statusCode}: ${trial.body}`);
    const ownerId = await userIdOf(t.app, owner);
    // The only two syncs: one account in each workspace, both the owner's.
    const A = await syncedWorkspace(t, sandbox, owner, 'Acme Shoes', 'google', 0);
    const B = await syncedWorkspace(t, sandbox, owner, 'Bolt Bikes', 'google', 1);
    return { t, sandbox, owner, ownerId, A, B, close };
  } catch (error) {
    await close();
    throw error;
  }
}
