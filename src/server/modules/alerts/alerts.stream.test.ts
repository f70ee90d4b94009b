import { WORKSPACE_HEADER } from '@shared/api/workspaces';
import { ACCESS_TOKEN_TTL_SECONDS } from '@shared/constants';
import { and, eq, sql } from 'drizzle-orm';

import { alerts, users, workspaceMembers } from '../../db/schema';
import { manualClock } from '../../lib/clock';
import { buildTestApp, type TestApp } from '../../test/buildTestApp';
import { signUp, type TestUser } from '../../test/factories';
import { SANDBOX_TEST_START } from '../../test/sandboxDay';
import { TOKEN_VERSION_CACHE_MS } from '../auth/tokenVersions';
import { call, createWorkspace, joinAs, userIdOf } from '../workspaces/workspaces.fixtures';
import { STREAM_POLL_MS } from './alerts.stream';

/**
 * The live alert stream checks access as it goes, not only when it opens: a member who loses it
 * (removed, demoted, signed out, token expired) gets nothing more and the stream ends.
 */
describe('Alert stream: access lost while it is open', () => {
  let t: TestApp;
  let address: string;
  let owner: TestUser;
  let workspace: string;
  const clock = manualClock(SANDBOX_TEST_START);
  /** A change made by this process ends its streams by an event, not at the next poll. */
  const AT_ONCE_MS = STREAM_POLL_MS / 2;
  /** A change made by another process reaches the stream at its next look. */
  const WITHIN_A_POLL_MS = STREAM_POLL_MS * 2 + 1_000;
  /** Streams still open at the end of a test (a failing one leaves its stream open). */
  const open: AbortController[] = [];

  beforeAll(async () => {
    t = await buildTestApp({ workers: false, clock });
    address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    owner = await signUp(t.app);
    const trial = await t.app.inject({ method: 'POST', url: '/api/start-trial/', headers: owner.auth, payload: {} });
    if (trial.statusCode !== 200) throw new Error(`start-trial answered ${trial.statusCode}: ${trial.body}`);
    workspace = await createWorkspace(t.app, owner, 'Acme');
  });
  afterEach(() => {
    for (const controller of open.splice(0)) controller.abort();
  });
  afterAll(async () => {
    await t?.close();
  });

  let planted = 0;
  /** An alert about the whole workspace, stored as the checks store one, and the wake-up they send. */
  const raise = async () => {
    const [row] = await t.app.ctx.db
      .insert(alerts)
      .values({
        workspaceId: workspace,
        key: `stream-access-${++planted}`,
        kind: 'budget',
        severity: 'warning',
        level: 'account',
        entityId: workspace,
        entityName: 'Acme',
        day: '2026-11-25',
        headline: `Budget alert ${planted}`,
        createdAt: clock.now(),
      })
      .returning({ id: alerts.id });
    t.app.services.alerts.events.emit('raised', workspace);
    return row.id;
  };

  /** Opens the stream as `auth` in the workspace; reads `alert` events and notices the end. */
  const stream = async (auth: { authorization: string }) => {
    const controller = new AbortController();
    open.push(controller);
    const res = await fetch(`${address}/api/alerts/stream/`, {
      headers: { ...auth, [WORKSPACE_HEADER]: workspace, accept: 'text/event-stream' },
      signal: controller.signal,
    });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    let ended = false;
    const received: string[] = [];
    let pending: Promise<ReadableStreamReadResult<Uint8Array>> | null = null;
    /** Reads until `enough` holds or the stream ends or `ms` pass. */
    const readFor = async (ms: number, enough: () => boolean) => {
      const deadline = Date.now() + ms;
      while (!ended && !enough()) {
        const left = deadline - Date.now();
        if (left <= 0) return;
        pending ??= reader.read();
        let timer: NodeJS.Timeout | undefined;
        const result = await Promise.race([
          pending,
          new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), left))),
        ]);
        clearTimeout(timer);
        if (!result) return;
        pending = null;
        if (result.done) {
          ended = true;
          return;
        }
        buffer += decoder.decode(result.value, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (/^event: alert$/m.test(block)) received.push(JSON.parse(/^data: (.*)$/m.exec(block)![1]).id);
        }
      }
    };
    return {
      /** Waits for the next alert; the stream must still be open. */
      async next(): Promise<string> {
        const before = received.length;
        await readFor(10_000, () => received.length > before);
        if (received.length === before) throw new Error(ended ? 'the stream ended' : 'no alert came');
        return received[before];
      },
      /** Whether the stream ended within `ms`, and every alert it sent meanwhile. */
      async end(ms: number): Promise<{ ended: boolean; alerts: string[] }> {
        const from = received.length;
        await readFor(ms, () => false);
        return { ended, alerts: received.slice(from) };
      },
    };
  };

  it('a member removed from the workspace gets nothing more: their stream ends at once, a colleague’s goes on', async () => {
    const removed = await joinAs(t.app, owner, workspace, 'viewer');
    const colleague = await joinAs(t.app, owner, workspace, 'viewer');
    const theirs = await stream(removed.auth);
    const colleagues = await stream(colleague.auth);
    const first = await raise();
    expect(await theirs.next()).toBe(first);
    expect(await colleagues.next()).toBe(first);

    const out = await call(t.app, owner, 'DELETE', `workspace/members/${await userIdOf(t.app, removed)}/`, {
      workspace,
    });
    expect(out.statusCode).toBe(200);
    const after = await raise();
    expect(await theirs.end(AT_ONCE_MS)).toEqual({ ended: true, alerts: [] });
    expect(await colleagues.next()).toBe(after);
    // Reconnecting meets the usual check.
    expect((await call(t.app, removed, 'GET', 'alerts/stream/', { workspace })).statusCode).toBe(404);
  });

  it('a member whose role no longer reads alerts (client) gets nothing more: the stream ends at once', async () => {
    const member = await joinAs(t.app, owner, workspace, 'viewer');
    const theirs = await stream(member.auth);
    const raised = await raise();
    expect(await theirs.next()).toBe(raised);

    const demoted = await call(t.app, owner, 'PATCH', `workspace/members/${await userIdOf(t.app, member)}/`, {
      workspace,
      payload: { role: 'client' },
    });
    expect(demoted.statusCode).toBe(200);
    await raise();
    expect(await theirs.end(AT_ONCE_MS)).toEqual({ ended: true, alerts: [] });
    expect((await call(t.app, member, 'GET', 'alerts/stream/', { workspace })).statusCode).toBe(403);
  });

  it('a member who logs out gets nothing more: the stream ends at once', async () => {
    const member = await joinAs(t.app, owner, workspace, 'viewer');
    const theirs = await stream(member.auth);
    const raised = await raise();
    expect(await theirs.next()).toBe(raised);

    const out = await t.app.inject({
      method: 'POST',
      url: '/api/logout/',
      payload: { refresh: member.session.refresh },
    });
    expect(out.statusCode).toBe(204);
    await raise();
    expect(await theirs.end(AT_ONCE_MS)).toEqual({ ended: true, alerts: [] });
    expect((await call(t.app, member, 'GET', 'alerts/stream/', { workspace })).statusCode).toBe(401);
  });

  it('the stream ends when its access token expires, not a token lifetime after it opened', async () => {
    const member = await joinAs(t.app, owner, workspace, 'viewer');
    const userId = await userIdOf(t.app, member);
    const [{ version }] = await t.app.ctx.db
      .select({ version: users.tokenVersion })
      .from(users)
      .where(eq(users.id, userId));
    // Signed almost a lifetime ago: two seconds left.
    const signedAt = new Date(clock.now().getTime() - (ACCESS_TOKEN_TTL_SECONDS - 2) * 1000);
    const oldToken = { authorization: `Bearer ${await t.app.ctx.tokens.sign(userId, version, signedAt)}` };
    const theirs = await stream(oldToken);
    const raised = await raise();
    expect(await theirs.next()).toBe(raised);
    expect(await theirs.end(4_000)).toEqual({ ended: true, alerts: [] });

    // The server's clock passing the token's expiry ends a stream at its next look too.
    const fresh = await stream(member.auth);
    const later = await raise();
    expect(await fresh.next()).toBe(later);
    clock.advance(ACCESS_TOKEN_TTL_SECONDS * 1000);
    try {
      await raise();
      expect(await fresh.end(WITHIN_A_POLL_MS)).toEqual({ ended: true, alerts: [] });
    } finally {
      clock.advance(-ACCESS_TOKEN_TTL_SECONDS * 1000);
    }
  });

  it('changes another process made (membership, role, token version) end the stream at its next look, before it sends anything more', async () => {
    const removed = await joinAs(t.app, owner, workspace, 'viewer');
    const demoted = await joinAs(t.app, owner, workspace, 'manager');
    const signedOut = await joinAs(t.app, owner, workspace, 'viewer');
    const [removedStream, demotedStream, signedOutStream] = await Promise.all([
      stream(removed.auth),
      stream(demoted.auth),
      stream(signedOut.auth),
    ]);
    const first = await raise();
    for (const s of [removedStream, demotedStream, signedOutStream]) expect(await s.next()).toBe(first);

    // Straight in the database, as another replica's request would leave it: no event reaches this process.
    const db = t.app.ctx.db;
    await db
      .delete(workspaceMembers)
      .where(
        and(eq(workspaceMembers.workspaceId, workspace), eq(workspaceMembers.userId, await userIdOf(t.app, removed))),
      );
    await db
      .update(workspaceMembers)
      .set({ role: 'client' })
      .where(
        and(eq(workspaceMembers.workspaceId, workspace), eq(workspaceMembers.userId, await userIdOf(t.app, demoted))),
      );
    await db
      .update(users)
      .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.id, await userIdOf(t.app, signedOut)));
    await raise();
    const [removedEnd, demotedEnd, signedOutEnd] = await Promise.all([
      removedStream.end(WITHIN_A_POLL_MS),
      demotedStream.end(WITHIN_A_POLL_MS),
      // The token version is cached per process for a few seconds.
      signedOutStream.end(TOKEN_VERSION_CACHE_MS + WITHIN_A_POLL_MS),
    ]);
    expect(removedEnd).toEqual({ ended: true, alerts: [] });
    expect(demotedEnd).toEqual({ ended: true, alerts: [] });
    // Within the cache's few seconds an alert may still reach a session another replica ended; then the stream ends.
    expect(signedOutEnd.ended).toBe(true);
  });
});
