import { randomUUID } from 'node:crypto';

import type { Role } from '@shared/access/policy';
import { WORKSPACE_MESSAGES } from '@shared/api/workspaces';
import { and, eq } from 'drizzle-orm';

import { workspaceInvitations, workspaceMembers } from '../../db/schema';
import { manualClock } from '../../lib/clock';
import { buildTestApp, type TestApp } from '../../test/buildTestApp';
import { signUp, type TestUser } from '../../test/factories';
import { call, createWorkspace, joinAs, personalWorkspaceOf, userIdOf } from './workspaces.fixtures';

const START = '2026-11-21T09:00:00Z';

describe('a workspace’s team: roles, removal, transfer, leaving', () => {
  let t: TestApp;
  const clock = manualClock(START);
  beforeAll(async () => {
    t = await buildTestApp({ clock, workers: false });
  });
  afterAll(() => t.close());
  beforeEach(() => clock.set(START));

  /** Every membership of a workspace as [user id, role], sorted: what "nothing changed" compares. */
  const rolesIn = async (workspaceId: string) =>
    (
      await t.app.ctx.db
        .select({ userId: workspaceMembers.userId, role: workspaceMembers.role })
        .from(workspaceMembers)
        .where(eq(workspaceMembers.workspaceId, workspaceId))
    )
      .map((row) => `${row.userId}:${row.role}`)
      .sort();

  /** An owner with a client workspace and one member of each other role. */
  async function agency() {
    const owner = await signUp(t.app, { fullName: 'Olga Owner' });
    const workspace = await createWorkspace(t.app, owner, 'Acme');
    const manager = await joinAs(t.app, owner, workspace, 'manager', 'Manu Manager');
    const viewer = await joinAs(t.app, owner, workspace, 'viewer', 'Vera Viewer');
    const client = await joinAs(t.app, owner, workspace, 'client', 'Cleo Client');
    return { owner, manager, viewer, client, workspace };
  }

  it('lists the members (owners first, the caller marked) and pending invitations', async () => {
    const { owner, manager, workspace } = await agency();
    await call(t.app, owner, 'POST', 'workspace/invitations/', {
      workspace,
      payload: { email: 'Later@Example.com', role: 'viewer' },
    });
    const res = await call(t.app, manager, 'GET', 'workspace/team/', { workspace });
    expect(res.statusCode).toBe(200);
    const team = res.json();
    expect(team.workspace).toMatchObject({ id: workspace, name: 'Acme', role: 'manager' });
    expect(
      team.members.map((m: { full_name: string; role: Role; you: boolean }) => [m.full_name, m.role, m.you]),
    ).toEqual([
      ['Olga Owner', 'owner', false],
      ['Manu Manager', 'manager', true],
      ['Vera Viewer', 'viewer', false],
      ['Cleo Client', 'client', false],
    ]);
    expect(team.members[0]).toEqual({
      user_id: await userIdOf(t.app, owner),
      full_name: 'Olga Owner',
      email: owner.email,
      role: 'owner',
      joined_at: new Date(START).toISOString(),
      you: false,
    });
    expect(team.invitations).toEqual([
      {
        id: expect.any(String),
        email: 'later@example.com',
        role: 'viewer',
        sent_at: new Date(START).toISOString(),
        expires_at: new Date(Date.parse(START) + 7 * 86_400_000).toISOString(),
        invited_by: 'Olga Owner',
      },
    ]);
  });

  it('lets each role do what the policy says: viewers read the team, clients do not, only owners manage it', async () => {
    const { owner, manager, viewer, client, workspace } = await agency();
    expect((await call(t.app, viewer, 'GET', 'workspace/team/', { workspace })).statusCode).toBe(200);
    expect((await call(t.app, client, 'GET', 'workspace/team/', { workspace })).statusCode).toBe(403);
    expect((await call(t.app, client, 'GET', 'workspace/', { workspace })).json()).toMatchObject({
      id: workspace,
      role: 'client',
    });
    const before = await rolesIn(workspace);
    const viewerId = await userIdOf(t.app, viewer);
    for (const member of [manager, viewer, client]) {
      const attempts = [
        await call(t.app, member, 'POST', 'workspace/invitations/', {
          workspace,
          payload: { email: 'new@example.com', role: 'viewer' },
        }),
        await call(t.app, member, 'PATCH', `workspace/members/${viewerId}/`, { workspace, payload: { role: 'owner' } }),
        await call(t.app, member, 'DELETE', `workspace/members/${await userIdOf(t.app, owner)}/`, { workspace }),
        await call(t.app, member, 'POST', 'workspace/transfer/', {
          workspace,
          payload: { user_id: await userIdOf(t.app, member) },
        }),
      ];
      for (const res of attempts) {
        expect({ status: res.statusCode, detail: res.json().detail }).toEqual({
          status: 403,
          detail: WORKSPACE_MESSAGES.notAllowed,
        });
      }
    }
    expect(await rolesIn(workspace)).toEqual(before);
    const invitations = await t.app.ctx.db
      .select()
      .from(workspaceInvitations)
      .where(eq(workspaceInvitations.email, 'new@example.com'));
    expect(invitations).toHaveLength(0);
  });

  it('never shows or changes another workspace’s team: 404 for a workspace the caller is not in', async () => {
    const { workspace, viewer } = await agency();
    const stranger = await signUp(t.app);
    const before = await rolesIn(workspace);
    const viewerId = await userIdOf(t.app, viewer);
    for (const res of [
      await call(t.app, stranger, 'GET', 'workspace/team/', { workspace }),
      await call(t.app, stranger, 'PATCH', `workspace/members/${viewerId}/`, {
        workspace,
        payload: { role: 'client' },
      }),
      await call(t.app, stranger, 'DELETE', `workspace/members/${viewerId}/`, { workspace }),
      await call(t.app, stranger, 'POST', 'workspace/leave/', { workspace }),
    ]) {
      expect({ status: res.statusCode, detail: res.json().detail }).toEqual({
        status: 404,
        detail: WORKSPACE_MESSAGES.notFound,
      });
    }
    expect(await rolesIn(workspace)).toEqual(before);
  });

  it('changes roles (owner), refuses a role that does not exist and a non-member, and keeps the last owner', async () => {
    const { owner, viewer, workspace } = await agency();
    const viewerId = await userIdOf(t.app, viewer);
    const ownerId = await userIdOf(t.app, owner);
    const ok = await call(t.app, owner, 'PATCH', `workspace/members/${viewerId}/`, {
      workspace,
      payload: { role: ' manager ' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ user_id: viewerId, role: 'manager', full_name: 'Vera Viewer', you: false });

    const before = await rolesIn(workspace);
    const badRole = await call(t.app, owner, 'PATCH', `workspace/members/${viewerId}/`, {
      workspace,
      payload: { role: 'admin' },
    });
    expect(badRole.statusCode).toBe(400);
    expect(badRole.json()).toMatchObject({ detail: WORKSPACE_MESSAGES.roleInvalid, field: 'role' });
    for (const id of [randomUUID(), 'not-a-user', await userIdOf(t.app, await signUp(t.app))]) {
      const res = await call(t.app, owner, 'PATCH', `workspace/members/${id}/`, {
        workspace,
        payload: { role: 'viewer' },
      });
      expect({ id, status: res.statusCode, detail: res.json().detail }).toEqual({
        id,
        status: 404,
        detail: WORKSPACE_MESSAGES.memberNotFound,
      });
    }
    const demoteSelf = await call(t.app, owner, 'PATCH', `workspace/members/${ownerId}/`, {
      workspace,
      payload: { role: 'manager' },
    });
    expect(demoteSelf.statusCode).toBe(409);
    expect(demoteSelf.json().detail).toBe(WORKSPACE_MESSAGES.lastOwner);
    expect(await rolesIn(workspace)).toEqual(before);

    // With a second owner, the first may step down.
    expect(
      (await call(t.app, owner, 'PATCH', `workspace/members/${viewerId}/`, { workspace, payload: { role: 'owner' } }))
        .statusCode,
    ).toBe(200);
    const stepDown = await call(t.app, owner, 'PATCH', `workspace/members/${ownerId}/`, {
      workspace,
      payload: { role: 'viewer' },
    });
    expect(stepDown.json()).toMatchObject({ role: 'viewer', you: true });
  });

  it('removes a member (owner), who then cannot reach the workspace; the last owner cannot be removed', async () => {
    const { owner, viewer, workspace } = await agency();
    const viewerId = await userIdOf(t.app, viewer);
    const removed = await call(t.app, owner, 'DELETE', `workspace/members/${viewerId}/`, { workspace });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ removed: true, user_id: viewerId });
    expect((await call(t.app, viewer, 'GET', 'workspace/', { workspace })).statusCode).toBe(404);
    // Their list falls back to their personal workspace as the current one.
    const list = (await call(t.app, viewer, 'GET', 'workspaces/')).json();
    expect(list).toEqual([expect.objectContaining({ id: await personalWorkspaceOf(t.app, viewer), current: true })]);
    expect((await call(t.app, owner, 'DELETE', `workspace/members/${viewerId}/`, { workspace })).statusCode).toBe(404);

    const before = await rolesIn(workspace);
    const self = await call(t.app, owner, 'DELETE', `workspace/members/${await userIdOf(t.app, owner)}/`, {
      workspace,
    });
    expect(self.statusCode).toBe(409);
    expect(self.json().detail).toBe(WORKSPACE_MESSAGES.lastOwner);
    expect(await rolesIn(workspace)).toEqual(before);
  });

  it('lets any member leave, and a member remove themselves, but not the last owner', async () => {
    const { owner, viewer, client, workspace } = await agency();
    const left = await call(t.app, client, 'POST', 'workspace/leave/', { workspace });
    expect(left.statusCode).toBe(200);
    expect(left.json()).toEqual({ left: true, id: workspace });
    const viewerId = await userIdOf(t.app, viewer);
    expect((await call(t.app, viewer, 'DELETE', `workspace/members/${viewerId}/`, { workspace })).json()).toEqual({
      removed: true,
      user_id: viewerId,
    });

    const before = await rolesIn(workspace);
    const last = await call(t.app, owner, 'POST', 'workspace/leave/', { workspace });
    expect(last.statusCode).toBe(409);
    expect(last.json().detail).toBe(WORKSPACE_MESSAGES.lastOwner);
    expect(await rolesIn(workspace)).toEqual(before);
  });

  it('never lets anyone out of their own personal workspace', async () => {
    const owner = await signUp(t.app);
    const personal = await personalWorkspaceOf(t.app, owner);
    const partner = await joinAs(t.app, owner, personal, 'owner', 'Pat Partner');
    const before = await rolesIn(personal);
    const leave = await call(t.app, owner, 'POST', 'workspace/leave/', { workspace: personal });
    expect(leave.statusCode).toBe(409);
    expect(leave.json().detail).toBe(WORKSPACE_MESSAGES.personalCannotBeDeleted);
    const removed = await call(t.app, partner, 'DELETE', `workspace/members/${await userIdOf(t.app, owner)}/`, {
      workspace: personal,
    });
    expect(removed.statusCode).toBe(409);
    expect(removed.json().detail).toBe(WORKSPACE_MESSAGES.personalOwnerStays);
    expect(await rolesIn(personal)).toEqual(before);
    // The partner may leave it.
    expect((await call(t.app, partner, 'POST', 'workspace/leave/', { workspace: personal })).statusCode).toBe(200);
  });

  it('transfers ownership to a member: they become owner, the caller a manager', async () => {
    const { owner, viewer, workspace } = await agency();
    const viewerId = await userIdOf(t.app, viewer);
    const ownerId = await userIdOf(t.app, owner);
    const before = await rolesIn(workspace);

    const toSelf = await call(t.app, owner, 'POST', 'workspace/transfer/', {
      workspace,
      payload: { user_id: ownerId },
    });
    expect(toSelf.statusCode).toBe(400);
    expect(toSelf.json().detail).toBe(WORKSPACE_MESSAGES.transferToSelf);
    for (const user_id of [randomUUID(), await userIdOf(t.app, await signUp(t.app))]) {
      const res = await call(t.app, owner, 'POST', 'workspace/transfer/', { workspace, payload: { user_id } });
      expect({ status: res.statusCode, detail: res.json().detail }).toEqual({
        status: 404,
        detail: WORKSPACE_MESSAGES.memberNotFound,
      });
    }
    const malformed = await call(t.app, owner, 'POST', 'workspace/transfer/', {
      workspace,
      payload: { user_id: 'vera' },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().detail).toBe(WORKSPACE_MESSAGES.pickMember);
    expect(await rolesIn(workspace)).toEqual(before);

    const res = await call(t.app, owner, 'POST', 'workspace/transfer/', { workspace, payload: { user_id: viewerId } });
    expect(res.statusCode).toBe(200);
    const team = res.json();
    expect(team.workspace.role).toBe('manager');
    const roleOf = (id: string) => team.members.find((m: { user_id: string }) => m.user_id === id).role;
    expect([roleOf(viewerId), roleOf(ownerId)]).toEqual(['owner', 'manager']);
    // The former owner may no longer rename; the new one may.
    expect((await call(t.app, owner, 'PATCH', 'workspace/', { workspace, payload: { name: 'Nope' } })).statusCode).toBe(
      403,
    );
    expect(
      (await call(t.app, viewer, 'PATCH', 'workspace/', { workspace, payload: { name: 'Acme 2' } })).statusCode,
    ).toBe(200);
  });

  it('keeps an owner when the last two owners leave at the same time', async () => {
    const owner = await signUp(t.app);
    const workspace = await createWorkspace(t.app, owner, 'Shared');
    const second = await joinAs(t.app, owner, workspace, 'owner', 'Second Owner');
    const results = await Promise.all([
      call(t.app, owner, 'POST', 'workspace/leave/', { workspace }),
      call(t.app, second, 'POST', 'workspace/leave/', { workspace }),
    ]);
    expect(results.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    const owners = await t.app.ctx.db
      .select()
      .from(workspaceMembers)
      .where(and(eq(workspaceMembers.workspaceId, workspace), eq(workspaceMembers.role, 'owner')));
    expect(owners).toHaveLength(1);
  });

  it('needs a session and a UUID for every path id', async () => {
    const { owner, workspace } = await agency();
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/workspace/team/', headers: { 'x-workspace-id': workspace } }))
        .statusCode,
    ).toBe(401);
    const anon: TestUser = { ...owner, auth: { authorization: 'Bearer nope' } };
    expect((await call(t.app, anon, 'POST', 'workspace/leave/', { workspace })).statusCode).toBe(401);
    const res = await call(t.app, owner, 'DELETE', 'workspace/members/1%27%20or%201=1/', { workspace });
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toBe(WORKSPACE_MESSAGES.memberNotFound);
  });
});
